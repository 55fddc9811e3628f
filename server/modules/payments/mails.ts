import { escapeHtml } from "#server/core/mail/escape.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { storedShipping, vatBreakdown } from "#server/modules/tax/vat.ts";
import { vatBreakdownHtml, vatBreakdownText } from "#server/modules/tax/vat-mail.ts";

const euros = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);
const METHOD_NAMES: Record<string, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };

export interface ConfirmationData {
  orderId: number;
  to: string;
  customerName: string;
  method: string;
  subtotalCents: number;
  shippingCents: number;
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
      `- ${l.quantity} × ${l.productName}${variant(l) ? ` (${variant(l)})` : ""}: ${euros(l.unitPriceCents * l.quantity)}`,
  );
  const deliveryText = `${d.delivery.name}\n${d.delivery.address}\n${d.delivery.postalCode} ${d.delivery.city}\nTelefone: ${d.delivery.phone}`;
  // IVA per rate of the stored lines and delivery (the same figures as /conta and the invoice).
  const vat = vatBreakdown(d.lines, storedShipping(d.lines, d.shippingCents, d.shippingVatRateBp));
  // The order's page in /conta: its state, and the invoice's PDF once issued.
  const orderUrl = `${d.publicUrl}/conta/encomendas/${d.orderId}`;
  const speed = d.delivery.fast ? "Entrega rápida (dia útil seguinte)" : "Entrega normal (2 dias úteis)";
  const text = [
    `Olá ${d.customerName},`,
    "",
    `Recebemos o pagamento da sua encomenda #${d.orderId}. Obrigado pela sua compra!`,
    "",
    ...textLines,
    "",
    `Subtotal: ${euros(d.subtotalCents)}`,
    `Portes: ${euros(d.shippingCents)}`,
    `Total pago (${METHOD_NAMES[d.method] ?? d.method}): ${euros(d.totalCents)}`,
    "",
    ...vatBreakdownText(vat),
    "",
    "Morada de entrega:",
    deliveryText,
    speed,
    "",
    "A encomenda é expedida no prazo de 24 horas úteis após o pagamento.",
    `${d.publicUrl}/info-envio`,
    "",
    "Acompanhe a encomenda e descarregue a fatura, logo que emitida, na sua conta:",
    orderUrl,
  ].join("\n");
  const rows = d.lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${escapeHtml(l.productName)}${variant(l) ? ` <small>(${escapeHtml(variant(l))})</small>` : ""}</td>` +
        `<td style="text-align:right">${euros(l.unitPriceCents * l.quantity)}</td></tr>`,
    )
    .join("");
  const html =
    `<p>Olá ${escapeHtml(d.customerName)},</p><p>Recebemos o pagamento da sua encomenda <strong>#${d.orderId}</strong>. Obrigado pela sua compra!</p>` +
    `<table style="border-collapse:collapse;width:100%;max-width:520px">${rows}` +
    `<tr><td>Subtotal</td><td style="text-align:right">${euros(d.subtotalCents)}</td></tr>` +
    `<tr><td>Portes</td><td style="text-align:right">${euros(d.shippingCents)}</td></tr>` +
    `<tr><td><strong>Total pago (${escapeHtml(METHOD_NAMES[d.method] ?? d.method)})</strong></td><td style="text-align:right"><strong>${euros(d.totalCents)}</strong></td></tr></table>` +
    vatBreakdownHtml(vat) +
    `<p><strong>Morada de entrega</strong><br>${escapeHtml(deliveryText).replace(/\n/g, "<br>")}<br>${speed}</p>` +
    `<p>A encomenda é expedida no prazo de 24 horas úteis após o pagamento.</p>` +
    `<p>Acompanhe a encomenda e descarregue a fatura, logo que emitida, na sua conta: <a href="${escapeHtml(orderUrl)}">${escapeHtml(orderUrl)}</a></p>`;
  return {
    to: d.to,
    kind: "order-confirmation",
    subject: `Pagamento recebido: encomenda #${d.orderId}`,
    text,
    html,
    dedupeKey: confirmationKey(d.orderId),
  };
}
