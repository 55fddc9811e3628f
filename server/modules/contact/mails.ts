import { escapeHtml } from "#server/core/mail/escape.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { lisbonDateTime } from "#server/modules/aftersale/returns/mails.ts";

/*
 * The shop's copy of a contact form message (pt-PT, plain text and HTML), queued in the transaction that stores it.
 * It goes to the contact address of the settings with Reply-To the shopper, so 'Responder' in the shop's mail client
 * answers the person who wrote.
 */

export interface ContactMailData {
  /** The shop's contact address (settings: identity.email). */
  to: string;
  messageId: number;
  name: string;
  email: string;
  message: string;
  receivedAt: Date;
}

export function contactMail(d: ContactMailData): OutgoingMail {
  const when = lisbonDateTime(d.receivedAt);
  const text = [
    `Nova mensagem (n.º ${d.messageId}) enviada pelo formulário de contacto a ${when} (hora de Lisboa).`,
    "",
    `Nome: ${d.name}`,
    `Email: ${d.email}`,
    "",
    "Mensagem:",
    d.message,
    "",
    "Para responder, responda a este email: a resposta vai para o endereço de quem escreveu.",
  ].join("\n");
  const html = [
    `<p>Nova mensagem (n.º ${d.messageId}) enviada pelo formulário de contacto a ${escapeHtml(when)} (hora de Lisboa).</p>`,
    `<p><strong>Nome:</strong> ${escapeHtml(d.name)}<br>`,
    `<strong>Email:</strong> <a href="mailto:${escapeHtml(d.email)}">${escapeHtml(d.email)}</a></p>`,
    `<p><strong>Mensagem:</strong></p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(d.message)}</p>`,
    `<p style="color:#555">Para responder, responda a este email: a resposta vai para o endereço de quem escreveu.</p>`,
  ].join("\n");
  return {
    to: d.to,
    replyTo: d.email,
    subject: `Nova mensagem de contacto: ${d.name}`,
    text,
    html,
    kind: "contact-message",
    dedupeKey: `contact-message:${d.messageId}`,
  };
}
