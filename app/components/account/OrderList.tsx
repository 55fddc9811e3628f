import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { MyOrderSummary } from "#server/modules/orders/shopper/schemas.ts";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { formatEuros } from "#app/lib/format.ts";
import { formatOrderDate, OrderStatusBadge, unitsText } from "./OrderParts.tsx";

/**
 * /conta's list of the shopper's orders: one card per order, each a link to its page. The number and the total
 * share the first line, so the date and the items keep the whole width on a phone.
 */
export function OrderList({ orders }: { orders: MyOrderSummary[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {orders.map((order) => {
        const more = order.line_count - 1;
        return (
          <li key={order.id}>
            <Link
              to={`/conta/encomendas/${order.id}`}
              className={`${focusRing} group flex items-center gap-2 rounded-xl border border-gray-200 bg-white p-4 hover:border-gray-300 hover:bg-gray-50`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold text-gray-900">Encomenda n.º {order.id}</span>
                  <span className="font-semibold text-gray-900 tabular-nums">{formatEuros(order.total)}</span>
                </div>
                <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
                  <OrderStatusBadge status={order.status} label={order.status_label} />
                  <span>
                    <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time> ·{" "}
                    {unitsText(order.item_count)}
                  </span>
                </div>
                {order.first_item ? (
                  <p className="mt-1.5 truncate text-sm text-gray-800">
                    {order.first_item}
                    {more > 0 ? <span className="text-gray-500"> e mais {more}</span> : null}
                  </p>
                ) : null}
              </div>
              <ChevronRight className="size-5 shrink-0 text-gray-400 group-hover:text-gray-600" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
