import { createElement as h, Fragment, type ReactNode } from "react";
import { MailLink, Paragraph, greeted } from "#server/core/mail/layout.ts";

/* The HTML content of the fulfilment e-mails (mails.ts has their words; core/mail/layout.ts the rest). */

/** the step's paragraphs, and the link to the order in "A minha conta". */
export function FulfilmentMail(p: { name: string; paragraphs: ReactNode[]; orderUrl: string }) {
  return greeted(
    p.name,
    ...p.paragraphs.map((content) => h(Paragraph, null, content)),
    h(Paragraph, null, "Pode acompanhar a encomenda em ", h(MailLink, { href: p.orderUrl }, "A minha conta"), "."),
  );
}

/** The carrier's tracking number and link. */
export function Tracking(p: { number: string; url: string }) {
  return h(
    Fragment,
    null,
    "Número de seguimento: ",
    h("strong", null, p.number),
    h("br"),
    h(MailLink, { href: p.url }, "Seguir a entrega"),
    ` (${p.url})`,
  );
}
