import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { storedShipping, vatBreakdown } from "#server/modules/tax/vat.ts";
import { VatBreakdownTable, vatBreakdownText } from "#server/modules/tax/vat-mail.ts";
import { OrderConfirmationMail } from "./mail-templates.ts";

const METHOD_NAMES: Record<string, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };

export interface ConfirmationData {
  orderId: number;
  to: string;
  customerName: string;
  method: string;
  subtotalCents: number;
  shippingCents: number;
  /** Every discount of the order (lines and delivery), cents; absent or 0: none (issue 20). */
  discountCents?: number;
  /** The discount code used, or null. */
  discountCode?: string | null;
  /** The part of discountCents taken off delivery (a free-delivery code): IVA is on the delivery as paid. */
  shippingDiscountCents?: number;
  totalCents: number;
  /** The delivery's IVA rate as stored (orders.shipping_vat_rate_bp). */
  shippingVatRateBp: number;
  delivery: { name: string; address: string; postalCode: string; city: string; phone: string; fast: boolean };
  lines: Array<{
    productName: string;
    colorName: string | null;
    sizeName: string | null;
    quantity: number;
    unitPriceCents: number;
    vatRateBp: number;
    vatExemptionCode: string | null;
  }>;
  publicUrl: string;
}

/** The dedupe key of the confirmation the payment queues: at most one per order. */
export const confirmationKey = (orderId: number) => `order-confirmation:${orderId}`;

/** The order confirmation, sent once per paid order (dedupe key order-confirmation:{id}); the admin may resend it. */
export function orderConfirmationMail(d: ConfirmationData): OutgoingMail {
  const variant = (l: ConfirmationData["lines"][number]) => [l.colorName, l.sizeName].filter(Boolean).join(" / ");
  const textLines = d.lines.map(
    (l) =>
      `- ${l.quantity} × ${l.productName}${variant(l) ? ` (${variant(l)})` : ""}: ${formatEuros(l.unitPriceCents * l.quantity)}`,
  );
  const deliveryLines = [
    d.delivery.name,
    d.delivery.address,
    `${d.delivery.postalCode} ${d.delivery.city}`,
    `Telefone: ${d.delivery.phone}`,
  ];
  const method = METHOD_NAMES[d.method] ?? d.method;
  // IVA per rate of the stored lines and delivery (the same figures as /conta and the invoice).
  const paidShipping = d.shippingCents - (d.shippingDiscountCents ?? 0);
  const vat = vatBreakdown(d.lines, storedShipping(d.lines, paidShipping, d.shippingVatRateBp));
  // The order's page in /conta: its state, and the invoice's PDF once issued.
  const orderUrl = `${d.publicUrl}/conta/encomendas/${d.orderId}`;
  const discount = d.discountCents
    ? {
        label: d.discountCode ? `Desconto (código ${d.discountCode})` : "Desconto",
        amount: formatEuros(d.discountCents),
      }
    : null;
  const speed = d.delivery.fast ? "Entrega rápida (dia útil seguinte)" : "Entrega normal (2 dias úteis)";
  const text = [
    `Olá ${d.customerName},`,
    "",
    `Recebemos o pagamento da sua encomenda #${d.orderId}. Obrigado pela sua compra!`,
    "",
    ...textLines,
    "",
    `Subtotal: ${formatEuros(d.subtotalCents)}`,
    ...(discount ? [`${discount.label}: −${discount.amount}`] : []),
    `Portes: ${formatEuros(d.shippingCents)}`,
    `Total pago (${method}): ${formatEuros(d.totalCents)}`,
    "",
    ...vatBreakdownText(vat),
    "",
    "Morada de entrega:",
    ...deliveryLines,
    speed,
    "",
    "A encomenda é expedida no prazo de 24 horas úteis após o pagamento.",
    `${d.publicUrl}/info-envio`,
    "",
    "Acompanhe a encomenda e descarregue a fatura, logo que emitida, na sua conta:",
    orderUrl,
  ].join("\n");
  const html = renderMail(
    h(OrderConfirmationMail, {
      name: d.customerName,
      orderId: d.orderId,
      lines: d.lines.map((l) => ({
        item: `${l.quantity} × ${l.productName}`,
        variant: variant(l),
        amount: formatEuros(l.unitPriceCents * l.quantity),
      })),
      subtotal: formatEuros(d.subtotalCents),
      discount,
      shipping: formatEuros(d.shippingCents),
      method,
      total: formatEuros(d.totalCents),
      vat: h(VatBreakdownTable, { breakdown: vat }),
      deliveryLines,
      speed,
      orderUrl,
    }),
  );
  return {
    to: d.to,
    kind: "order-confirmation",
    subject: `Pagamento recebido: encomenda #${d.orderId}`,
    text,
    html,
    dedupeKey: confirmationKey(d.orderId),
  };
}
