import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { giveBackUse, retakeUse } from "#server/modules/promotions/at-checkout.ts";
import { orderLines, orders } from "./schema.ts";
import { type Actor, type OrderStatus, recordOrderEvent } from "./timeline.ts";

/*
 * An order's row and its status changes, each inside the caller's transaction, each with its timeline event.
 * What else moves with them (the reserved units, the payment, the invoice) is the flow's (server/flows/): the
 * orders module knows nothing of the modules after it.
 */

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;

/** Units per variant id (the inventory module takes them as its `Units`). */
export type OrderUnits = ReadonlyMap<number, number>;

/** The units order lines hold, per variant (lines whose variant was deleted hold none). */
export function unitsOf(lines: readonly Pick<OrderLine, "variantId" | "quantity">[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) if (l.variantId) units.set(l.variantId, (units.get(l.variantId) ?? 0) + l.quantity);
  return units;
}

/** The units an order's lines hold, per variant. */
export async function orderUnits(tx: Tx, orderId: number): Promise<OrderUnits> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return unitsOf(lines);
}

/**
 * A still-unpaid order is cancelled (it never got, or will not get, a payment), with `message` on its timeline.
 * `unless`: a further condition checked in the same update (e.g. that no payment exists). False, with nothing
 * changed, when the order was no longer waiting for its payment.
 */
export async function cancelUnpaidOrder(tx: Tx, orderId: number, message: string, unless?: SQL): Promise<boolean> {
  const [cancelled] = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment"), unless))
    .returning({ id: orders.id, promotionId: orders.promotionId });
  if (!cancelled) return false;
  // Its code's use returns (before the caller gives the units back: promotion row, then variants, as checkout).
  if (cancelled.promotionId !== null) await giveBackUse(tx, cancelled.promotionId);
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor: "system",
    fromStatus: "pending_payment",
    toStatus: "cancelled",
    message,
  });
  return true;
}

/**
 * The order's payment arrived: the order is paid (its confirmation counts as sent: the caller queues it in
 * this transaction) and its timeline says so. Returns the order and its lines.
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
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor: "system",
    fromStatus: (before?.status ?? null) as OrderStatus | null,
    toStatus: "paid",
    message: "Pagamento recebido",
  });
  return { order: order!, lines };
}

/** Why an order cannot be reinstated (see reinstatableOrder). */
export type NotReinstatable =
  | { ok: false; reason: "status"; status: string }
  | { ok: false; reason: "stock"; missing: OrderLine; available: number };

/**
 * The expired or cancelled order a late payment may reinstate, locked, with its lines; or why not: another
 * status, or a line whose variant was deleted (it has no units to give).
 */
export async function reinstatableOrder(
  tx: Tx,
  orderId: number,
): Promise<{ ok: true; order: Order; lines: OrderLine[] } | NotReinstatable> {
  const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!locked) return { ok: false, reason: "status", status: "missing" };
  if (locked.status !== "expired" && locked.status !== "cancelled") {
    return { ok: false, reason: "status", status: locked.status };
  }
  const lines = await linesOf(tx, orderId);
  const gone = lines.find((l) => l.variantId === null);
  if (gone) return { ok: false, reason: "stock", missing: gone, available: 0 };
  return { ok: true, order: locked, lines };
}

/**
 * A reinstated order (reinstatableOrder, its units taken again) becomes 'paid' at `paidAt` (its confirmation counts
 * as sent: the caller queues it in this transaction) and the timeline records who did it.
 */
export async function markReinstatedPaid(
  tx: Tx,
  from: Order,
  paidAt: Date,
  actor: Actor,
  message: string,
): Promise<Order> {
  const [order] = await tx
    .update(orders)
    .set({ status: "paid", paidAt, confirmationSentAt: sql`now()`, cancelledAt: null })
    .where(eq(orders.id, from.id))
    .returning();
  // An unpaid order gave its code's use back when it ended; paid after all, it holds one again.
  if (from.promotionId !== null && from.paidAt === null) await retakeUse(tx, from.promotionId);
  await recordOrderEvent(tx, {
    orderId: from.id,
    kind: "status",
    actor,
    fromStatus: from.status as OrderStatus,
    toStatus: "paid",
    message,
  });
  return order!;
}

/** The admin sent the confirmation again: the order records when. */
export async function setConfirmationSent(tx: Tx, orderId: number, at: Date): Promise<void> {
  await tx.update(orders).set({ confirmationSentAt: at }).where(eq(orders.id, orderId));
}

/** The order, or undefined. */
export async function findOrder(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** Who the order's e-mails go to; null for an anonymised account (nobody to write to). */
export async function recipientOf(tx: Tx, orderId: number): Promise<{ to: string; name: string } | null> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, deliveryName: orders.deliveryName, gone: users.anonymisedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row || row.gone) return null;
  return { to: row.email, name: row.deliveryName || row.name };
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
