import { RefreshCw, ShieldCheck } from "lucide-react";
import { useFetcher, useLocation, useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { AdminOrderLine } from "#server/modules/orders/admin/schemas.ts";
import { formatDateTime } from "#app/components/admin/orders/format.ts";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { OrderLink } from "#app/components/admin/order/OrderLink.tsx";
import { PaymentStatusBadge } from "#app/components/admin/payment-status.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { type ActionResult, useFetcherToast } from "#app/components/admin/route-data.tsx";
import { buttonClass, EmptyState, focusRing } from "#app/components/admin/ui.tsx";
import { CustomerDialog, type CustomerOrder } from "./CustomerDialog.tsx";

/** One page of GET /api/orders (the dashboard's loader) and its total. */
export interface PaymentsPage {
  items: AdminOrderLine[];
  total: number;
  page: number;
  pageSize: number;
}

/** The search params of /dashboard's payments: the page, and the order whose customer the modal shows. */
export const PAYMENTS_PAGE_PARAM = "paymentsPage";
export const CUSTOMER_PARAM = "customerOrder";

/**
 * The 'Status Pagamentos' section of /dashboard: 10 lines per page, 'Verificar Todos' (the
 * dashboard's clientAction, intent "verify-all"), 'Atualizar', and the customer-data modal, which
 * the order's customer name opens.
 */
export function PaymentsPanel({ payments, customer }: { payments: PaymentsPage; customer: CustomerOrder | null }) {
  const verifier = useFetcher<ActionResult>();
  useFetcherToast(verifier, {
    success: "Verificação concluída! Verifique os resultados no console.",
    failure: "Erro ao verificar pagamentos",
  });
  const revalidator = useRevalidator();
  const loading = useScreenPending() || revalidator.state === "loading";
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // The modal follows the URL being loaded, so it opens (and closes) at once on a click.
  const wanted =
    navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search) : searchParams;
  const customerOrder = wanted.get(CUSTOMER_PARAM);
  const showCustomer = (orderId: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (orderId === null) next.delete(CUSTOMER_PARAM);
    else next.set(CUSTOMER_PARAM, String(orderId));
    void navigate({ search: next.size ? `?${next}` : "" }, { replace: true, preventScrollReset: true });
  };

  const rows = payments.items;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass.success}
          onClick={() =>
            void verifier.submit({ intent: "verify-all" }, { method: "post", encType: "application/json" })
          }
          disabled={verifier.state !== "idle"}
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          {verifier.state !== "idle" ? "Verificando..." : "Verificar Todos"}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void revalidator.revalidate()}
          disabled={loading}
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${loading ? "animate-spin" : ""}`} />
          Atualizar
        </button>
        <p className="text-sm text-gray-700">
          {payments.total} {payments.total === 1 ? "linha de pedido" : "linhas de pedido"}
        </p>
      </div>

      {rows.length === 0 ? (
        <EmptyState message="Nenhum pagamento encontrado." />
      ) : (
        <ResponsiveTable
          label="Pagamentos"
          rows={rows}
          rowKey={(line) => `${line.id}-${line.line_id}`}
          busy={loading}
          tableFrom="xl"
          cardTitle={(line) => (
            <>
              <h3 className="font-mono text-base font-semibold text-gray-900">
                <OrderLink line={line}>Pedido {line.payment_reference || line.id}</OrderLink>
              </h3>
              <PaymentStatusBadge status={line.payment_status} />
            </>
          )}
          columns={[
            {
              id: "order",
              header: "Pedido",
              width: "w-[15%]",
              className: "font-mono",
              inCardTitle: true,
              cell: (line) => <OrderLink line={line}>{line.payment_reference || line.id}</OrderLink>,
            },
            {
              id: "customer",
              header: "Cliente",
              width: "w-[27%]",
              cell: (line) => (
                <>
                  <button
                    type="button"
                    onClick={() => showCustomer(line.id)}
                    className={`${focusRing} rounded text-left font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900`}
                  >
                    {line.cliente_nome || `Utilizador #${line.user_id}`}
                    <span className="sr-only"> (ver dados do cliente do pedido {line.id})</span>
                  </button>
                  {line.cliente_email ? (
                    <span className="block text-xs break-all text-gray-700">{line.cliente_email}</span>
                  ) : null}
                </>
              ),
            },
            { id: "product", header: "Produto", width: "w-[22%]", cell: (line) => line.product_name },
            {
              id: "quantity",
              header: "Quantidade",
              width: "w-[11%]",
              className: "tabular-nums",
              cell: (line) => line.quantity,
            },
            {
              id: "status",
              header: "Estado",
              width: "w-[11%]",
              cell: (line) => <PaymentStatusBadge status={line.payment_status} />,
            },
            {
              id: "date",
              header: "Data",
              width: "w-[14%]",
              cell: (line) => formatDateTime(line.created_at),
            },
          ]}
        />
      )}

      <Pagination
        page={payments.page}
        pageSize={payments.pageSize}
        total={payments.total}
        label="Paginação dos pagamentos"
        param={PAYMENTS_PAGE_PARAM}
      />

      <CustomerDialog
        orderId={customerOrder}
        customer={customer}
        loading={loading}
        onClose={() => showCustomer(null)}
        onRetry={() => void revalidator.revalidate()}
      />
    </div>
  );
}
