import { asc, eq, sql } from "drizzle-orm";
import { orderLines, orders } from "./schema.ts";
import { queueInvoice } from "#server/modules/invoicing/service.ts";
import type { Tx } from "#server/core/db/client.ts";
import { releaseReserved, sellReserved, type Units } from "#server/modules/inventory/reservations.ts";
import { takeFromShelf } from "#server/modules/inventory/shelf.ts";
import { type Actor, type OrderStatus, recordOrderEvent } from "./timeline.ts";

/*
 * An order's status changes, each inside the caller's transaction (checkout, the payment callback,
 * the expiry job): the order row and its reserved units move together. Payments changes and reads orders
 * only through these functions.
 */

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

/** The units an order's lines hold, per variant (lines whose variant was deleted hold none). */
function unitsOf(lines: readonly Pick<OrderLine, "variantId" | "quantity">[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) if (l.variantId) units.set(l.variantId, (units.get(l.variantId) ?? 0) + l.quantity);
  return units;
}

/** The units an order's lines hold, per variant (fulfilment returns them on a paid order's cancellation). */
export async function orderUnits(tx: Tx, orderId: number): Promise<Units> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return unitsOf(lines);
}

/** Returns the order's reserved units to the shelf (payment failed, expired or cancelled). */
export async function releaseOrderStock(tx: Tx, orderId: number, reason: string): Promise<void> {
  await releaseReserved(tx, await orderUnits(tx, orderId), reason, orderId);
}

/** Cancels an order that never got (or will not get) a payment and gives its units back. */
export async function cancelOrder(tx: Tx, orderId: number, reason: string): Promise<void> {
  await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId));
  await releaseOrderStock(tx, orderId, reason);
}

/**
 * The order's payment arrived: the order is paid (its confirmation counts as sent: the caller
 * queues it in this transaction), its reserved units are sold and its invoice is queued (invoicing
 * domain). Returns the order and its lines.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: number,
  paidAt: Date,
): Promise<{ order: Order; lines: OrderLine[] }> {
  const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
  const [order] = await tx
    .update(orders)
    .set({ status: "paid", paidAt, confirmationSentAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  await sellReserved(tx, unitsOf(lines));
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor: "system",
    fromStatus: (before?.status ?? null) as OrderStatus | null,
    toStatus: "paid",
    message: "Pagamento recebido",
  });
  await queueInvoice(tx, orderId);
  return { order: order!, lines };
}

/** What reinstating an expired or cancelled order did (see reinstatePaidOrder). */
export type Reinstatement =
  | { ok: true; order: Order; lines: OrderLine[] }
  | { ok: false; reason: "status"; status: string }
  | { ok: false; reason: "stock"; missing: OrderLine; available: number };

/**
 * A payment arrived after its order expired or was cancelled and the admin keeps the sale: the
 * order's units come off the shelf again (all or nothing, as stock movements by the admin), the order
 * becomes 'paid' at `paidAt` (its confirmation counts as sent: the caller queues it in this
 * transaction) and the timeline records who did it. Refused, with nothing changed, when the order is
 * in another status or a line's variant lacks the units (a deleted variant has none).
 */
export async function reinstatePaidOrder(
  tx: Tx,
  orderId: number,
  paidAt: Date,
  actor: Extract<Actor, { userId: number }>,
  message: string,
): Promise<Reinstatement> {
  const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!locked) return { ok: false, reason: "status", status: "missing" };
  if (locked.status !== "expired" && locked.status !== "cancelled") {
    return { ok: false, reason: "status", status: locked.status };
  }
  const lines = await linesOf(tx, orderId);
  const gone = lines.find((l) => l.variantId === null);
  if (gone) return { ok: false, reason: "stock", missing: gone, available: 0 };
  const [short] = await takeFromShelf(
    tx,
    unitsOf(lines),
    `Encomenda #${orderId} reposta (pagamento recebido após expiração)`,
    orderId,
    actor.userId,
  );
  if (short) {
    return {
      ok: false,
      reason: "stock",
      missing: lines.find((l) => l.variantId === short.variantId)!,
      available: short.available,
    };
  }
  const [order] = await tx
    .update(orders)
    .set({ status: "paid", paidAt, confirmationSentAt: sql`now()`, cancelledAt: null })
    .where(eq(orders.id, orderId))
    .returning();
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor,
    fromStatus: locked.status as OrderStatus,
    toStatus: "paid",
    message,
  });
  await queueInvoice(tx, orderId);
  return { ok: true, order: order!, lines };
}

/** The admin sent the confirmation again: the order records when. */
export async function setConfirmationSent(tx: Tx, orderId: number, at: Date): Promise<void> {
  await tx.update(orders).set({ confirmationSentAt: at }).where(eq(orders.id, orderId));
}

/** The order, or undefined (payments reads orders through here too). */
export async function findOrder(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** The order's lines, in the order they were bought. */
export function linesOf(tx: Tx, orderId: number): Promise<OrderLine[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/** The unpaid order, locked for a change of its payment (the switch to Multibanco); undefined when missing. */
export async function lockOrder(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/** The shopper pays the order another way (MB WAY failed → Multibanco); its stock stays reserved. */
export async function setPaymentMethod(tx: Tx, orderId: number, method: "mb" | "mbway" | "payshop"): Promise<void> {
  await tx.update(orders).set({ paymentMethod: method }).where(eq(orders.id, orderId));
}
