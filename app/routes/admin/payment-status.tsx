import { ArrowLeft, BadgeEuro, MailCheck, RefreshCw, SearchCheck, Send } from "lucide-react";
import { useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { Pagination, usePagedData } from "#app/components/admin/orders/paging.tsx";
import { formatDateTime, type OrderDetail, type OrderLine } from "#app/components/admin/orders/types.ts";
import { PaymentStatusBadge, paymentStatusLabel } from "#app/components/admin/payment-status.tsx";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { buttonClass, EmptyState, ErrorPanel, LoadingState, PageHeader } from "#app/components/admin/ui.tsx";
import { apiGet, apiPost, messageFrom, NetworkError } from "#app/lib/api.ts";
import type { Route } from "./+types/payment-status";
import type { loader as adminLayoutLoader } from "./layout.tsx";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Status dos Pagamentos | Loja Admin" },
  { name: "robots", content: "noindex" },
];

/** Payments page size (spec section 9). */
const PAGE_SIZE = 10;
const CONNECTION_ERROR = "Erro de conexão. Verifique sua internet e tente novamente.";
const VERIFY_ALL_FAILED = "Erro ao verificar pagamentos";

interface VerifyAnswer {
  success: boolean;
  payment_status: "paid" | "pending" | "no_data" | "incomplete_data" | "error";
  order_id?: number;
  referencia?: string | null;
  message: string;
  error?: string;
  details?: string;
}

interface VerifyAllAnswer {
  success: boolean;
  /** Each result names its outcome `status` (spec section 7: resultados[status]). */
  resultados: Array<Omit<VerifyAnswer, "payment_status"> & { status: VerifyAnswer["payment_status"] }>;
  message: string;
}

/** What the gateway is asked about: the payment reference (or MB WAY request id), else the order id. */
const verifyKey = (line: OrderLine) => line.payment_reference || String(line.id);

