import { ConflictError } from "#server/core/errors.ts";
import type { Database } from "#server/core/db/client.ts";
import { checkCart, euros } from "./cart.ts";
import type { CartQuote, CartQuoteBody, TotalChangedDetails } from "./schemas.ts";
import { shippingCents, zoneFor, type ShippingRates } from "./shipping.ts";
import { eurosInText } from "#server/core/money.ts";

/*
 * The price before the order button (POST /api/cart/quote): the cart's lines as the database prices them,
 * delivery for the postal code typed, and the total to pay. Checkout charges the same sums (server/flows/checkout/checkout.ts),
 * and refuses an order whose total is no longer the one the shopper was shown (totalMismatch).
 */

/** A sum of money in cents written as the shopper reads it: "23,40 €". */

/** The 409 when the total shown (`total_esperado`) is not what the order would cost now; null when it is. */
export function totalMismatch(
  expectedEuros: number | undefined,
  sums: { subtotalCents: number; shippingCents: number },
): ConflictError | null {
  if (expectedEuros === undefined) return null;
  const totalCents = sums.subtotalCents + sums.shippingCents;
  if (Math.round(expectedEuros * 100) === totalCents) return null;
  const details: TotalChangedDetails = {
    reason: "total_changed",
    subtotal: euros(sums.subtotalCents),
    portes: euros(sums.shippingCents),
    total: euros(totalCents),
  };
  return new ConflictError(
    `O total da encomenda mudou para ${eurosInText(totalCents)} (portes incluídos). Confirme o novo total para continuar.`,
    details,
  );
}

/**
 * POST /api/cart/quote at the delivery prices `rates` (the shop's settings of now, read while the cart is).
 * Reads only; reserves nothing.
 */
export async function quoteCart(
  db: Database,
  body: CartQuoteBody,
  rates: ShippingRates | Promise<ShippingRates>,
): Promise<CartQuote> {
  const [check, prices] = await Promise.all([checkCart(db, body), rates]);
  // A line's price is the database's cents in euros (cart.ts: cents / 100), so × 100 gives the cents back exactly.
  const subtotalCents = check.lines.reduce(
    (sum, line) => (line.price === null ? sum : sum + Math.round(line.price * 100) * line.quantity),
    0,
  );
  const zone = body.codigo_postal === undefined ? null : zoneFor(body.codigo_postal);
  const portesCents = shippingCents(zone ?? "continente", body.entrega_rapida, prices, subtotalCents);
  return {
    ok: check.ok,
    lines: check.lines,
    subtotal: euros(subtotalCents),
    portes: euros(portesCents),
    total: euros(subtotalCents + portesCents),
    zona: zone,
    entrega_rapida: body.entrega_rapida,
  };
}
