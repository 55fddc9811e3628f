import { and, eq, notInArray } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { BadRequestError } from "#server/core/errors.ts";
import { automaticRules, ruleByCode } from "#server/modules/promotions/at-checkout.ts";
import {
  codeRefusal,
  priceCart,
  type CartLineToPrice,
  type PricedCart,
  type ShippingToPrice,
} from "#server/modules/promotions/pricing.ts";
import { orders } from "./schema.ts";
import type { ShippingRates, ShippingZone } from "./shipping.ts";

/*
 * A cart priced with its promotions, for the quote (POST /api/cart/quote) and checkout (POST /orders): the automatic
 * reductions always, the code when it applies (else 400 with codeRefusal's pt-PT message), delivery free past the
 * threshold on the discounted subtotal. The pure rules are promotions/pricing.ts (decision 0022).
 */

/** The delivery of a zone as pricing.ts takes it: standard rate, next-day supplement, free-delivery threshold. */
export function shippingToPrice(zone: ShippingZone, fast: boolean, rates: ShippingRates): ShippingToPrice {
  return {
    standardCents: zone === "continente" ? rates.mainlandCents : rates.islandsCents,
    supplementCents: fast ? rates.fastCents : 0,
    freeFromCents: rates.freeDeliveryThresholdCents ?? null,
  };
}

/** Orders of this customer that hold a use of the promotion (every order but the expired and cancelled ones). */
export async function customerUses(db: Tx, promotionId: number, userId: number): Promise<number> {
  return db.$count(
    orders,
    and(
      eq(orders.promotionId, promotionId),
      eq(orders.userId, userId),
      notInArray(orders.status, ["cancelled", "expired"]),
    ),
  );
}

/** The 400 of a refused code (reason 'discount_code', so the cart shows the message beside the field). */
export class DiscountCodeRefused extends BadRequestError {
  constructor(message: string) {
    super(message, { reason: "discount_code" });
  }
}

export interface PriceRequest {
  lines: readonly CartLineToPrice[];
  /** The code typed (blank: none). */
  code?: string | null;
  /** The customer, for the per-customer limit (null: a visitor's quote, counted at checkout). */
  userId: number | null;
  shipping: ShippingToPrice;
  now?: Date;
}

/** The cart priced with its promotions; throws DiscountCodeRefused for a code that does not apply. */
export async function priceWithPromotions(db: Tx, request: PriceRequest): Promise<PricedCart> {
  const now = request.now ?? new Date();
  const typed = request.code?.trim() ? request.code.trim() : null;
  const [automatic, code] = await Promise.all([automaticRules(db), typed ? ruleByCode(db, typed) : null]);
  if (typed) {
    const uses =
      code && request.userId !== null && code.maxUsesPerCustomer !== null
        ? await customerUses(db, code.id, request.userId)
        : 0;
    const refusal = codeRefusal(code, request.lines, now, uses, automatic);
    if (refusal) throw new DiscountCodeRefused(refusal);
  }
  return priceCart(request.lines, automatic, code, request.shipping, now);
}
