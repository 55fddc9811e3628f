import type { MyOrderDetail } from "#server/flows/order-views/schemas.ts";
import { formatEuros } from "#app/lib/format.ts";
import { VatBreakdownTable } from "#app/components/orders/VatBreakdownTable.tsx";

/** The order's lines and its totals with delivery (/conta/encomendas/:id): a list, so nothing scrolls sideways. */
export function OrderLines({ order }: { order: MyOrderDetail }) {
  return (
    <>
      <ul className="mt-4 divide-y divide-gray-100 border-y border-gray-100">
        {order.lines.map((line, i) => {
          const variant = [line.color && `Cor: ${line.color}`, line.size && `Tamanho: ${line.size}`].filter(Boolean);
          return (
            <li key={`${line.product_id}-${i}`} className="flex items-start justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">{line.name}</p>
                {variant.length > 0 ? <p className="text-sm text-gray-600">{variant.join(" · ")}</p> : null}
                <p className="text-sm text-gray-600 tabular-nums">
                  {line.quantity} × {formatEuros(line.unit_price)}
                </p>
              </div>
              <p className="shrink-0 font-medium text-gray-900 tabular-nums">{formatEuros(line.line_total)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-gray-600">Subtotal</dt>
          <dd className="text-gray-900 tabular-nums">{formatEuros(order.subtotal)}</dd>
        </div>
        {order.desconto > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">
              Desconto{order.codigo_desconto ? ` (código ${order.codigo_desconto})` : ""}
            </dt>
            <dd className="text-green-700 tabular-nums">−{formatEuros(order.desconto)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-gray-600">Portes{order.dados_entrega.entrega_rapida ? " (entrega rápida)" : ""}</dt>
          <dd className="text-gray-900 tabular-nums">{formatEuros(order.portes)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold">
          <dt className="text-gray-900">Total</dt>
          <dd className="text-gray-900 tabular-nums">{formatEuros(order.total)}</dd>
        </div>
      </dl>
      <VatBreakdownTable iva={order.iva} className="mt-4" />
    </>
  );
}
