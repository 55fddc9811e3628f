import { AlertCircle, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { formatEuros } from "#app/lib/format.ts";
import type { StoredCartLine } from "#app/lib/storage.ts";
import type { CartCheckLine } from "#server/modules/orders/schemas.ts";
import type { LineDiscount } from "./quote.ts";
import { lineKey, lineTotalCents, removeLine, toCents } from "./cart-lines.ts";
import { QuantityControl } from "./QuantityControl.tsx";

function Variant({ line }: { line: StoredCartLine }) {
  const parts = [line.cor && `Cor: ${line.cor}`, line.tamanho && `Tamanho: ${line.tamanho}`].filter(Boolean);
  return parts.length ? <p className="mt-0.5 text-sm text-gray-600">{parts.join(" · ")}</p> : null;
}

/** The line's total: with a discount (quoted by the server), the list total struck through, what is paid and the %. */
function LineTotal({ line, discount }: { line: StoredCartLine; discount?: LineDiscount | null }) {
  if (!discount) return <>{formatEuros(lineTotalCents(line) / 100)}</>;
  const listCents = toCents(discount.unitList) * line.quantidade;
  const paidCents = listCents - toCents(discount.discount);
  const percent = Math.round(((listCents - paidCents) * 100) / listCents);
  return (
    <span className="inline-flex flex-col items-end leading-tight">
      <del className="text-xs font-normal text-gray-500">
        <span className="sr-only">Preço anterior: </span>
        {formatEuros(listCents / 100)}
      </del>
      <span className="text-red-700">
        <span className="sr-only">Preço com desconto: </span>
        {formatEuros(paidCents / 100)}
      </span>
      <span className="mt-0.5 rounded bg-red-600 px-1 text-[0.7rem] font-bold text-white">
        <span aria-hidden="true">-{percent}&nbsp;%</span>
        <span className="sr-only">(desconto de {percent}&nbsp;%)</span>
      </span>
    </span>
  );
}

/**
 * Cart /carrinho: one article (picture, name, colour and size, unit price, quantity, line total, remove),
 * with the reason it cannot be bought when the cart check found one. A grid row from `sm`, stacked below.
 */
export function CartLineRow({
  line,
  problem,
  discount,
}: {
  line: StoredCartLine;
  problem?: CartCheckLine;
  /** The line's discount as the server quoted it (automatic reduction and the code's share), or none. */
  discount?: LineDiscount | null;
}) {
  const href = `/produto/${line.id}`;
  const lineTotal = <LineTotal line={line} discount={discount} />;
  const remove = (
    <button
      type="button"
      onClick={() => removeLine(lineKey(line))}
      aria-label={`Remover ${line.name} do carrinho`}
      className={`${focusRing} grid size-9 place-items-center rounded-lg text-gray-500 hover:bg-red-50 hover:text-red-600`}
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <li className="flex gap-4 py-4 sm:grid sm:grid-cols-[5rem_1fr_6rem_8.5rem_6.5rem_2.25rem] sm:items-center sm:gap-4">
      <Link to={href} className={`${focusRing} shrink-0 rounded-lg`} tabIndex={-1} aria-hidden="true">
        <CatalogImage
          file={line.image}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          className="size-20 rounded-lg bg-gray-100 object-cover"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={href}
          className={`${focusRing} rounded-sm font-medium [overflow-wrap:anywhere] text-gray-900 hover:text-brand-600`}
        >
          {line.name || `Produto ${line.id}`}
        </Link>
        <Variant line={line} />
        {problem?.message ? (
          <p className="mt-1 flex items-center gap-1 text-sm font-medium text-red-700">
            <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
            {problem.message}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-gray-600 sm:hidden">{formatEuros(line.price)} / unid.</p>
        <div className="mt-3 flex items-center justify-between gap-3 sm:hidden">
          <QuantityControl line={line} />
          <p className="font-semibold text-gray-900">{lineTotal}</p>
          {remove}
        </div>
      </div>
      <p className="hidden text-right text-sm text-gray-700 sm:block">{formatEuros(line.price)}</p>
      <div className="hidden justify-center sm:flex">
        <QuantityControl line={line} />
      </div>
      <p className="hidden text-right font-semibold text-gray-900 sm:block">{lineTotal}</p>
      <div className="hidden sm:block">{remove}</div>
    </li>
  );
}
