import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { formatLongDateTime } from "#server/core/time.ts";
import { formatIban } from "./iban.ts";
import { WithdrawalMail } from "./mail-templates.ts";
import { WITHDRAWAL_DAYS } from "./withdrawal-view.ts";

/*
 * The shopper's confirmation of a withdrawal request (pt-PT, plain text and HTML), queued in the request's
 * transaction: Decreto-Lei 24/2014 asks the shop to acknowledge receipt of the withdrawal on a durable medium
 * without delay. It says when the request was made (Lisbon), which items, and what happens next.
 */

export interface WithdrawalMailData {
  to: string;
  customerName: string;
  orderId: number;
  returnId: number;
  requestedAt: Date;
  lines: Array<{ name: string; color: string | null; size: string | null; quantity: number; cents: number }>;
  refundCents: number;
  /** The delivery cost is in the refund (everything was returned). */
  includesDelivery: boolean;
  /** 'MB WAY' (refunded to the phone) or the IBAN of the bank transfer. */
  refundTo: { kind: "mbway" } | { kind: "iban"; iban: string };
  /** Where the items go back: the shop's legal name and address (settings). */
  returnAddress: { name: string; address: string; postalCode: string; city: string };
  /** The order's page in "A minha conta" (a public-form request too: the order belongs to an account). */
  orderUrl: string;
}

export function withdrawalConfirmationMail(d: WithdrawalMailData): OutgoingMail {
  const when = formatLongDateTime(d.requestedAt);
  const variant = (l: WithdrawalMailData["lines"][number]) => [l.color, l.size].filter(Boolean).join(" / ");
  const itemText = (l: WithdrawalMailData["lines"][number]) =>
    `${l.quantity} × ${l.name}${variant(l) ? ` (${variant(l)})` : ""}: ${formatEuros(l.cents)}`;
  const refundText = `Valor a reembolsar: ${formatEuros(d.refundCents)}${d.includesDelivery ? " (inclui os portes de envio)" : ""}`;
  const refundHow =
    d.refundTo.kind === "mbway"
      ? "por MB WAY, para o telemóvel com que pagou"
      : `por transferência bancária para o IBAN ${formatIban(d.refundTo.iban)}`;
  const a = d.returnAddress;
  const addressLines = [a.name, a.address, `${a.postalCode} ${a.city}`];
  const sendBack =
    `Envie-nos os artigos no prazo de ${WITHDRAWAL_DAYS} dias a contar de hoje, ` +
    "bem acondicionados e com a indicação do número da encomenda, para:";
  const refundWhen =
    `Faremos o reembolso ${refundHow}, no prazo de ${WITHDRAWAL_DAYS} dias a contar da data deste pedido. ` +
    "Podemos aguardar a receção dos artigos, ou a prova de que os enviou, antes de reembolsar.";

  const text = [
    `Olá ${d.customerName},`,
    "",
    `Registámos o seu pedido de livre resolução (n.º ${d.returnId}) da encomenda #${d.orderId} a ${when} (hora de Lisboa).`,
    "",
    "Artigos:",
    ...d.lines.map((l) => `- ${itemText(l)}`),
    "",
    refundText,
    "",
    "O que acontece a seguir:",
    `1. ${sendBack}`,
    ...addressLines.map((l) => `   ${l}`),
    `2. ${refundWhen}`,
    "",
    `Pode acompanhar o pedido em ${d.orderUrl}`,
  ].join("\n");

  const html = renderMail(
    h(WithdrawalMail, {
      name: d.customerName,
      returnId: d.returnId,
      orderId: d.orderId,
      when,
      items: d.lines.map(itemText),
      refund: refundText,
      sendBack,
      addressLines,
      refundWhen,
      orderUrl: d.orderUrl,
    }),
  );

  return {
    to: d.to,
    kind: "withdrawal-requested",
    subject: `Livre resolução registada: encomenda #${d.orderId}`,
    text,
    html,
    // One per return row: a retried transaction cannot queue it twice.
    dedupeKey: `withdrawal-requested:${d.returnId}`,
  };
}
