import { createElement as h, Fragment, type ReactNode } from "react";
import { MailLink, Paragraph, greeted } from "#server/core/mail/layout.ts";

/* The HTML content of the order confirmation (mails.ts has its words; core/mail/layout.ts the rest). */

const right = { textAlign: "right" } as const;

export function OrderConfirmationMail(p: {
  name: string;
  orderId: number;
  lines: Array<{ item: string; variant: string; amount: string }>;
  subtotal: string;
  /** The order's discounts (label with the code, amount), or null. */
  discount?: { label: string; amount: string } | null;
  shipping: string;
  method: string;
  total: string;
  /** The IVA breakdown's table (tax/vat-mail.ts). */
  vat: ReactNode;
  deliveryLines: string[];
  speed: string;
  orderUrl: string;
}) {
  return greeted(
    p.name,
    h(
      Paragraph,
      null,
      "Recebemos o pagamento da sua encomenda ",
      h("strong", null, `#${p.orderId}`),
      ". Obrigado pela sua compra!",
    ),
    h(
      "table",
      { style: { borderCollapse: "collapse", width: "100%", maxWidth: "520px", margin: "0 0 16px" } },
      h(
        "tbody",
        null,
        ...p.lines.map((l) =>
          h(
            "tr",
            null,
            h("td", null, l.item, l.variant ? h(Fragment, null, " ", h("small", null, `(${l.variant})`)) : null),
            h("td", { style: right }, l.amount),
          ),
        ),
        h("tr", null, h("td", null, "Subtotal"), h("td", { style: right }, p.subtotal)),
        p.discount
          ? h("tr", null, h("td", null, p.discount.label), h("td", { style: right }, `−${p.discount.amount}`))
          : null,
        h("tr", null, h("td", null, "Portes"), h("td", { style: right }, p.shipping)),
        h(
          "tr",
          null,
          h("td", null, h("strong", null, `Total pago (${p.method})`)),
          h("td", { style: right }, h("strong", null, p.total)),
        ),
      ),
    ),
    p.vat,
    h(
      Paragraph,
      null,
      h("strong", null, "Morada de entrega"),
      ...[...p.deliveryLines, p.speed].flatMap((line) => [h("br"), line]),
    ),
    h(Paragraph, null, "A encomenda é expedida no prazo de 24 horas úteis após o pagamento."),
    h(
      Paragraph,
      null,
      "Acompanhe a encomenda e descarregue a fatura, logo que emitida, na sua conta: ",
      h(MailLink, { href: p.orderUrl }, p.orderUrl),
    ),
  );
}
