import { createElement as h } from "react";
import { formatEuros } from "#server/core/money.ts";
import { vatGroupLabel, type VatBreakdown } from "./vat.ts";

/*
 * The IVA breakdown as e-mails show it (plain text, and a table for the HTML part's layout), from vatBreakdown() of the order's stored lines: one
 * line per rate (and exemption code), the delivery said where it is counted.
 */

const label = (g: VatBreakdown["groups"][number]) =>
  `${vatGroupLabel(g)}${g.includesShipping ? " (inclui portes)" : ""}`;

/** "IVA 23 % (inclui portes): base 44,06 €, IVA 10,13 €, total 54,19 €" per group, after a heading. */
export function vatBreakdownText(b: VatBreakdown): string[] {
  return [
    "IVA incluído nos preços:",
    ...b.groups.map(
      (g) =>
        `- ${label(g)}: base ${formatEuros(g.baseCents)}, IVA ${formatEuros(g.vatCents)}, total ${formatEuros(g.totalCents)}`,
    ),
    `Total de IVA: ${formatEuros(b.vatCents)}`,
  ];
}

/** The same as a small table (Taxa, Base, IVA, Total). */
export function VatBreakdownTable({ breakdown: b }: { breakdown: VatBreakdown }) {
  const cell = { textAlign: "right", paddingLeft: "12px" } as const;
  return h(
    "table",
    { style: { borderCollapse: "collapse", width: "100%", maxWidth: "520px", fontSize: "13px", margin: "0 0 16px" } },
    h("caption", { style: { textAlign: "left", fontWeight: "bold" } }, "IVA incluído nos preços"),
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { style: { textAlign: "left" } }, "Taxa"),
        h("th", { style: cell }, "Base"),
        h("th", { style: cell }, "IVA"),
        h("th", { style: cell }, "Total"),
      ),
    ),
    h(
      "tbody",
      null,
      ...b.groups.map((g) =>
        h(
          "tr",
          null,
          h("td", null, label(g)),
          h("td", { style: cell }, formatEuros(g.baseCents)),
          h("td", { style: cell }, formatEuros(g.vatCents)),
          h("td", { style: cell }, formatEuros(g.totalCents)),
        ),
      ),
      h(
        "tr",
        null,
        h("td", null, h("strong", null, "Total de IVA")),
        h("td"),
        h("td", { style: cell }, h("strong", null, formatEuros(b.vatCents))),
        h("td"),
      ),
    ),
  );
}
