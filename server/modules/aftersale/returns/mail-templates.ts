import { createElement as h } from "react";
import { Facts, MailLink, Paragraph, greeted } from "#server/core/mail/layout.ts";

/* The HTML content of the returns e-mails (mails.ts and refund-mails.ts have their words; core/mail/layout.ts the rest). */

const list = { margin: "0 0 16px", paddingLeft: "24px" };

export function WithdrawalMail(p: {
  verb: string;
  updated: boolean;
  name: string;
  returnId: number;
  orderId: number;
  when: string;
  items: string[];
  refund: string;
  sendBack: string;
  addressLines: string[];
  refundWhen: string;
  orderUrl: string;
}) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      `${p.verb} o seu pedido de livre resolução (n.º ${p.returnId}) da encomenda `,
      h("strong", null, `#${p.orderId}`),
      p.updated ? ", registado a " : " a ",
      h("strong", null, p.when),
      " (hora de Lisboa).",
    ),
    h(Paragraph, { style: { marginBottom: "4px" } }, h("strong", null, "Artigos")),
    h("ul", { style: list }, ...p.items.map((item) => h("li", null, item))),
    h(Paragraph, null, h("strong", null, p.refund)),
    h(Paragraph, { style: { marginBottom: "4px" } }, h("strong", null, "O que acontece a seguir")),
    h(
      "ol",
      { style: list },
      h("li", null, p.sendBack, ...p.addressLines.flatMap((line) => [h("br"), line])),
      h("li", null, p.refundWhen),
    ),
    h(Paragraph, null, "Pode acompanhar o pedido em ", h(MailLink, { href: p.orderUrl }, "A minha conta"), "."),
  );
}

export function DeclarationMail(p: {
  name: string;
  intro: string;
  covers: string;
  items: string[];
  refund: string;
  todo: string;
  linkUrl: string;
  notYou: string;
  validity: string;
  orderUrl: string;
  sendBack: string;
  addressLines: string[];
  refundWhen: string;
}) {
  return greeted(
    p.name,
    h(Paragraph, null, p.intro),
    h(Paragraph, { style: { marginBottom: "4px" } }, p.covers),
    h("ul", { style: list }, ...p.items.map((item) => h("li", null, item))),
    h(Paragraph, null, h("strong", null, p.refund)),
    h(Paragraph, null, p.todo),
    h(Paragraph, null, h(MailLink, { href: p.linkUrl }, "Escolher os artigos e concluir o pedido")),
    h(Paragraph, null, p.notYou),
    h(Paragraph, null, p.validity, " ", h(MailLink, { href: p.orderUrl }, "A minha conta"), "."),
    h(Paragraph, { style: { marginBottom: "4px" } }, h("strong", null, "O que acontece a seguir")),
    h(
      "ol",
      { style: list },
      h("li", null, p.sendBack, ...p.addressLines.flatMap((line) => [h("br"), line])),
      h("li", null, p.refundWhen),
    ),
  );
}

export function NotRecordedMail(p: { name: string; intro: string; notYou: string; orderUrl: string }) {
  return greeted(
    p.name,
    h(Paragraph, null, p.intro),
    h(Paragraph, null, p.notYou),
    h(Paragraph, null, h(MailLink, { href: p.orderUrl }, "Ver a encomenda em A minha conta")),
  );
}

export function RefundMail(p: {
  name: string;
  amount: string;
  why: string;
  facts: Array<[string, string]>;
  done: string;
  orderId: number;
  orderUrl: string;
}) {
  return greeted(
    p.name,
    h(Paragraph, null, "Reembolsámos ", h("strong", null, p.amount), ` ${p.why}.`),
    h(Facts, { rows: p.facts }),
    h(Paragraph, null, p.done),
    h(Paragraph, null, "A nota de crédito correspondente será emitida e ficará disponível na sua conta."),
    h(Paragraph, null, h(MailLink, { href: p.orderUrl }, `Ver a encomenda #${p.orderId}`)),
  );
}
