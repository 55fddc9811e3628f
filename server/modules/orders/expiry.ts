import { and, eq } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { giveBackUse } from "#server/modules/promotions/at-checkout.ts";
import { orders } from "./schema.ts";
import { recordOrderEvent } from "./timeline.ts";

/*
 * How long an unpaid order waits, and its expiry. The job that finds the orders whose payment can no longer
 * arrive, and gives their reserved units back, is a flow (server/flows/order-expiry.ts).
 */

/** A pending order without a payment this old was left by a process that died mid-checkout. */
export const ORPHAN_GRACE_MINUTES = 15;

/**
 * A failed or expired MB WAY request keeps its order (and the reserved units) this long after the request's
 * own 4 minutes, so the shopper can still pay the same order by Multibanco ('Pagar por Multibanco').
 */
export const MBWAY_SWITCH_GRACE_MINUTES = 30;

/**
 * The payment's validity passed: a still-unpaid order expires (its units are the caller's; its code's use returns).
 * False when it was not pending.
 */
export async function expireOrder(tx: Tx, orderId: number): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
    .returning({ id: orders.id, promotionId: orders.promotionId });
  if (!order) return false;
  // Its code's use returns (before the caller gives the units back: promotion row, then variants, as checkout).
  if (order.promotionId !== null) await giveBackUse(tx, order.promotionId);
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor: "system",
    fromStatus: "pending_payment",
    toStatus: "expired",
    message: "Prazo de pagamento terminado: encomenda anulada e stock devolvido",
  });
  return true;
}
