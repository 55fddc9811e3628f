import { ChevronLeft, ChevronRight, RefreshCw, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "#app/lib/toast.tsx";
import { apiGet } from "#app/lib/api.ts";
import { fetchPage } from "../orders/paging.tsx";
import { PaymentStatusBadge } from "../payment-status.tsx";
import { ResponsiveTable } from "../ResponsiveTable.tsx";
import { buttonClass, EmptyState, ErrorPanel, focusRing, LoadingState } from "../ui.tsx";
import { CustomerDialog } from "./CustomerDialog.tsx";

/** One order line of GET /api/orders (admin API contract). */
export interface OrderLine {
  id: number;
  line_id: number;
  payment_reference: string | null;
  user_id: number | null;
  cliente_nome: string | null;
  cliente_email: string | null;
  product_id: number | null;
  product_name: string | null;
  quantity: number;
  created_at: string;
  payment_status: string | null;
  paymentConfirmed: boolean;
  confirmedAt: string | null;
  amount: number;
  metodo_pagamento: string | null;
}

/** Payments page size (spec section 9). */
export const PAYMENTS_PAGE_SIZE = 10;
const LOAD_FAILURE = "Erro ao carregar dados dos pagamentos";

interface Page {
  rows: OrderLine[];
  /** X-Total-Count, or null when the server did not send it. */
  total: number | null;
}

async function fetchPaymentsPage(page: number): Promise<Page> {
  const { items, total } = await fetchPage<OrderLine>(`/api/orders?page=${page}&limit=${PAYMENTS_PAGE_SIZE}`);
  return { rows: items, total };
}

/** The 'Status Pagamentos' section of /dashboard: 10 lines per page, 'Verificar Todos', customer modal. */
export function PaymentsPanel() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(true);
  const [verifying, setVerifying] = useState(false);
  const [customerOrder, setCustomerOrder] = useState<number | null>(null);
  const ticket = useRef(0);

  const load = useCallback(async (target: number) => {
    const mine = ++ticket.current;
    setLoading(true);
    try {
      const result = await fetchPaymentsPage(target);
      if (mine !== ticket.current) return;
      setData(result);
      setError(false);
    } catch {
      if (mine !== ticket.current) return;
      setError(true);
    } finally {
      if (mine === ticket.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(page);
  }, [page, load]);

  async function verifyAll() {
    setVerifying(true);
    try {
      const response = await apiGet<{ success: boolean; resultados: unknown[]; message: string }>(
        "/api/payments/verify-all",
      );
      if (response.ok && response.data?.success !== false) {
        console.log("Resultados da verificação de pagamentos:", response.data?.resultados ?? response.data);
        toast.success("Verificação concluída! Verifique os resultados no console.", {
          description: response.data?.message,
        });
        await load(page);
      } else {
        toast.error("Erro ao verificar pagamentos");
      }
    } catch {
      toast.error("Erro ao verificar pagamentos");
    } finally {
      setVerifying(false);
    }
  }

  const rows = data?.rows ?? [];
  const totalPages = data?.total != null ? Math.max(1, Math.ceil(data.total / PAYMENTS_PAGE_SIZE)) : null;
  const hasNext = totalPages !== null ? page < totalPages : rows.length === PAYMENTS_PAGE_SIZE;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass.success} onClick={() => void verifyAll()} disabled={verifying}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {verifying ? "Verificando..." : "Verificar Todos"}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => void load(page)} disabled={loading}>
          <RefreshCw aria-hidden="true" className={`size-4 ${loading ? "animate-spin" : ""}`} />
          Atualizar
        </button>
        {data?.total != null ? (
          <p className="text-sm text-gray-700">
            {data.total} {data.total === 1 ? "linha de pedido" : "linhas de pedido"}
          </p>
        ) : null}
      </div>

      {error ? (
        <ErrorPanel message={LOAD_FAILURE} onRetry={() => void load(page)} />
      ) : loading && !data ? (
        <LoadingState label="Carregando pagamentos..." />
      ) : rows.length === 0 ? (
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
                Pedido {line.payment_reference || line.id}
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
              cell: (line) => line.payment_reference || line.id,
            },
            {
              id: "customer",
              header: "Cliente",
              width: "w-[27%]",
              cell: (line) => (
                <>
                  <button
                    type="button"
                    onClick={() => setCustomerOrder(line.id)}
                    className={`${focusRing} rounded text-left font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900`}
                  >
                    {line.cliente_nome || `Utilizador #${line.user_id ?? "?"}`}
                    <span className="sr-only"> (ver dados do cliente do pedido {line.id})</span>
                  </button>
                  {line.cliente_email ? (
                    <span className="block text-xs break-all text-gray-700">{line.cliente_email}</span>
                  ) : null}
                </>
              ),
            },
            {
              id: "product",
              header: "Produto",
              width: "w-[22%]",
              cell: (line) => line.product_name ?? (line.product_id !== null ? `Produto #${line.product_id}` : "N/A"),
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
              header: "Estado",
              width: "w-[11%]",
              cell: (line) => <PaymentStatusBadge status={line.payment_status} />,
            },
            {
              id: "date",
              header: "Data",
              width: "w-[14%]",
              cell: (line) => new Date(line.created_at).toLocaleString("pt-PT"),
            },
          ]}
        />
      )}

      {!error && (page > 1 || hasNext) ? (
        <nav aria-label="Paginação dos pagamentos" className="flex items-center justify-between gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            disabled={page <= 1 || loading}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Anterior
          </button>
          <p className="text-sm whitespace-nowrap text-gray-700" aria-live="polite">
            Página {page}
            {totalPages !== null ? ` de ${totalPages}` : ""}
          </p>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setPage((p) => p + 1)}
            disabled={!hasNext || loading}
          >
            Seguinte
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </nav>
      ) : null}

      <CustomerDialog orderId={customerOrder} onClose={() => setCustomerOrder(null)} />
    </div>
  );
}
