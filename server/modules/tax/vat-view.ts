import { z } from "zod";
import { storedShipping, vatBreakdown, vatGroupLabel, type VatLine } from "./vat.ts";

/*
 * The IVA breakdown as the order APIs answer it (the shopper's /conta order and the admin's order page), from the
 * order's stored lines and delivery through vatBreakdown(): the same figures as the e-mail and the invoice.
 * Euros like the rest of those answers; the browser takes the type through z.infer.
 */

const group = z.object({
  /** 2300 = 23 %; 0 for exempt. */
  taxa_bp: z.number().int(),
  codigo_isencao: z.string().nullable(),
  /** "IVA 23 %" or "Isento (M10)". */
  rotulo: z.string(),
  /** Euros: sem IVA, IVA and IVA included. */
  base: z.number(),
  iva: z.number(),
  total: z.number(),
  /** The delivery is counted in this group. */
  inclui_portes: z.boolean(),
});

export const vatBreakdownView = z.object({
  grupos: z.array(group),
  base: z.number(),
  iva: z.number(),
  total: z.number(),
});
export type VatBreakdownView = z.infer<typeof vatBreakdownView>;

const euros = (cents: number) => cents / 100;

/**
 * The view of a stored order: its lines (order_lines, with their discounts) and its delivery as paid
 * (orders.shipping_cents − shipping_discount_cents, shipping_vat_rate_bp).
 */
export function vatViewOf(
  lines: readonly VatLine[],
  order: { shippingCents: number; shippingVatRateBp: number; shippingDiscountCents?: number },
): VatBreakdownView {
  const shipping = order.shippingCents - (order.shippingDiscountCents ?? 0);
  const b = vatBreakdown(lines, storedShipping(lines, shipping, order.shippingVatRateBp));
  return {
    grupos: b.groups.map((g) => ({
      taxa_bp: g.rateBp,
      codigo_isencao: g.exemptionCode,
      rotulo: vatGroupLabel(g),
      base: euros(g.baseCents),
      iva: euros(g.vatCents),
      total: euros(g.totalCents),
      inclui_portes: g.includesShipping,
    })),
    base: euros(b.baseCents),
    iva: euros(b.vatCents),
    total: euros(b.totalCents),
  };
}
