import { createElement as h, Fragment } from "react";
import { MailLink, Paragraph } from "#server/core/mail/layout.ts";

/* The HTML content of the shop's copy of a contact message (mails.ts has its words; core/mail/layout.ts the rest). */

export function ContactMail(p: { intro: string; name: string; email: string; message: string; replyHint: string }) {
  return h(
    Fragment,
    null,
    h(Paragraph, null, p.intro),
    h(
      Paragraph,
      null,
      h("strong", null, "Nome:"),
      ` ${p.name}`,
      h("br"),
      h("strong", null, "Email:"),
      " ",
      h(MailLink, { href: `mailto:${p.email}` }, p.email),
    ),
    h(Paragraph, { style: { marginBottom: "4px" } }, h("strong", null, "Mensagem:")),
    h(Paragraph, { style: { whiteSpace: "pre-wrap" } }, p.message),
    h(Paragraph, { style: { color: "#555" } }, p.replyHint),
  );
}
