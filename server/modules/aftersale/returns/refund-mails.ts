import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { formatDate } from "#server/core/time.ts";
import { formatIban } from "./iban.ts";
import { RefundMail } from "./mail-templates.ts";

/*
 * The shopper's e-mail when a refund is made (returns/refunds.ts): the amount, how (MB WAY to the phone that paid,
 * or bank transfer to the IBAN given) and the date, in Lisbon. One per refund (dedupe key refund-done:{id}).
 */

export interface RefundMailData {
  refundId: number;
  to: string;
  customerName: string;
  orderId: number;
  amountCents: number;
  method: "mbway" | "transferencia";
  /** The transfer's IBAN, when the shop has one for it. */
  iban: string | null;
  /** Why the money goes back: a return (livre resolução) or the order's cancellation. */
  cause: "return" | "cancelled";
  doneAt: Date;
  orderUrl: string;
}

export const refundMailKey = (refundId: number) => `refund-done:${refundId}`;

export function refundDoneMail(d: RefundMailData): OutgoingMail {
  const how =
    d.method === "mbway"
      ? "por MB WAY, para o telemóvel com que pagou"
      : d.iban
        ? `por transferência bancária para o IBAN ${formatIban(d.iban)}`
        : "por transferência bancária";
  const why =
    d.cause === "return"
      ? `da devolução dos artigos da encomenda #${d.orderId}`
      : `da encomenda #${d.orderId}, que foi cancelada`;
  const date = formatDate(d.doneAt);
  const transferNote =
    d.method === "transferencia" ? "Uma transferência pode demorar até 2 dias úteis a aparecer na sua conta." : "";
  const methodName = d.method === "mbway" ? "MB WAY" : "Transferência bancária";
  const done = `O reembolso foi feito ${how}.${transferNote ? ` ${transferNote}` : ""}`;
  const text = [
    `Olá ${d.customerName},`,
    "",
    `Reembolsámos ${formatEuros(d.amountCents)} ${why}.`,
    "",
    `Valor: ${formatEuros(d.amountCents)}`,
    `Método: ${methodName}`,
    `Data: ${date}`,
    "",
    done,
    "A nota de crédito correspondente será emitida e ficará disponível na sua conta.",
    "",
    `Detalhes da encomenda: ${d.orderUrl}`,
  ].join("\n");
  const html = renderMail(
    h(RefundMail, {
      name: d.customerName,
      amount: formatEuros(d.amountCents),
      why,
      facts: [
        ["Valor", formatEuros(d.amountCents)],
        ["Método", methodName],
        ["Data", date],
      ],
      done,
      orderId: d.orderId,
      orderUrl: d.orderUrl,
    }),
  );
  return {
    to: d.to,
    kind: "refund-done",
    subject: `Reembolso de ${formatEuros(d.amountCents)}: encomenda #${d.orderId}`,
    text,
    html,
    dedupeKey: refundMailKey(d.refundId),
  };
}
