/**
 * The read-only sections of the admin order page: Cliente, Faturação, Entrega, Artigos (with line totals), Totais
 * and Pagamento (each payment with its reference, status and gateway events). Dates in Lisbon time.
 */
import type { ReactNode } from "react";
import type { OrderDetail, PaymentDetail } from "#server/modules/aftersale/fulfilment/schemas.ts";
import { CARRIER_NAMES } from "#server/modules/orders/tracking/rules.ts";
import { formatEuros, formatShopDateTime } from "#app/lib/format.ts";
import { VatBreakdownTable } from "#app/components/orders/VatBreakdownTable.tsx";
import { PaymentStatusBadge } from "#app/components/admin/payment-status.tsx";
import { Panel, thClass } from "#app/components/admin/ui.tsx";

const METHOD_NAMES: Record<PaymentDetail["method"], string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };
const ZONE_NAMES: Record<OrderDetail["dados_entrega"]["zona"], string> = {
  continente: "Portugal continental",
  madeira: "Madeira",
  acores: "Açores",
};

/** A list of labelled facts: label over value at 375 px, side by side from sm. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-700">{label}</dt>
          <dd className="mb-1 break-words text-gray-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CustomerPanel({ order }: { order: OrderDetail }) {
  const c = order.cliente;
  return (
    <Panel title="Cliente">
      <Facts
        items={[
          ["Nome", c.nome],
          [
            "E-mail",
            <a key="e" href={`mailto:${c.email}`} className="break-all text-blue-800 underline underline-offset-2">
              {c.email}
            </a>,
          ],
          [
            "ID do utilizador",
            <span key="i" className="tabular-nums">
              {c.id}
            </span>,
          ],
        ]}
      />
    </Panel>
  );
}

/** Faturação: the invoice's buyer (the NIF or 'Consumidor final', and the name and address it carries). */
export function BillingPanel({ order }: { order: OrderDetail }) {
  const f = order.faturacao;
  return (
    <Panel title="Faturação">
      <Facts
        items={[
          ["NIF", f.nif ? <span className="tabular-nums">{f.nif}</span> : "Consumidor final"],
          ["Nome", f.nome],
          [
            "Morada",
            <>
              {f.morada}
              <br />
              {f.codigo_postal} {f.cidade}
            </>,
          ],
          ["Origem", f.outros_dados ? "Indicados para a fatura" : "Os da entrega"],
        ]}
      />
    </Panel>
  );
}

