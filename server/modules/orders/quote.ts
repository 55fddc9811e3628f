import { ConflictError } from "#server/core/errors.ts";
import type { Database } from "#server/core/db/client.ts";
import { eurosInText } from "#server/core/money.ts";
import type { PricedCart } from "#server/modules/promotions/pricing.ts";
import { checkCartWithCategories, euros } from "./cart.ts";
import { priceWithPromotions, shippingToPrice } from "./discounts.ts";
import type { CartQuote, CartQuoteBody, TotalChangedDetails } from "./schemas.ts";
import { zoneFor, type ShippingRates } from "./shipping.ts";

/*
 * The price before the order button (POST /api/cart/quote): the cart's lines as the database prices them, with
 * their promotions (automatic reductions, the code typed: discounts.ts), delivery for the postal code typed, and the
 * total to pay. Checkout charges the same sums (server/flows/checkout/checkout.ts), and refuses an order whose total
 * is no longer the one the shopper was shown (totalMismatch).
 */

/** The 409 when the total shown (`total_esperado`) is not what the order would cost now; null when it is. */
export function totalMismatch(
  expectedEuros: number | undefined,
  priced: Pick<
    PricedCart,
    "subtotalCents" | "shippingCents" | "discountCents" | "shippingDiscountCents" | "totalCents"
  >,
): ConflictError | null {
  if (expectedEuros === undefined) return null;
  const { totalCents } = priced;
  if (Math.round(expectedEuros * 100) === totalCents) return null;
  const details: TotalChangedDetails = {
    reason: "total_changed",
    subtotal: euros(priced.subtotalCents),
    portes: euros(priced.shippingCents),
    desconto: euros(priced.discountCents + priced.shippingDiscountCents),
    total: euros(totalCents),
  };
  return new ConflictError(
    `O total da encomenda mudou para ${eurosInText(totalCents)} (portes incluídos). Confirme o novo total para continuar.`,
    details,
  );
}

/**
 * POST /api/cart/quote at the delivery prices `rates` (the shop's settings of now, read while the cart is).
 * Reads only; reserves nothing. `userId`: the signed-in shopper (a code's per-customer limit), else null.
 */
export async function quoteCart(
  db: Database,
  body: CartQuoteBody,
  rates: ShippingRates | Promise<ShippingRates>,
  userId: number | null = null,
): Promise<CartQuote> {
  const [{ check, categoryOf }, prices] = await Promise.all([checkCartWithCategories(db, body), rates]);
  const zone = body.codigo_postal === undefined ? null : zoneFor(body.codigo_postal);
  // Lines not on sale count nothing. A line's price is the database's cents in euros (cart.ts: cents / 100).
  const onSale = check.lines.flatMap((line, i) =>
    line.price === null
      ? []
      : [
          {
            key: String(i),
            productId: line.product_id,
            categoryId: categoryOf(line.product_id),
            unitPriceCents: Math.round(line.price * 100),
            quantity: line.quantity,
          },
        ],
  );
  const priced = await priceWithPromotions(db, {
    lines: onSale,
    code: body.codigo_desconto,
    userId,
    shipping: shippingToPrice(zone ?? "continente", body.entrega_rapida, prices),
  });
  const discountOf = new Map(priced.lines.map((l) => [l.key, l.discountCents]));
  const automaticOf = new Map(priced.lines.map((l) => [l.key, l.automaticUnitReductionCents * l.quantity]));
  const automaticCents = [...automaticOf.values()].reduce((sum, cents) => sum + cents, 0);
  return {
    ok: check.ok,
    lines: check.lines.map((line, i) => ({
      ...line,
      preco_original: line.price,
      desconto: euros(discountOf.get(String(i)) ?? 0),
      desconto_automatico: euros(automaticOf.get(String(i)) ?? 0),
    })),
    subtotal: euros(priced.subtotalCents),
    portes: euros(priced.shippingCents),
    desconto: euros(priced.discountCents + priced.shippingDiscountCents),
    portes_desconto: euros(priced.shippingDiscountCents),
    desconto_automatico: euros(automaticCents),
    codigo_desconto: priced.codePromotion?.code ?? null,
    total: euros(priced.totalCents),
    zona: zone,
    entrega_rapida: body.entrega_rapida,
  };
}
