import { lazy, Suspense, useId } from "react";
import { data, Link, useSearchParams } from "react-router";
import type { AdminOrderLine, OrdersPerDay } from "#server/modules/orders/admin/schemas.ts";
import { customerText, formatDateTime } from "#app/components/admin/orders/format.ts";
import { FILTER_FIELDS, type FilterValues, OrderFilters } from "#app/components/admin/orders/OrderFilters.tsx";
import { OrderStatusBadge } from "#app/components/admin/orders/OrderStatusBadge.tsx";
import { formatEuros } from "#app/lib/format.ts";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { screenErrorBoundary } from "#app/components/admin/route-data.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { EmptyState, inputClass, labelClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { useHydrated } from "#app/lib/storage.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/orders";
import { adminOrdersQuery, ORDER_STATUS_LABELS, porTempoQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Relatório Geral");

const PAGE_SIZE = 50;
const RANGES = [7, 30, 90] as const;

// recharts measures the DOM: it is loaded (its own chunk) and rendered in the browser only.
const OrdersChart = lazy(() => import("#app/components/admin/orders/OrdersChart.tsx"));

/**
 * /orders?page=N&days=D&search=…&order_status=…&method=…&from=…&to=…: a page of the filtered order lines
 * (GET /api/orders) and the orders per day (GET /api/orders/por-tempo). Status labels come from the server
 * (timeline.ts), so the browser bundle does not carry the timeline module.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { adminOrders } = servicesOf(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { days } = searchQuery(request, porTempoQuery);
  const perDay = load(() => adminOrders.perDay(days));
  const parsed = adminOrdersQuery.safeParse(params);
  if (!parsed.success) {
    // A filter the API refuses (dates reversed, a hand-edited URL): the same pt-PT message, shown above the
    // form with what was typed, so it can be corrected there; the answer is a 400 and lists nothing.
    const filters: FilterValues = Object.fromEntries(FILTER_FIELDS.map((f) => [f, params[f]]));
    const body = {
      page: 1,
      orders: { items: [], total: 0 },
      days,
      perDay: await perDay,
      filters,
      filterError: parsed.error.issues[0]?.message ?? "Filtro inválido.",
      statusLabels: ORDER_STATUS_LABELS,
    };
    return data(body, { status: 400 });
  }
  const query = { ...parsed.data, limit: PAGE_SIZE };
  const [orders, points] = await Promise.all([load(() => adminOrders.listLines(query)), perDay]);
  const filters: FilterValues = Object.fromEntries(FILTER_FIELDS.map((f) => [f, query[f]]));
  return {
    page: query.page,
    orders,
    days,
    perDay: points,
    filters,
    filterError: null,
    statusLabels: ORDER_STATUS_LABELS,
  };
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar os pedidos");

function OrdersPerDayPanel({ days, points }: { days: number; points: OrdersPerDay }) {
  const rangeId = useId();
  const titleId = useId();
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const total = points.reduce((sum, p) => sum + p.total_pedidos, 0);

  const chooseDays = (value: string) =>
    setSearchParams(
      (params) => {
        params.set("days", value);
        return params;
      },
      { preventScrollReset: true, replace: true },
    );

  return (
    <Panel className="mb-6">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            Pedidos por Dia
          </h2>
          <p className="min-h-5 text-sm text-gray-700" aria-live="polite">
            {`${total} pedido(s) nos últimos ${days} dias`}
          </p>
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor={rangeId} className={labelClass}>
            Período
          </label>
          <select id={rangeId} value={days} onChange={(e) => chooseDays(e.target.value)} className={inputClass}>
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
        {hydrated ? (
          <Suspense fallback={null}>
            <OrdersChart data={points} />
          </Suspense>
        ) : null}
      </figure>
    </Panel>
  );
}

type StatusLabels = Record<AdminOrderLine["order_status"], string>;

/** The order's number as the spec shows it (payment reference, else id), linking to its page. */
const orderLink = (line: AdminOrderLine) => (
  <Link to={`/orders/${line.id}`} className="text-brand-700 underline-offset-2 hover:underline">
    {line.payment_reference || line.id}
  </Link>
);

const orderColumns = (labels: StatusLabels): AdminColumn<AdminOrderLine>[] => [
  {
    id: "order",
    header: "Pedido",
    width: "w-[15%]",
    className: "font-medium tabular-nums",
    inCardTitle: true,
    cell: orderLink,
  },
  { id: "customer", header: "Cliente", width: "w-[17%]", cell: customerText },
  {
    id: "product",
    header: "Produto",
    width: "w-[18%]",
    cell: (line) => (
      <>
        <span className="tabular-nums">#{line.product_id}</span>
        {line.product_name ? <span className="text-gray-700"> · {line.product_name}</span> : null}
      </>
    ),
  },
  { id: "quantity", header: "Quantidade", width: "w-[12%]", className: "tabular-nums", cell: (line) => line.quantity },
  {
    id: "amount",
    header: "Valor",
    width: "w-[11%]",
    className: "tabular-nums whitespace-nowrap",
    cell: (line) => formatEuros(line.amount),
  },
  {
    id: "status",
    header: "Estado",
    width: "w-[13%]",
    cell: (line) => <OrderStatusBadge status={line.order_status} label={labels[line.order_status]} />,
  },
  { id: "date", header: "Data", width: "w-[14%]", cell: (line) => formatDateTime(line.created_at) },
];

/** /orders 'Relatório Geral': the orders per day and the filtered order lines, 50 a page. */
export default function Page({
  loaderData: { page, orders, days, perDay, filters, filterError, statusLabels },
}: Route.ComponentProps) {
  const pending = useScreenPending();
  const statuses = Object.entries(statusLabels) as Array<[keyof StatusLabels, string]>;

  return (
    <div>
      <PageHeader title="Relatório Geral" description="Pedidos da loja e a sua evolução diária." />

      <OrdersPerDayPanel days={days} points={perDay} />

      <Panel title="Pedidos">
        <OrderFilters values={filters} statuses={statuses} />
        {filterError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {filterError}
          </p>
        ) : orders.items.length === 0 ? (
          <EmptyState message="Nenhum pedido encontrado." />
        ) : (
          <>
            <ResponsiveTable
              label="Pedidos"
              rows={orders.items}
              rowKey={(line) => `${line.id}-${line.line_id}`}
              busy={pending}
              columns={orderColumns(statusLabels)}
              tableFrom="xl"
              cardTitle={(line) => (
                <h3 className="text-base font-semibold text-gray-900 tabular-nums">Pedido {orderLink(line)}</h3>
              )}
            />
            <Pagination page={page} pageSize={PAGE_SIZE} total={orders.total} label="Paginação dos pedidos" />
          </>
        )}
      </Panel>
    </div>
  );
}
