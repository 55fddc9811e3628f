import { ArrowLeft, MailCheck, RefreshCw } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { AdminOrderLine } from "#server/modules/orders/admin/schemas.ts";
import type { VerifyAllResult } from "#server/modules/payments/schemas.ts";
import { formatDateTime } from "#app/components/admin/orders/format.ts";
import { OrderLink } from "#app/components/admin/order/OrderLink.tsx";
import { ReturnsOpenList } from "#app/components/admin/order/ReturnsOpenList.tsx";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { PaymentStatusBadge } from "#app/components/admin/payment-status.tsx";
import { PAYMENT_TEXT, type PaymentIntent, paymentAction } from "#app/components/admin/payments/actions.ts";
import { PaymentRowActions, usePaymentIntent } from "#app/components/admin/payments/PaymentRowActions.tsx";
import { InvoiceFailures } from "#app/components/admin/payments/InvoiceFailures.tsx";
import { PaymentExceptions } from "#app/components/admin/payments/PaymentExceptions.tsx";
import { loadExceptionsPage } from "#app/components/admin/payments/exceptions.server.ts";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { buttonClass, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/payment-status";
import { adminOrdersQuery } from "./queries.server.ts";
import type { loader as adminLayoutLoader } from "./layout.tsx";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Status dos Pagamentos");

/** Payments page size (spec: 10 a page). */
const PAGE_SIZE = 10;

/** /payment-status?page=N: a page of order lines (GET /api/orders). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = { ...searchQuery(request, adminOrdersQuery), limit: PAGE_SIZE };
  const [payments, exceptions, invoiceFailures, openReturns] = await Promise.all([
    load(() => servicesOf(context).adminOrders.listLines(query)),
    loadExceptionsPage(context, request),
    // 'Faturas com erro': the same read as GET /api/invoices/failures.
    load(() => servicesOf(context).invoicing.failures()),
    // 'Devoluções por tratar': the same read as GET /api/returns/open.
    load(() => servicesOf(context).returnsAdmin.openReturns()),
  ]);
  return { page: query.page, payments, exceptions, invoiceFailures, openReturns };
}

/** Verify one or all payments, simulate a sandbox payment, resend a confirmation (components/admin/payments/actions.ts). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return paymentAction(await submission<PaymentIntent>(request));
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar dados dos pagamentos");

const COLUMNS: AdminColumn<AdminOrderLine>[] = [
  {
    id: "order",
    header: "Pedido",
    width: "w-[11%]",
    className: "font-medium tabular-nums",
    inCardTitle: true,
    cell: (line) => <OrderLink line={line}>{line.payment_reference || "N/A"}</OrderLink>,
  },
  {
    id: "user",
    header: "Utilizador",
    width: "w-[15%]",
    cell: (line) => (
      <>
        {line.cliente_nome || `ID ${line.user_id}`}
        {line.cliente_nome ? <span className="block text-xs text-gray-700">ID {line.user_id}</span> : null}
      </>
    ),
  },
  {
    id: "product",
    header: "Produto",
    width: "w-[16%]",
    cell: (line) => (
      <>
        <span className="block tabular-nums">#{line.product_id}</span>
        {line.product_name ? <span className="block text-xs text-gray-700">{line.product_name}</span> : null}
      </>
    ),
  },
  {
    id: "quantity",
    header: "Quantidade",
    width: "w-[11%]",
    className: "tabular-nums",
    cell: (line) => line.quantity,
  },
  {
    id: "status",
    header: "Status",
    width: "w-[13%]",
    cell: (line) => (
      <>
        <PaymentStatusBadge status={line.payment_status} />
        {line.paymentConfirmed ? (
          <span className="mt-1 flex items-start gap-1 text-xs text-green-800">
            <MailCheck aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span>Confirmado{line.confirmedAt ? ` em ${formatDateTime(line.confirmedAt)}` : ""}</span>
          </span>
        ) : null}
      </>
    ),
  },
  { id: "date", header: "Data", width: "w-[12%]", cell: (line) => formatDateTime(line.created_at) },
];

/** The spec's 'Verificar Todos': the results go to the browser console. */
function logResults(result: { data: unknown }) {
  console.log(
    "Resultados da verificação de pagamentos:",
    (result.data as { resultados?: VerifyAllResult[] }).resultados,
  );
}

/** /payment-status 'Status dos Pagamentos': each order line's payment, verified with the gateway on demand. */
export default function Page({
  loaderData: { page, payments, exceptions, invoiceFailures, openReturns },
}: Route.ComponentProps) {
  const pending = useScreenPending();
  const verifyAll = usePaymentIntent(PAYMENT_TEXT.verifyAllFailed, logResults);
  const sandbox = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.paymentProvider === "sandbox";

  return (
    <div>
      <PageHeader
        title="Status dos Pagamentos"
        description="Verifique o estado dos pagamentos junto do operador e envie as confirmações."
        actions={
          <>
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => verifyAll.submit({ intent: "verify-all" })}
              disabled={verifyAll.busy}
            >
              <RefreshCw aria-hidden="true" className={`size-4 ${verifyAll.busy ? "animate-spin" : ""}`} />
              {verifyAll.busy ? "A verificar..." : "Verificar Todos"}
            </button>
            <Link to="/dashboard" className={buttonClass.secondary}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Voltar
            </Link>
          </>
        }
      />

      <PaymentExceptions exceptions={exceptions} />
      <InvoiceFailures failures={invoiceFailures} />
      <ReturnsOpenList data={openReturns} />

      <h2 className="mb-3 text-lg font-semibold text-gray-900">Pagamentos</h2>
      {payments.items.length === 0 ? (
        <EmptyState message="Nenhum pagamento encontrado." />
      ) : (
        <>
          <ResponsiveTable
            label="Pagamentos"
            rows={payments.items}
            rowKey={(line) => `${line.id}-${line.line_id}`}
            busy={pending}
            columns={COLUMNS}
            cardTitle={(line) => (
              <>
                <h2 className="text-base font-semibold text-gray-900 tabular-nums">
                  <OrderLink line={line}>Pedido {line.payment_reference || "N/A"}</OrderLink>
                </h2>
                <PaymentStatusBadge status={line.payment_status} />
              </>
            )}
            actionsWidth="w-[22%]"
            actions={(line) => <PaymentRowActions line={line} sandbox={sandbox} />}
          />
          <Pagination page={page} pageSize={PAGE_SIZE} total={payments.total} label="Paginação dos pagamentos" />
        </>
      )}
    </div>
  );
}
