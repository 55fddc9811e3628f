import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { formatDmy, lisbonParts } from "#server/core/time.ts";
import { UnpaidOrderMail } from "./mail-templates.ts";

/*
 * The e-mails that follow an unpaid order (pt-PT, text + HTML): how to pay (sent when the payment is stored),
 * the reminder one day before a reference expires, and the notice that the order expired or was cancelled.
 * Each carries a dedupe key, so the outbox sends it at most once whoever queues it and however often.
 */

/** "123456789" -> "123 456 789" (groups of three, as the payment page shows it). */
export const groupReference = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, "$1 ");

/** "27-11-2026 às 23:59" (Lisbon). */
export function formatValidity(at: Date): string {
  const p = lisbonParts(at);
  return `${formatDmy(at)} às ${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

export const orderLink = (publicUrl: string, orderId: number) => `${publicUrl}/conta/encomendas/${orderId}`;

/** The stored payment as the mails need it (a `payments` row fits). */
export interface MailPayment {
  id: number;
  method: string;
  entity: string | null;
  reference: string | null;
  phone: string | null;
  amountCents: number;
  expiresAt: Date | null;
}

export interface OrderMailBase {
  orderId: number;
  to: string;
  name: string;
  publicUrl: string;
}

/** Label/value pairs of the payment data, in the order the shopper types them at the ATM. */
function paymentRows(p: MailPayment): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (p.method === "mb") rows.push(["Entidade", p.entity ?? "—"]);
  if (p.method === "mbway") rows.push(["Telemóvel", p.phone ?? "—"]);
  else rows.push(["Referência", groupReference(p.reference ?? "")]);
  rows.push(["Valor", formatEuros(p.amountCents)]);
  if (p.method !== "mbway" && p.expiresAt) rows.push(["Validade", formatValidity(p.expiresAt)]);
  return rows;
}

/** Text and HTML of one mail: paragraphs, an optional table of data, and the link to the order. */
function compose(
  base: OrderMailBase,
  parts: { intro: string[]; rows?: Array<[string, string]>; outro?: string[]; linkLabel: string },
): { text: string; html: string } {
  const link = orderLink(base.publicUrl, base.orderId);
  const rows = parts.rows ?? [];
  const text = [
    `Olá ${base.name},`,
    "",
    ...parts.intro.flatMap((p) => [p, ""]),
    ...(rows.length ? [...rows.map(([k, v]) => `${k}: ${v}`), ""] : []),
    ...(parts.outro ?? []).flatMap((p) => [p, ""]),
    `${parts.linkLabel}: ${link}`,
  ].join("\n");
  const html = renderMail(
    h(UnpaidOrderMail, {
      name: base.name,
      intro: parts.intro,
      rows,
      outro: parts.outro ?? [],
      link,
      linkLabel: parts.linkLabel,
    }),
  );
  return { text, html };
}

export const instructionsKey = (paymentId: number) => `payment-instructions:${paymentId}`;
export const reminderKey = (paymentId: number) => `payment-reminder:${paymentId}`;
export const expiredKey = (orderId: number) => `order-expired:${orderId}`;
export const cancelledKey = (orderId: number) => `order-cancelled:${orderId}`;

/** How to pay, sent once per payment when it is stored (checkout, or the switch to Multibanco). */
export function paymentInstructionsMail(base: OrderMailBase, payment: MailPayment): OutgoingMail {
  const o = base.orderId;
  const mbway = payment.method === "mbway";
  const intro = mbway
    ? [
        `Recebemos a sua encomenda #${o}. Enviámos um pedido de pagamento MB WAY para o número ${payment.phone ?? "—"}.`,
        "Abra a app MB WAY e aceite o pedido no prazo de 4 minutos. Se o prazo terminar, pode pagar a mesma encomenda por Multibanco na página da encomenda.",
      ]
    : [
        `Recebemos a sua encomenda #${o}. Para a pagar ${payment.method === "mb" ? "num multibanco ou no homebanking" : "num agente Payshop ou CTT"}, use os dados abaixo.`,
      ];
  const outro = mbway
    ? ["A encomenda é processada assim que o pagamento for confirmado."]
    : [
        "A encomenda é processada assim que o pagamento for confirmado. Depois da validade, a referência deixa de funcionar e a encomenda é anulada.",
      ];
  const { text, html } = compose(base, { intro, rows: paymentRows(payment), outro, linkLabel: "Ver a encomenda" });
  return {
    to: base.to,
    kind: "payment-instructions",
    subject: mbway ? `Encomenda #${o}: aceite o pagamento MB WAY` : `Encomenda #${o}: dados para pagamento`,
    text,
    html,
    dedupeKey: instructionsKey(payment.id),
  };
}

/** One day before a Multibanco or Payshop reference expires. */
export function paymentReminderMail(base: OrderMailBase, payment: MailPayment): OutgoingMail {
  const o = base.orderId;
  const { text, html } = compose(base, {
    intro: [
      `A sua encomenda #${o} ainda aguarda pagamento e a referência termina em breve${payment.expiresAt ? ` (${formatValidity(payment.expiresAt)})` : ""}.`,
    ],
    rows: paymentRows(payment),
    outro: ["Se já pagou, ignore esta mensagem: a confirmação chega assim que o pagamento for registado."],
    linkLabel: "Ver a encomenda",
  });
  return {
    to: base.to,
    kind: "payment-reminder",
    subject: `Lembrete: a referência da encomenda #${o} termina amanhã`,
    text,
    html,
    dedupeKey: reminderKey(payment.id),
  };
}

/** The payment's validity passed and the order expired (its units went back to the shop). */
export function orderExpiredMail(base: OrderMailBase): OutgoingMail {
  const o = base.orderId;
  const { text, html } = compose(base, {
    intro: [
      `O prazo de pagamento da encomenda #${o} terminou sem recebermos o pagamento, por isso a encomenda foi anulada.`,
      "Se ainda quiser os artigos, faça uma nova encomenda na loja. Se pagou depois do prazo, contacte-nos: o valor será devolvido ou a encomenda retomada.",
    ],
    linkLabel: "Ver a encomenda",
  });
  return {
    to: base.to,
    kind: "order-expired",
    subject: `Encomenda #${o} anulada: prazo de pagamento terminado`,
    text,
    html,
    dedupeKey: expiredKey(o),
  };
}

/** An unpaid order was cancelled (by the shop, or because its payment could not be created). */
export function orderCancelledMail(base: OrderMailBase, reason?: string): OutgoingMail {
  const o = base.orderId;
  const { text, html } = compose(base, {
    intro: [`A encomenda #${o} foi cancelada.${reason ? ` ${reason}` : ""}`, "Nenhum valor foi cobrado."],
    linkLabel: "Ver a encomenda",
  });
  return {
    to: base.to,
    kind: "order-cancelled",
    subject: `Encomenda #${o} cancelada`,
    text,
    html,
    dedupeKey: cancelledKey(o),
  };
}
