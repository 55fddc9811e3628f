/** A variant's stock movements (GET /api/stock/variant/{id}/movements), newest first. */
import { useEffect } from "react";
import { EmptyState, ErrorPanel, LoadingState, useApiData } from "../ui.tsx";
import type { StockMovement } from "./types.ts";

export function StockHistory({ variantId, refreshKey = 0 }: { variantId: number; refreshKey?: number }) {
  const { data, error, loading, reload } = useApiData<StockMovement[]>(
    `/api/stock/variant/${variantId}/movements`,
    "Erro ao carregar o histórico de stock",
  );

  // A stock change elsewhere on the page (refreshKey) reloads the list.
  useEffect(() => {
    if (refreshKey > 0) void reload();
  }, [refreshKey, reload]);

  if (loading && !data) return <LoadingState label="Carregando histórico..." />;
  if (error && !data) return <ErrorPanel message={error} onRetry={() => void reload()} />;
  if (!data || data.length === 0) return <EmptyState message="Sem movimentos de stock para esta variante." />;

  return (
    <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" aria-busy={loading}>
      {data.map((m) => {
        const delta = m.stockAfter - m.stockBefore;
        return (
          <li key={m.id} className="flex flex-col gap-1 px-4 py-3 text-sm text-gray-900">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <time dateTime={m.createdAt} className="font-medium text-gray-800">
                {new Date(m.createdAt).toLocaleString("pt-PT")}
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
