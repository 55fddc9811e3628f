/** A variant's stock movements (GET /api/stock/variant/{id}/movements, read by the screen's loader), newest first. */
import type { StockMovement } from "#server/modules/inventory/schemas.ts";
import { formatShopDateTime } from "#app/lib/format.ts";
import { EmptyState } from "#app/components/admin/ui.tsx";

export function StockHistory({ movements, busy = false }: { movements: StockMovement[]; busy?: boolean }) {
  if (movements.length === 0) return <EmptyState message="Sem movimentos de stock para esta variante." />;

  return (
    <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" aria-busy={busy}>
      {movements.map((m) => {
        const delta = m.stockAfter - m.stockBefore;
        return (
          <li key={m.id} className="flex flex-col gap-1 px-4 py-3 text-sm text-gray-900">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <time dateTime={m.createdAt} className="font-medium text-gray-800">
                {formatShopDateTime(m.createdAt)}
              </time>
              <span className="inline-flex items-center gap-1 font-semibold tabular-nums">
                {m.stockBefore}
                <span aria-hidden="true" className="text-gray-700">
                  →
                </span>
                <span className="sr-only">para</span>
                {m.stockAfter}
              </span>
              <span
                className={`text-xs font-semibold ${delta > 0 ? "text-green-800" : delta < 0 ? "text-red-800" : "text-gray-700"}`}
              >
                ({delta > 0 ? `+${delta}` : delta})
              </span>
            </div>
            <p>
              <span className="text-gray-700">Motivo: </span>
              {m.reason || "—"}
            </p>
            {m.notes ? (
              <p>
                <span className="text-gray-700">Notas: </span>
                {m.notes}
              </p>
            ) : null}
            <p className="text-gray-700">
              Por: <span className="text-gray-900">{m.actor?.name ?? "Sistema"}</span>
              {m.orderId !== null ? <> · Encomenda #{m.orderId}</> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
