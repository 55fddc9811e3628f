import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { formatLongDateTime } from "#server/core/time.ts";
import { formatIban } from "./iban.ts";
import { DeclarationMail, NotRecordedMail, WithdrawalMail } from "./mail-templates.ts";
import { WITHDRAWAL_DAYS } from "./withdrawal-view.ts";

/*
 * The shopper's withdrawal e-mails (pt-PT, plain text and HTML), always to the order's own address (the buying
 * account's), queued in the request's transaction: Decreto-Lei 24/2014 asks the shop to acknowledge receipt of the
 * withdrawal on a durable medium without delay. The confirmation of a request made or corrected by the owner; the
 * acknowledgement of a public declaration, with its one-time link; and why a public declaration was not recorded.
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
  /** A correction of a request (by the owner, in /conta or through the link): sent on each correction. */
  updatedAt?: Date;
}

type MailLine = WithdrawalMailData["lines"][number];
const variant = (l: MailLine) => [l.color, l.size].filter(Boolean).join(" / ");
const itemText = (l: MailLine) =>
  `${l.quantity} × ${l.name}${variant(l) ? ` (${variant(l)})` : ""}: ${formatEuros(l.cents)}`;
const refundLine = (cents: number, includesDelivery: boolean) =>
  `Valor a reembolsar: ${formatEuros(cents)}${includesDelivery ? " (inclui os portes de envio)" : ""}`;
const addressLinesOf = (a: WithdrawalMailData["returnAddress"]) => [a.name, a.address, `${a.postalCode} ${a.city}`];
const SEND_BACK =
  `Envie-nos os artigos no prazo de ${WITHDRAWAL_DAYS} dias a contar de hoje, ` +
  "bem acondicionados e com a indicação do número da encomenda, para:";

