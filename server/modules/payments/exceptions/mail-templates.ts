import { createElement as h } from "react";
import { Facts, MailLink, Paragraph, greeted } from "#server/core/mail/layout.ts";

/* The HTML content of the admin's payment-exception e-mail (mails.ts has its words; core/mail/layout.ts the rest). */

export function PaymentExceptionMail(p: {
  name: string;
  intro: string;
  facts: Array<[string, string]>;
  advice: string;
  link: string;
}) {
  return greeted(
    p.name,
    h(Paragraph, null, p.intro),
    h(Facts, { rows: p.facts }),
    h(Paragraph, null, h("strong", null, "O que fazer:"), ` ${p.advice}`),
    h(Paragraph, null, h(MailLink, { href: p.link }, "Abrir as exceções de pagamento")),
  );
}
