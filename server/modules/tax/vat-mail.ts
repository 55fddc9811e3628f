import { escapeHtml } from "#server/core/mail/escape.ts";
import { vatGroupLabel, type VatBreakdown } from "./vat.ts";

/*
 * The IVA breakdown as e-mails show it (plain text and HTML), from vatBreakdown() of the order's stored lines: one
 * line per rate (and exemption code), the delivery said where it is counted.
 */

const euros = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

const label = (g: VatBreakdown["groups"][number]) =>
  `${vatGroupLabel(g)}${g.includesShipping ? " (inclui portes)" : ""}`;

/** "IVA 23 % (inclui portes): base 44,06 €, IVA 10,13 €, total 54,19 €" per group, after a heading. */
export function vatBreakdownText(b: VatBreakdown): string[] {
  return [
    "IVA incluído nos preços:",
    ...b.groups.map(
      (g) => `- ${label(g)}: base ${euros(g.baseCents)}, IVA ${euros(g.vatCents)}, total ${euros(g.totalCents)}`,
    ),
    `Total de IVA: ${euros(b.vatCents)}`,
  ];
}

/** The same as a small table (Taxa, Base, IVA, Total). */
export function vatBreakdownHtml(b: VatBreakdown): string {
  const cell = 'style="text-align:right;padding-left:12px"';
  const rows = b.groups
    .map(
      (g) =>
        `<tr><td>${escapeHtml(label(g))}</td><td ${cell}>${euros(g.baseCents)}</td>` +
        `<td ${cell}>${euros(g.vatCents)}</td><td ${cell}>${euros(g.totalCents)}</td></tr>`,
    )
    .join("");
  return (
    `<table style="border-collapse:collapse;width:100%;max-width:520px;font-size:13px">` +
    `<caption style="text-align:left;font-weight:bold">IVA incluído nos preços</caption>` +
    `<tr><th style="text-align:left">Taxa</th><th ${cell}>Base</th><th ${cell}>IVA</th><th ${cell}>Total</th></tr>` +
    `${rows}<tr><td><strong>Total de IVA</strong></td><td></td><td ${cell}><strong>${euros(b.vatCents)}</strong></td><td></td></tr></table>`
  );
}
