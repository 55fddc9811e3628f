import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Pagination, usePagedData } from "#app/components/admin/orders/paging.tsx";
import { customerText, formatDateTime, type OrderLine, type OrdersPerDay } from "#app/components/admin/orders/types.ts";
import {
  EmptyState,
  ErrorPanel,
  inputClass,
  labelClass,
  LoadingState,
  PageHeader,
  Panel,
} from "#app/components/admin/ui.tsx";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { apiGet } from "#app/lib/api.ts";
import type { Route } from "./+types/orders";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Relatório Geral | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 50;
const RANGES = [7, 30, 90] as const;
const DEFAULT_RANGE = 30;

// recharts measures the DOM: it is loaded (its own chunk) and rendered in the browser only.
const OrdersChart = lazy(() => import("#app/components/admin/orders/OrdersChart.tsx"));

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function OrdersPerDayPanel() {
  const rangeId = useId();
  const titleId = useId();
  const mounted = useMounted();
  const [days, setDays] = useState<number>(DEFAULT_RANGE);
  const [points, setPoints] = useState<OrdersPerDay[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiGet<OrdersPerDay[]>(`/api/orders/por-tempo?days=${days}`)
      .then((response) => {
        if (cancelled) return;
        if (response.ok && Array.isArray(response.data)) setPoints(response.data);
        else console.error("Erro ao carregar pedidos por dia", response.status, response.data);
      })
      .catch((error: unknown) => {
        if (!cancelled) console.error("Erro ao carregar pedidos por dia", error);
      });
    return () => {
      cancelled = true;
    };
  }, [days]);

  const total = points?.reduce((sum, p) => sum + p.total_pedidos, 0) ?? 0;

  return (
    <Panel className="mb-6">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            Pedidos por Dia
          </h2>
          {/* Always present (empty until loaded) so nothing moves when the numbers arrive. */}
          <p className="min-h-5 text-sm text-gray-700" aria-live="polite">
            {points ? `${total} pedido(s) nos últimos ${days} dias` : "\u00a0"}
          </p>
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor={rangeId} className={labelClass}>
            Período
          </label>
          <select id={rangeId} value={days} onChange={(e) => setDays(Number(e.target.value))} className={inputClass}>
            {RANGES.map((r) => (
              <option key={r} value={r}>
                Últimos {r} dias
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* Fixed height: the chart arrives after hydration without moving anything. */}
      <figure aria-labelledby={titleId} className="h-64 w-full sm:h-80" data-testid="orders-chart">
        {mounted && points ? (
          <Suspense fallback={null}>
            <OrdersChart data={points} />
          </Suspense>
        ) : null}
      </figure>
    </Panel>
  );
}

const ORDER_COLUMNS: AdminColumn<OrderLine>[] = [
  {
    id: "order",
    header: "Pedido",
    width: "w-[16%]",
    className: "font-medium tabular-nums",
    inCardTitle: true,
    cell: (line) => line.payment_reference || line.id,
  },
  { id: "customer", header: "Cliente", width: "w-[28%]", cell: customerText },
  {
    id: "product",
    header: "Produto",
    width: "w-[28%]",
    cell: (line) => (
      <>
        <span className="tabular-nums">#{line.product_id}</span>
        {line.product_name ? <span className="text-gray-700"> · {line.product_name}</span> : null}
      </>
    ),
  },
  { id: "quantity", header: "Quantidade", width: "w-[12%]", className: "tabular-nums", cell: (line) => line.quantity },
  { id: "date", header: "Data", width: "w-[16%]", cell: (line) => formatDateTime(line.created_at) },
];

export default function Page() {
  const [page, setPage] = useState(1);
  const orders = usePagedData<OrderLine>(`/api/orders?page=${page}&limit=${PAGE_SIZE}`, "Erro ao carregar os pedidos");

  return (
    <div>
      <PageHeader title="Relatório Geral" description="Pedidos da loja e a sua evolução diária." />

      <OrdersPerDayPanel />

      <Panel title="Pedidos">
        {orders.loading && !orders.items ? <LoadingState label="Carregando..." /> : null}
        {orders.error ? <ErrorPanel message={orders.error} onRetry={() => void orders.reload()} /> : null}
        {orders.items && orders.items.length === 0 && !orders.error ? (
          <EmptyState message="Nenhum pedido encontrado." />
        ) : null}
        {orders.items && orders.items.length > 0 ? (
          <>
            <ResponsiveTable
              label="Pedidos"
              rows={orders.items}
              rowKey={(line) => `${line.id}-${line.line_id}`}
              busy={orders.loading}
              columns={ORDER_COLUMNS}
              tableFrom="lg"
              cardTitle={(line) => (
                <h3 className="text-base font-semibold text-gray-900 tabular-nums">
                  Pedido {line.payment_reference || line.id}
                </h3>
              )}
            />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={orders.total}
              onPageChange={setPage}
              label="Paginação dos pedidos"
              disabled={orders.loading}
            />
          </>
        ) : null}
      </Panel>
    </div>
  );
}
