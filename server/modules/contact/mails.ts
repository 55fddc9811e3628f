import { createElement as h } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatLongDateTime } from "#server/core/time.ts";
import { ContactMail } from "./mail-templates.ts";

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
  const when = formatLongDateTime(d.receivedAt);
  const intro = `Nova mensagem (n.º ${d.messageId}) enviada pelo formulário de contacto a ${when} (hora de Lisboa).`;
  const replyHint = "Para responder, responda a este email: a resposta vai para o endereço de quem escreveu.";
  const text = [intro, "", `Nome: ${d.name}`, `Email: ${d.email}`, "", "Mensagem:", d.message, "", replyHint].join(
    "\n",
  );
  const html = renderMail(h(ContactMail, { intro, name: d.name, email: d.email, message: d.message, replyHint }));
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
