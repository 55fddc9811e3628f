import { createElement as h, type ReactNode } from "react";
import { renderMail } from "#server/core/mail/layout.ts";
import type { OutgoingMail } from "#server/core/mail/outbox.ts";
import { formatEuros } from "#server/core/money.ts";
import { FulfilmentMail, Tracking } from "./mail-templates.ts";

/*
 * The shopper's e-mails of fulfilment (pt-PT, plain text and HTML): shipped (carrier, number, tracking
 * link), delivered, cancelled (with the refund to come). No dedupe key: each is queued by the
 * transition itself, under the order's row lock, so it happens once per step taken.
 */

interface Recipient {
  orderId: number;
  to: string;
  customerName: string;
  /** The shop's address: the order's page in "A minha conta" is linked. */
  publicUrl: string;
}

const orderPage = (r: Recipient) => `${r.publicUrl}/conta/encomendas/${r.orderId}`;

function mail(r: Recipient, kind: string, subject: string, paragraphs: Array<{ text: string; html: ReactNode }>) {
  const hello = `Olá ${r.customerName},`;
  const closing = `Pode acompanhar a encomenda em ${orderPage(r)}`;
  const text = [hello, "", ...paragraphs.flatMap((p) => [p.text, ""]), closing].join("\n");
  const html = renderMail(
    h(FulfilmentMail, { name: r.customerName, paragraphs: paragraphs.map((p) => p.html), orderUrl: orderPage(r) }),
  );
  return { to: r.to, kind, subject, text, html } satisfies OutgoingMail;
}

const plain = (text: string) => ({ text, html: text });

export function shippedMail(
  r: Recipient & { carrierName: string; trackingNumber: string; trackingUrl: string },
): OutgoingMail {
  return mail(r, "order-shipped", `A sua encomenda #${r.orderId} foi enviada`, [
    plain(`A sua encomenda #${r.orderId} foi enviada por ${r.carrierName}.`),
    {
      text: `Número de seguimento: ${r.trackingNumber}\nSiga a entrega em: ${r.trackingUrl}`,
      html: h(Tracking, { number: r.trackingNumber, url: r.trackingUrl }),
    },
  ]);
}

export function deliveredMail(r: Recipient): OutgoingMail {
  return mail(r, "order-delivered", `A sua encomenda #${r.orderId} foi entregue`, [
    plain(`A sua encomenda #${r.orderId} foi entregue. Obrigado pela sua compra!`),
    plain("Se alguma coisa não estiver bem, responda a este e-mail e tratamos do assunto."),
  ]);
}

export function cancelledMail(r: Recipient & { totalCents: number; reason?: string }): OutgoingMail {
  return mail(r, "order-cancelled", `A sua encomenda #${r.orderId} foi cancelada`, [
    plain(`A sua encomenda #${r.orderId} foi cancelada.${r.reason ? ` Motivo: ${r.reason}` : ""}`),
    plain(
      `Vamos reembolsar o valor pago (${formatEuros(r.totalCents)}). Entraremos em contacto consigo para combinar ` +
        "a forma de reembolso, se ainda não o fizemos.",
    ),
  ]);
}