export function withdrawalConfirmationMail(d: WithdrawalMailData): OutgoingMail {
  const when = formatLongDateTime(d.requestedAt);
  const verb = d.updatedAt ? "Atualizámos" : "Registámos";
  const refundText = refundLine(d.refundCents, d.includesDelivery);
  const refundHow =
    d.refundTo.kind === "mbway"
      ? "por MB WAY, para o telemóvel com que pagou"
      : `por transferência bancária para o IBAN ${formatIban(d.refundTo.iban)}`;
  const addressLines = addressLinesOf(d.returnAddress);
  const sendBack = SEND_BACK;
  const refundWhen =
    `Faremos o reembolso ${refundHow}, no prazo de ${WITHDRAWAL_DAYS} dias a contar da data deste pedido. ` +
    "Podemos aguardar a receção dos artigos, ou a prova de que os enviou, antes de reembolsar.";

  const text = [
    `Olá ${d.customerName},`,
    "",
    d.updatedAt
      ? `Atualizámos o seu pedido de livre resolução (n.º ${d.returnId}) da encomenda #${d.orderId}, registado a ${when} (hora de Lisboa).`
      : `Registámos o seu pedido de livre resolução (n.º ${d.returnId}) da encomenda #${d.orderId} a ${when} (hora de Lisboa).`,
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
      verb,
      updated: Boolean(d.updatedAt),
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

  if (d.updatedAt) {
    return {
      to: d.to,
      kind: "withdrawal-updated",
      subject: `Livre resolução atualizada: encomenda #${d.orderId}`,
      text,
      html,
      dedupeKey: `withdrawal-updated:${d.returnId}:${d.updatedAt.getTime()}`,
    };
  }
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

export interface DeclarationMailData {
  to: string;
  customerName: string;
  orderId: number;
  returnId: number;
  /** The declaration's date: the legal one. */
  declaredAt: Date;
  /** What it covers: every unit not yet in another request. */
  lines: MailLine[];
  refundCents: number;
  includesDelivery: boolean;
  /** Paid by Multibanco or Payshop: the owner must give the IBAN through the link. */
  ibanNeeded: boolean;
  returnAddress: WithdrawalMailData["returnAddress"];
  linkUrl: string;
  linkExpiresAt: Date;
  orderUrl: string;
  /** The link's row: each link (a declaration repeated while the first waits) is one mail. */
  linkId: number;
}

/**
 * The acknowledgement of a declaration made on the public form. Whoever typed it saw nothing of the order; this
 * goes to the order's own address with the one-time link where the owner narrows the items, gives the IBAN, or
 * cancels a request they did not make.
 */
export function withdrawalDeclarationMail(d: DeclarationMailData): OutgoingMail {
  const when = formatLongDateTime(d.declaredAt);
  const intro =
    `Registámos uma declaração de livre resolução (n.º ${d.returnId}) da encomenda #${d.orderId}, enviada no ` +
    `formulário de livre resolução do nosso site a ${when} (hora de Lisboa). É esta a data da declaração.`;
  const covers = "A declaração abrange todos os artigos da encomenda ainda não devolvidos:";
  const refundText = refundLine(d.refundCents, d.includesDelivery);
  const todo = d.ibanNeeded
    ? "Para concluir o pedido, abra a ligação abaixo: indique o IBAN para onde transferimos o reembolso (pagou por " +
      "Multibanco ou Payshop) e, se não quiser devolver tudo, escolha os artigos."
    : "Se não quiser devolver tudo, abra a ligação abaixo e escolha os artigos; o reembolso é feito por MB WAY, para " +
      "o telemóvel com que pagou.";
  const notYou = "Se não foi você a enviar esta declaração, use a mesma ligação para cancelar o pedido.";
  const validity =
    `A ligação só pode ser usada uma vez e é válida até ${formatLongDateTime(d.linkExpiresAt)}. ` +
    "Também pode fazer tudo isto na página da encomenda, em A minha conta:";
  const addressLines = addressLinesOf(d.returnAddress);
  const refundWhen =
    `Reembolsamos no prazo de ${WITHDRAWAL_DAYS} dias a contar da data da declaração; podemos aguardar a receção ` +
    "dos artigos, ou a prova de que os enviou, antes de reembolsar.";
  const text = [
    `Olá ${d.customerName},`,
    "",
    intro,
    "",
    covers,
    ...d.lines.map((l) => `- ${itemText(l)}`),
    "",
    refundText,
    "",
    todo,
    d.linkUrl,
    "",
    notYou,
    "",
    validity,
    d.orderUrl,
    "",
    "O que acontece a seguir:",
    `1. ${SEND_BACK}`,
    ...addressLines.map((l) => `   ${l}`),
    `2. ${refundWhen}`,
  ].join("\n");
  const html = renderMail(
    h(DeclarationMail, {
      name: d.customerName,
      intro,
      covers,
      items: d.lines.map(itemText),
      refund: refundText,
      todo,
      linkUrl: d.linkUrl,
      notYou,
      validity,
      orderUrl: d.orderUrl,
      sendBack: SEND_BACK,
      addressLines,
      refundWhen,
    }),
  );
  return {
    to: d.to,
    kind: "withdrawal-declared",
    subject: `Livre resolução registada: encomenda #${d.orderId}`,
    text,
    html,
    dedupeKey: `withdrawal-declared:${d.returnId}:${d.linkId}`,
  };
}

/** Why a public declaration could not be recorded, told to the order's own address (never to whoever typed it). */
export function withdrawalNotRecordedMail(d: {
  to: string;
  customerName: string;
  orderId: number;
  at: Date;
  why: string;
  orderUrl: string;
}): OutgoingMail {
  const intro =
    `Recebemos a ${formatLongDateTime(d.at)} (hora de Lisboa), no formulário de livre resolução do nosso site, ` +
    `uma declaração de livre resolução da encomenda #${d.orderId}, mas não a pudemos registar: ${d.why}`;
  const notYou = "Se não foi você a enviá-la, pode ignorar este email.";
  const text = [`Olá ${d.customerName},`, "", intro, "", notYou, "", `A sua encomenda: ${d.orderUrl}`].join("\n");
  const html = renderMail(h(NotRecordedMail, { name: d.customerName, intro, notYou, orderUrl: d.orderUrl }));
  return {
    to: d.to,
    kind: "withdrawal-not-recorded",
    subject: `Livre resolução não registada: encomenda #${d.orderId}`,
    text,
    html,
    dedupeKey: `withdrawal-not-recorded:${d.orderId}:${d.at.getTime()}`,
  };
}
