import type { Database } from "#server/core/db/client.ts";
import { createMyDelivery } from "#server/modules/orders/shopper/my-delivery.ts";
import { checkCart } from "./cart.ts";
import { quoteCart } from "./quote.ts";
import type { CartCheck, CartCheckBody, CartQuote, CartQuoteBody, SavedDelivery } from "./schemas.ts";
import type { ShippingRates } from "./shipping.ts";

/*
 * The cart's reads before the order button, bound to the shop's database and delivery prices (services.orders,
 * the routes' deps). Modules of this domain:
 *   cart.ts         the cart as the database sees it (POST /api/cart/check, checkout's prices)
 *   quote.ts        the price before the order button (POST /api/cart/quote) and the total check of POST /orders
 *   billing.ts      the NIF and billing data (dados_faturacao), the 'Faturação' view and the invoice's buyer
 *   place-order.ts  the order's part of checkout's one statement, and its idempotency key
 *   limits.ts       limits against stock hoarding
 *   status.ts       an order's status changes inside a caller's transaction
 *   expiry.ts       how long an unpaid order waits; its expiry
 *   presenter.ts    the API's bodies (POST /orders)
 * Checkout itself (POST /orders) crosses into inventory and payments: server/flows/checkout.ts.
 */

export interface OrdersService {
  /** POST /api/cart/check. */
  checkCart(body: CartCheckBody): Promise<CartCheck>;
  /** POST /api/cart/quote, at the delivery prices of now (`userId`: the signed-in shopper, for a code's limit). */
  quote(body: CartQuoteBody, userId?: number | null): Promise<CartQuote>;
  /** GET /api/users/me/delivery: the account's newest delivery data and NIF. */
  lastDelivery(userId: number): Promise<SavedDelivery>;
}

export function ordersService(deps: {
  db: Database;
  /** The delivery prices of now (the shop's settings, cached in memory: a change applies without a restart). */
  shipping: () => Promise<ShippingRates>;
}): OrdersService {
  const { db } = deps;
  return {
    checkCart: (body) => checkCart(db, body),
    quote: (body, userId) => quoteCart(db, body, deps.shipping(), userId ?? null),
    lastDelivery: createMyDelivery({ db }).lastDelivery,
  };
}
