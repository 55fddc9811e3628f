/*
 * IVA of an order, as charged: prices are IVA included, so IVA is taken out of each rate's gross total, never added.
 * One pure function shared by the confirmation e-mail, the order pages (admin and /conta) and the invoice adapters,
 * so every place shows the same figures. See docs/decisions/0013-iva.md for the rule on delivery.
 */
import { formatRate } from "./rules.ts";

/** One order line as stored (order_lines): IVA-included unit price, rate in basis points (2300 = 23 %). */
export interface VatLine {
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  /** M01–M99 when vatRateBp is 0, else null. */
  vatExemptionCode: string | null;
  /** The line's discount, whole line (order_lines.discount_cents; issue 20): IVA is on the discounted amount. */
  discountCents?: number;
}

/** The order's delivery as charged (orders.shipping_cents, orders.shipping_vat_rate_bp). */
export interface VatShipping {
  cents: number;
  vatRateBp: number;
  vatExemptionCode: string | null;
}

/** One row of the breakdown: everything charged at one rate (and, at 0 %, with one exemption code). */
export interface VatGroup {
  rateBp: number;
  exemptionCode: string | null;
  /** Sem IVA. */
  baseCents: number;
  vatCents: number;
  /** IVA included: base + IVA. */
  totalCents: number;
  /** True when the delivery is charged in this group. */
  includesShipping: boolean;
}

export interface VatBreakdown {
  /** By rate, highest first; exempt groups (0 %) last, by code. */
  groups: VatGroup[];
  baseCents: number;
  vatCents: number;
  /** Equals the order's total: the sum of the lines and the delivery. */
  totalCents: number;
}

/** round(gross × r / (1 + r)) with r = bp / 10 000, in integers (half up; gross is never negative). */
export function vatIncluded(grossCents: number, rateBp: number): number {
  if (rateBp <= 0) return 0;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * grossCents * rateBp + denominator) / (2 * denominator));
}

/**
 * The IVA breakdown per rate (and per exemption code): each group's IVA from the group's gross total, base = gross −
 * IVA, so base + IVA = total per group and the groups' totals add up exactly to the lines plus the delivery.
 * Delivery counts in the group of its own rate (a zero delivery adds nothing and creates no group).
 */
export function vatBreakdown(lines: readonly VatLine[], shipping: VatShipping): VatBreakdown {
  const gross = new Map<string, { rateBp: number; exemptionCode: string | null; cents: number; shipping: boolean }>();
  const add = (rateBp: number, code: string | null, cents: number, isShipping: boolean) => {
    const exemptionCode = rateBp === 0 ? code : null;
    const key = `${rateBp}:${exemptionCode ?? ""}`;
    const group = gross.get(key) ?? { rateBp, exemptionCode, cents: 0, shipping: false };
    group.cents += cents;
    group.shipping ||= isShipping;
    gross.set(key, group);
  };
  for (const l of lines)
    add(l.vatRateBp, l.vatExemptionCode, l.quantity * l.unitPriceCents - (l.discountCents ?? 0), false);
  if (shipping.cents > 0) add(shipping.vatRateBp, shipping.vatExemptionCode, shipping.cents, true);

  const groups = [...gross.values()]
    .map((g): VatGroup => {
      const vatCents = vatIncluded(g.cents, g.rateBp);
      return {
        rateBp: g.rateBp,
        exemptionCode: g.exemptionCode,
        baseCents: g.cents - vatCents,
        vatCents,
        totalCents: g.cents,
        includesShipping: g.shipping,
      };
    })
    .sort((a, b) => b.rateBp - a.rateBp || (a.exemptionCode ?? "").localeCompare(b.exemptionCode ?? ""));
  const sum = (pick: (g: VatGroup) => number) => groups.reduce((s, g) => s + pick(g), 0);
  return {
    groups,
    baseCents: sum((g) => g.baseCents),
    vatCents: sum((g) => g.vatCents),
    totalCents: sum((g) => g.totalCents),
  };
}

// How a rate is written is shared with the admin's product forms (rules.ts).
export { formatRate };

/** A group's label: "IVA 23 %" or "Isento (M10)". */
export function vatGroupLabel(g: Pick<VatGroup, "rateBp" | "exemptionCode">): string {
  return g.rateBp === 0 ? `Isento${g.exemptionCode ? ` (${g.exemptionCode})` : ""}` : `IVA ${formatRate(g.rateBp)}`;
}

/**
 * The delivery's rate (decision 0013): the goods' rate when every line has the same one (an exempt shop's delivery is
 * exempt with the same code), else the normal rate of the delivery's region.
 */
export function shippingVat(
  lines: readonly Pick<VatLine, "vatRateBp" | "vatExemptionCode">[],
  regionNormalRateBp: number,
): { vatRateBp: number; vatExemptionCode: string | null } {
  const first = lines[0];
  const one =
    first && lines.every((l) => l.vatRateBp === first.vatRateBp && l.vatExemptionCode === first.vatExemptionCode);
  if (one)
    return { vatRateBp: first.vatRateBp, vatExemptionCode: first.vatRateBp === 0 ? first.vatExemptionCode : null };
  return { vatRateBp: regionNormalRateBp, vatExemptionCode: null };
}

/**
 * The delivery's exemption code for a stored order (orders keep only shipping_vat_rate_bp): at 0 % it is the code of
 * the exempt lines, which all share it under shippingVat()'s rule.
 */
export function storedShipping(
  lines: readonly Pick<VatLine, "vatRateBp" | "vatExemptionCode">[],
  shippingCents: number,
  shippingVatRateBp: number,
): VatShipping {
  const exempt = shippingVatRateBp === 0 ? lines.find((l) => l.vatRateBp === 0) : undefined;
  return { cents: shippingCents, vatRateBp: shippingVatRateBp, vatExemptionCode: exempt?.vatExemptionCode ?? null };
}