export default function Page() {
  const [page, setPage] = useState(1);
  const payments = usePagedData<OrderLine>(
    `/api/orders?page=${page}&limit=${PAGE_SIZE}`,
    "Erro ao carregar dados dos pagamentos",
  );
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [verifyingAll, setVerifyingAll] = useState(false);
  const sandbox = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.paymentProvider === "sandbox";
  /** Confirmations sent from this page, by order id, until the list shows them. */
  const [sent, setSent] = useState<Map<number, string>>(new Map());

  const columns: AdminColumn<OrderLine>[] = [
    {
      id: "order",
      header: "Pedido",
      width: "w-[11%]",
      className: "font-medium tabular-nums",
      inCardTitle: true,
      cell: (line) => line.payment_reference || "N/A",
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
      cell: (line) => {
        const confirmedAt = line.paymentConfirmed ? line.confirmedAt : (sent.get(line.id) ?? null);
        return (
          <>
            <PaymentStatusBadge status={line.payment_status} />
            {line.paymentConfirmed || sent.has(line.id) ? (
              <span className="mt-1 flex items-start gap-1 text-xs text-green-800">
                <MailCheck aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                <span>Confirmado{confirmedAt ? ` em ${formatDateTime(confirmedAt)}` : ""}</span>
              </span>
            ) : null}
          </>
        );
      },
    },
    { id: "date", header: "Data", width: "w-[12%]", cell: (line) => formatDateTime(line.created_at) },
  ];

  const track = async (key: string, task: () => Promise<void>) => {
    setBusy((current) => new Set(current).add(key));
    try {
      await task();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const verify = (line: OrderLine) =>
    track(`verify-${line.line_id}`, async () => {
      try {
        const response = await apiGet<VerifyAnswer>(`/api/payments/verify/${encodeURIComponent(verifyKey(line))}`);
        const result = response.data;
        if (!response.ok || !result) {
          toast.error(messageFrom(result) ?? `Erro ${response.status}: ${response.statusText}`);
        } else if (result.success) {
          toast.success(`Status do pagamento: ${paymentStatusLabel(result.payment_status)}`);
        } else if (result.payment_status === "error") {
          toast.error(result.error || result.message, result.details ? { description: result.details } : undefined);
        } else {
          // no_data: 'Pedido não encontrado' / 'Dados de pagamento não encontrados'; incomplete_data: 'Dados incompletos…'.
          toast.error(result.message || result.error || "Erro ao verificar o pagamento.");
        }
      } catch (error) {
        toast.error(error instanceof NetworkError ? CONNECTION_ERROR : "Erro ao verificar o pagamento.");
        return;
      }
      await payments.reload();
    });

  /** Sandbox only: the test gateway calls this shop's real callback for the payment, as a paying customer would. */
  const simulatePayment = (line: OrderLine) =>
    track(`simulate-${line.id}`, async () => {
      try {
        const response = await apiPost<{ success: boolean; message: string }>("/api/payments/sandbox/simulate", {
          order_id: line.id,
        });
        if (response.ok && response.data?.success) toast.success(response.data.message);
        else toast.error(messageFrom(response.data) ?? `Erro ${response.status}`);
      } catch {
        toast.error(CONNECTION_ERROR);
        return;
      }
      await payments.reload();
    });

  const verifyAll = async () => {
    setVerifyingAll(true);
    try {
      const response = await apiGet<VerifyAllAnswer>("/api/payments/verify-all");
      if (response.ok && response.data?.success) {
        console.log("Resultados da verificação de pagamentos:", response.data.resultados);
        toast.success("Verificação concluída! Verifique os resultados no console.");
        await payments.reload();
      } else {
        console.error(VERIFY_ALL_FAILED, response.status, response.data);
        toast.error(VERIFY_ALL_FAILED);
      }
    } catch (error) {
      console.error(VERIFY_ALL_FAILED, error);
      toast.error(VERIFY_ALL_FAILED);
    } finally {
      setVerifyingAll(false);
    }
  };

  const sendConfirmation = (line: OrderLine) =>
    track(`confirm-${line.id}`, async () => {
      try {
        const order = await apiGet<OrderDetail>(`/api/orders/${line.id}`);
        if (!order.ok || !order.data) {
          toast.error(messageFrom(order.data) ?? "Pedido não encontrado");
          return;
        }
        const d = order.data.dados_entrega;
        const response = await apiPost<{ success: boolean; message: string }>("/api/email/send-order-confirmation", {
          user_id: line.user_id,
          order_id: line.id,
          delivery_data: {
            nome: d.nome,
            morada: d.morada,
            codigoPostal: d.codigo_postal,
            cidade: d.cidade,
            telefone: d.telefone,
            entregaRapida: d.entrega_rapida,
          },
          payment_data: { metodo: order.data.metodo_pagamento, valor: order.data.total, status: line.payment_status },
        });
        if (response.ok && response.data?.success) {
          toast.success(response.data.message);
          setSent((current) => new Map(current).set(line.id, new Date().toISOString()));
          await payments.reload();
        } else {
          toast.error(messageFrom(response.data) ?? "Erro ao enviar a confirmação.");
        }
      } catch (error) {
        toast.error(error instanceof NetworkError ? CONNECTION_ERROR : "Erro ao enviar a confirmação.");
      }
    });

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
              onClick={() => void verifyAll()}
              disabled={verifyingAll}
            >
              <RefreshCw aria-hidden="true" className={`size-4 ${verifyingAll ? "animate-spin" : ""}`} />
              {verifyingAll ? "A verificar..." : "Verificar Todos"}
            </button>
            <Link to="/dashboard" className={buttonClass.secondary}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Voltar
            </Link>
          </>
        }
      />

      {payments.loading && !payments.items ? <LoadingState /> : null}
      {payments.error ? <ErrorPanel message={payments.error} onRetry={() => void payments.reload()} /> : null}
      {payments.items && payments.items.length === 0 && !payments.error ? (
        <EmptyState message="Nenhum pagamento encontrado." />
      ) : null}
      {payments.items && payments.items.length > 0 ? (
        <>
          <ResponsiveTable
            label="Pagamentos"
            rows={payments.items}
            rowKey={(line) => `${line.id}-${line.line_id}`}
            busy={payments.loading}
            columns={columns}
            cardTitle={(line) => (
              <>
                <h2 className="text-base font-semibold text-gray-900 tabular-nums">
                  Pedido {line.payment_reference || "N/A"}
                </h2>
                <PaymentStatusBadge status={line.payment_status} />
              </>
            )}
            actionsWidth="w-[22%]"
            actions={(line) => (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={`${buttonClass.secondary} px-3 py-1.5 whitespace-nowrap`}
                  onClick={() => void verify(line)}
                  disabled={busy.has(`verify-${line.line_id}`)}
                  aria-label={`Verificar pagamento do pedido ${line.id}`}
                >
                  <SearchCheck aria-hidden="true" className="size-4" />
                  {busy.has(`verify-${line.line_id}`) ? "A verificar..." : "Verificar"}
                </button>
                {sandbox && line.payment_status === "pending" ? (
                  <button
                    type="button"
                    className={`${buttonClass.secondary} px-3 py-1.5 whitespace-nowrap`}
                    onClick={() => void simulatePayment(line)}
                    disabled={busy.has(`simulate-${line.id}`)}
                    aria-label={`Simular pagamento do pedido ${line.id} (sandbox)`}
                  >
                    <BadgeEuro aria-hidden="true" className="size-4" />
                    {busy.has(`simulate-${line.id}`) ? "A simular..." : "Simular pagamento"}
                  </button>
                ) : null}
                {line.payment_status === "paid" ? (
                  // Only a paid order can be confirmed; each click queues one more copy to the buyer.
                  <button
                    type="button"
                    className={`${buttonClass.success} px-3 py-1.5 whitespace-nowrap`}
                    onClick={() => void sendConfirmation(line)}
                    disabled={busy.has(`confirm-${line.id}`)}
                    aria-label={`Enviar confirmação do pedido ${line.id}`}
                  >
                    <Send aria-hidden="true" className="size-4" />
                    {busy.has(`confirm-${line.id}`) ? "A enviar..." : "Enviar confirmação"}
                  </button>
                ) : null}
              </div>
            )}
          />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={payments.total}
            onPageChange={setPage}
            label="Paginação dos pagamentos"
            disabled={payments.loading}
          />
        </>
      ) : null}
    </div>
  );
}
