import type { ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { AdminOrder } from "#server/modules/orders/admin/schemas.ts";
import { formatEuros } from "#app/lib/format.ts";
import { formatDateTime } from "#app/components/admin/orders/format.ts";
import { PaymentStatusBadge } from "#app/components/admin/payment-status.tsx";
import { buttonClass, ErrorPanel, focusRing, LoadingState } from "#app/components/admin/ui.tsx";

/** The customer-data modal's order (GET /api/orders/:id, read by the dashboard's loader), or why it could not be read. */
export type CustomerOrder =
  { orderId: string; order: AdminOrder; error: null } | { orderId: string; order: null; error: string };

const METHOD_LABEL: Record<AdminOrder["metodo_pagamento"], string> = {
  mbway: "MB WAY",
  mb: "Multibanco",
  payshop: "Payshop",
};

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

function CustomerData({ order }: { order: AdminOrder }) {
  const delivery = order.dados_entrega;
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
          <Row label="Data" value={formatDateTime(order.created_at)} />
          <Row label="Pagamento" value={METHOD_LABEL[order.metodo_pagamento]} />
          <Row label="Estado" value={<PaymentStatusBadge status={order.payment?.status ?? order.status} />} />
          <Row label="Total" value={formatEuros(order.total)} />
        </dl>
        {order.lines.length ? (
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-gray-900">
            {order.lines.map((line, index) => (
              <li key={index}>
                {line.quantity} × {line.product_name}
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

/**
 * The customer-data modal of /dashboard: the order's customer and delivery data. Open while the
 * URL names an order (`orderId`); its data comes with the dashboard's loader (`customer`), and
 * 'Carregando dados do cliente...' shows until the loader has answered for that order.
 */
export function CustomerDialog({
  orderId,
  customer,
  loading,
  onClose,
  onRetry,
}: {
  orderId: string | null;
  customer: CustomerOrder | null;
  loading: boolean;
  onClose: () => void;
  onRetry: () => void;
}) {
  const current = customer?.orderId === orderId ? customer : null;
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
          {orderId === null ? null : current === null || (loading && current.order === null) ? (
            <LoadingState label="Carregando dados do cliente..." />
          ) : current.order ? (
            <CustomerData order={current.order} />
          ) : (
            <ErrorPanel message={current.error} onRetry={onRetry} />
          )}
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={buttonClass.secondary}>Fechar</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