export function DeliveryPanel({ order }: { order: OrderDetail }) {
  const d = order.dados_entrega;
  const envio = order.envio;
  return (
    <Panel title="Entrega">
      <Facts
        items={[
          ["Destinatário", d.nome],
          [
            "Morada",
            <>
              {d.morada}
              <br />
              {d.codigo_postal} {d.cidade}
            </>,
          ],
          ["Telefone", d.telefone],
          ["Zona", ZONE_NAMES[d.zona]],
          ["Entrega", d.entrega_rapida ? "Rápida (dia útil seguinte)" : "Normal (2 dias úteis)"],
          ...(envio
            ? ([
                ["Transportadora", CARRIER_NAMES[envio.carrier]],
                [
                  "N.º de seguimento",
                  <span key="n" className="font-mono">
                    {envio.tracking_number}
                  </span>,
                ],
                [
                  "Seguimento",
                  <a
                    key="l"
                    href={envio.tracking_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all text-blue-800 underline underline-offset-2"
                  >
                    {envio.tracking_url}
                  </a>,
                ],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
    </Panel>
  );
}

export function LinesPanel({ order }: { order: OrderDetail }) {
  return (
    <Panel title="Artigos">
      <table className="w-full table-fixed text-sm" aria-label="Artigos da encomenda">
        <thead className="border-b border-gray-200">
          <tr>
            <th scope="col" className={`${thClass} w-auto px-0 sm:px-3`}>
              Artigo
            </th>
            <th scope="col" className={`${thClass} hidden w-28 text-right sm:table-cell`}>
              Preço
            </th>
            <th scope="col" className={`${thClass} w-12 text-right sm:w-16`}>
              Qtd.
            </th>
            <th scope="col" className={`${thClass} w-24 pr-0 text-right sm:w-28`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {order.lines.map((l) => {
            const variant = [l.color, l.size].filter(Boolean).join(" / ");
            return (
              <tr key={l.id} data-row={l.id}>
                <td className="py-2 pr-2 align-top break-words sm:px-3">
                  <span className="font-medium text-gray-900">{l.product_name}</span>
                  {variant ? <span className="block text-xs text-gray-700">{variant}</span> : null}
                  <span className="block text-xs text-gray-700 sm:hidden">{formatEuros(l.unit_price)} / un.</span>
                </td>
                <td className="hidden px-3 py-2 text-right align-top tabular-nums sm:table-cell" data-column="price">
                  {formatEuros(l.unit_price)}
                </td>
                <td className="py-2 pl-2 text-right align-top tabular-nums sm:px-3" data-column="quantity">
                  {l.quantity}
                </td>
                <td className="py-2 pl-2 text-right align-top font-medium tabular-nums" data-column="line-total">
                  {formatEuros(l.line_total)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}

export function TotalsPanel({ order }: { order: OrderDetail }) {
  const row = (label: string, value: number, strong = false) => (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-t border-gray-200 pt-2 text-base font-semibold" : ""}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-total={label}>
        {formatEuros(value)}
      </dd>
    </div>
  );
  return (
    <Panel title="Totais">
      <dl className="space-y-2 text-sm text-gray-900">
        {row("Subtotal", order.subtotal)}
        {order.desconto
          ? row(order.codigo_desconto ? `Desconto (código ${order.codigo_desconto})` : "Desconto", -order.desconto)
          : null}
        {row("Portes", order.shipping)}
        {row("Total", order.total, true)}
      </dl>
      <VatBreakdownTable iva={order.iva} className="mt-4" />
    </Panel>
  );
}

function PaymentBlock({ payment }: { payment: PaymentDetail }) {
  const reference =
    payment.method === "mbway"
      ? [
          ["Telemóvel", payment.phone ?? "—"],
          ["ID do pedido", payment.request_id ?? "—"],
        ]
      : [...(payment.entity ? [["Entidade", payment.entity]] : []), ["Referência", payment.reference ?? "—"]];
  return (
    <div className="space-y-3" data-payment={payment.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-gray-900">{METHOD_NAMES[payment.method]}</span>
        <PaymentStatusBadge status={payment.status} />
        <span className="ml-auto font-medium tabular-nums">{formatEuros(payment.amount)}</span>
      </div>
      <Facts
        items={[
          ...(reference.map(([k, v]) => [
            k,
            <span key={k} className="font-mono break-all">
              {v}
            </span>,
          ]) as Array<[string, ReactNode]>),
          ["Criado", formatShopDateTime(payment.created_at)],
          ...(payment.expires_at && payment.status === "pending"
            ? ([["Válido até", formatShopDateTime(payment.expires_at)]] as Array<[string, ReactNode]>)
            : []),
          ...(payment.paid_at ? ([["Pago", formatShopDateTime(payment.paid_at)]] as Array<[string, ReactNode]>) : []),
        ]}
      />
      {payment.events.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-gray-800">Eventos do pagamento</h3>
          <ul className="space-y-1 text-sm text-gray-800">
            {payment.events.map((e) => (
              <li key={e.id} className="flex flex-col sm:flex-row sm:gap-3">
                <span className="shrink-0 text-gray-700 tabular-nums">{formatShopDateTime(e.received_at)}</span>
                <span className="break-words">{e.description}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function PaymentPanel({ order }: { order: OrderDetail }) {
  return (
    <Panel title="Pagamento">
      {order.payments.length === 0 ? (
        <p className="text-sm text-gray-700">Sem pagamento criado ({METHOD_NAMES[order.metodo_pagamento]}).</p>
      ) : (
        <div className="divide-y divide-gray-200 [&>*+*]:pt-4 [&>*:not(:last-child)]:pb-4">
          {order.payments.map((p) => (
            <PaymentBlock key={p.id} payment={p} />
          ))}
        </div>
      )}
    </Panel>
  );
}
