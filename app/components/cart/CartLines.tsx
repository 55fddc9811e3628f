import { Link } from "react-router";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import type { StoredCartLine } from "#app/lib/storage.ts";
import type { CartCheckLine } from "#server/modules/orders/schemas.ts";
import { lineKey } from "./cart-lines.ts";
import { CartLineRow } from "./CartLineRow.tsx";
import type { LineDiscount } from "./quote.ts";

/** The lines' place while they are read from the browser's storage. */
function LinesSkeleton() {
  return (
    <div className="space-y-3 pt-3" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="flex animate-pulse gap-4 rounded-xl border border-gray-200 p-4">
          <div className="size-20 rounded-lg bg-gray-200" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-4 w-2/3 rounded bg-gray-200" />
            <div className="h-3 w-1/3 rounded bg-gray-200" />
          </div>
        </div>
      ))}
      <span className="sr-only">A carregar o carrinho…</span>
    </div>
  );
}

/**
 * Cart /carrinho: the 'Artigos no carrinho' region (column heads, one row per line, 'Continuar a comprar').
 * `lines` is null before hydration (the cart lives in the browser): a skeleton holds the place.
 */
export function CartLines({
  lines,
  problems,
  discounts,
}: {
  lines: readonly StoredCartLine[] | null;
  problems: ReadonlyMap<string, CartCheckLine>;
  /** Each line's discount as quoted, by line key. */
  discounts?: ReadonlyMap<string, LineDiscount>;
}) {
  return (
    <section aria-label="Artigos no carrinho">
      <div
        aria-hidden="true"
        className="hidden border-b border-gray-200 pb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase sm:grid sm:grid-cols-[5rem_1fr_6rem_8.5rem_6.5rem_2.25rem] sm:gap-4"
      >
        <span>Artigo</span>
        <span />
        <span className="text-right">Preço</span>
        <span className="text-center">Quantidade</span>
        <span className="text-right">Total</span>
        <span />
      </div>
      {lines === null ? (
        <LinesSkeleton />
      ) : (
        <ul className="divide-y divide-gray-200 border-b border-gray-200">
          {lines.map((line) => (
            <CartLineRow
              key={lineKey(line)}
              line={line}
              problem={problems.get(lineKey(line))}
              discount={discounts?.get(lineKey(line))}
            />
          ))}
        </ul>
      )}
      <Link
        to="/"
        className={`${focusRing} mt-4 inline-block rounded-sm text-sm font-medium text-brand-600 hover:text-brand-700`}
      >
        ← Continuar a comprar
      </Link>
    </section>
  );
}
