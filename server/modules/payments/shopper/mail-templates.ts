import { createElement as h } from "react";
import { Facts, MailLink, Paragraph, greeted } from "#server/core/mail/layout.ts";

/* The HTML content of the e-mails that follow an unpaid order (mails.ts has their words; core/mail/layout.ts the rest). */

/** Paragraphs, an optional table of payment data, more paragraphs, and the link to the order. */
export function UnpaidOrderMail(p: {
  name: string;
  intro: string[];
  rows: Array<[string, string]>;
  outro: string[];
  link: string;
  linkLabel: string;
}) {
  return greeted(
    p.name,
    ...p.intro.map((text) => h(Paragraph, null, text)),
    p.rows.length ? h(Facts, { rows: p.rows }) : null,
    ...p.outro.map((text) => h(Paragraph, null, text)),
    h(Paragraph, null, h(MailLink, { href: p.link }, p.linkLabel)),
  );
}
