import type { ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { formatEuros } from "#app/lib/format.ts";
import { PaymentStatusBadge } from "../payment-status.tsx";
import { buttonClass, ErrorPanel, focusRing, LoadingState, useApiData } from "../ui.tsx";

/** GET /api/orders/{id} (admin API contract). */
export interface OrderDetail {
  id: number;
  user_id: number | null;
  cliente_nome: string | null;
  cliente_email: string | null;
  status: string | null;
  metodo_pagamento: string | null;
  created_at: string;
  paid_at: string | null;
  subtotal: number;
  shipping: number;
  total: number;
  dados_entrega: {
    nome?: string | null;
    morada?: string | null;
    codigo_postal?: string | null;
    cidade?: string | null;
    telefone?: string | null;
    entrega_rapida?: boolean | null;
  } | null;
  payment: {
    status: string | null;
    entidade: string | null;
    referencia: string | null;
    request_id: string | null;
    telefone: string | null;
    validade: string | null;
    valor: number | null;
  } | null;
  lines: {
    product_id: number | null;
    product_name: string | null;
    color: string | null;
    size: string | null;
    quantity: number;
    unit_price: number;
  }[];
  paymentConfirmed: boolean;
  confirmedAt: string | null;
}

const METHOD_LABEL: Record<string, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-gray-700">{label}</dt>
      <dd className="break-words text-gray-900">
        {value === null || value === undefined || value === "" ? "N/A" : value}
      </dd>
    </>
  );
}

function CustomerData({ orderId }: { orderId: number }) {
  const {
    data: order,
    error,
    loading,
    reload,
  } = useApiData<OrderDetail>(`/api/orders/${orderId}`, "Erro ao carregar os dados do cliente");
  if (loading && !order) return <LoadingState label="Carregando dados do cliente..." />;
  if (error && !order) return <ErrorPanel message={error} onRetry={() => void reload()} />;
  if (!order) return null;
  const delivery = order.dados_entrega ?? {};
  return (
    <div className="space-y-5">
      <section aria-labelledby="cliente-dados">
        <h3 id="cliente-dados" className="mb-2 font-semibold text-gray-900">
          Cliente
        </h3>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5">
          <Row label="Nome" value={order.cliente_nome} />
          <Row label="Email" value={order.cliente_email} />
          <Row label="ID do utilizador" value={order.user_id} />
        </dl>
      </section>
      <section aria-labelledby="cliente-entrega">
        <h3 id="cliente-entrega" className="mb-2 font-semibold text-gray-900">
          Dados de entrega
        </h3>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5">
          <Row label="Nome" value={delivery.nome} />
          <Row label="Morada" value={delivery.morada} />
          <Row label="Código postal" value={delivery.codigo_postal} />
          <Row label="Cidade" value={delivery.cidade} />
          <Row label="Telefone" value={delivery.telefone} />
          <Row label="Entrega rápida" value={delivery.entrega_rapida ? "Sim (dia seguinte)" : "Não (2 dias úteis)"} />
        </dl>
      </section>
      <section aria-labelledby="cliente-pedido">
        <h3 id="cliente-pedido" className="mb-2 font-semibold text-gray-900">
          Pedido #{order.id}
        </h3>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5">
          <Row label="Data" value={new Date(order.created_at).toLocaleString("pt-PT")} />
          <Row
            label="Pagamento"
            value={order.metodo_pagamento ? (METHOD_LABEL[order.metodo_pagamento] ?? order.metodo_pagamento) : null}
          />
          <Row label="Estado" value={<PaymentStatusBadge status={order.payment?.status ?? order.status} />} />
          <Row label="Total" value={Number.isFinite(order.total) ? formatEuros(order.total) : null} />
        </dl>
        {order.lines?.length ? (
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-gray-900">
            {order.lines.map((line, index) => (
              <li key={index}>
                {line.quantity} × {line.product_name ?? `Produto #${line.product_id ?? "?"}`}
                {line.color ? ` · ${line.color}` : ""}
                {line.size ? ` · ${line.size}` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

/** The customer-data modal of /dashboard: the order's customer and delivery data. */
export function CustomerDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  return (
    <Dialog.Root open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">Dados do Cliente</Dialog.Title>
              <Dialog.Description className="text-sm text-gray-700">
                Dados do cliente e de entrega do pedido.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className={`${focusRing} rounded-md p-1 text-gray-700 hover:bg-gray-100`}
              aria-label="Fechar janela"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {orderId !== null ? <CustomerData key={orderId} orderId={orderId} /> : null}
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={buttonClass.secondary}>Fechar</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
