/**
 * 'Devoluções por tratar' on /payment-status: returns asked and not yet received, or received and not yet refunded,
 * oldest first, each linked to its order page (where they are handled). Hidden when there are none.
 */
import { RotateCcw } from "lucide-react";
import type { OpenReturnsList } from "#server/modules/aftersale/returns/admin-schemas.ts";
import { formatEuros, formatShopDateTime } from "#app/lib/format.ts";
import { Badge } from "#app/components/admin/ui.tsx";
import { OrderLink } from "./OrderLink.tsx";

export function ReturnsOpenList({ data }: { data: OpenReturnsList }) {
  if (data.returns.length === 0) return null;
  return (
    <section aria-labelledby="devolucoes-por-tratar" className="mb-8">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="devolucoes-por-tratar" className="text-lg font-semibold text-gray-900">
          Devoluções por tratar
        </h2>
        <Badge className="bg-yellow-100 text-yellow-900">
          <RotateCcw aria-hidden="true" className="mr-1 size-3.5" />
          {data.returns.length}
        </Badge>
      </div>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white shadow-sm">
        {data.returns.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="min-w-0 break-words text-gray-900">
              Devolução #{r.id} da <OrderLink line={{ id: r.order_id }}>encomenda #{r.order_id}</OrderLink> ·{" "}
              {r.customer} · {formatEuros(r.refund)}
            </p>
            <p className="flex shrink-0 items-center gap-2 text-gray-700">
              <Badge
                className={r.status === "requested" ? "bg-yellow-100 text-yellow-900" : "bg-blue-100 text-blue-900"}
              >
                {r.status_label}
              </Badge>
              {formatShopDateTime(r.requested_at)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
