import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { orders } from "./schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { returnSold } from "#server/modules/inventory/reservations.ts";
import { orderUnits, type Order } from "./status.ts";
import type { OrderStatus } from "./timeline.ts";

/*
 * The order's status changes after payment (decision 0011): the orders domain owns the orders table, so
 * fulfilment (server/modules/aftersale/fulfilment/) changes it only through these functions, inside its transaction, after
 * locking the row with lockOrder. Each update is also conditional on the status the caller saw, so a
 * change can never apply to an order that moved meanwhile.
 */

/** The statuses of an order whose payment arrived and stands (not cancelled): paid and every step after it. */
export const PAID_STATUSES: readonly OrderStatus[] = ["paid", "em_preparacao", "enviada", "entregue"];
export const isPaidStatus = (status: string) => (PAID_STATUSES as readonly string[]).includes(status);

/** The order, its row locked until the transaction ends; undefined when there is none. */
export async function lockOrder(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

export type FulfilmentChange =
  | { to: "em_preparacao" }
  | { to: "enviada"; carrier: string; trackingNumber: string; trackingUrl: string }
  | { to: "entregue" };

/** Moves a locked order from `from` to the next step; returns the changed row. */
export async function setFulfilmentStatus(
  tx: Tx,
  orderId: number,
  from: OrderStatus,
  change: FulfilmentChange,
): Promise<Order> {
  const columns =
    change.to === "enviada"
      ? {
          carrier: change.carrier,
          trackingNumber: change.trackingNumber,
          trackingUrl: change.trackingUrl,
          shippedAt: sql`now()`,
        }
      : change.to === "entregue"
        ? { deliveredAt: sql`now()` }
        : {};
  return updateFrom(tx, orderId, from, { status: change.to, ...columns });
}

/**
 * A paid order cancelled before shipping: cancelled now, its refund due, and its sold units back on the
 * shelf (one stock movement per variant, by the admin who cancelled).
 */
export async function cancelPaidOrder(
  tx: Tx,
  orderId: number,
  from: OrderStatus,
  actorUserId: number | null,
): Promise<Order> {
  const order = await updateFrom(tx, orderId, from, {
    status: "cancelled",
    cancelledAt: sql`now()`,
    refundStatus: "due",
  });
  await returnSold(
    tx,
    await orderUnits(tx, orderId),
    `Encomenda #${orderId} cancelada: unidades devolvidas ao stock`,
    orderId,
    actorUserId,
  );
  return order;
}

/** The refund of a cancelled order was made ('due' → 'done'); undefined when none was due. */
export async function markRefundDone(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ refundStatus: "done" })
    .where(and(eq(orders.id, orderId), eq(orders.refundStatus, "due")))
    .returning();
  return order;
}

/**
 * A refund of the order was made (a cancelled order's, or a return's: returns/refunds.ts): 'done'. Returns the row,
 * or undefined when the order does not exist.
 */
export async function recordRefundMade(tx: Tx, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.update(orders).set({ refundStatus: "done" }).where(eq(orders.id, orderId)).returning();
  return order;
}

async function updateFrom(
  tx: Tx,
  orderId: number,
  from: OrderStatus,
  values: PgUpdateSetSource<typeof orders>,
): Promise<Order> {
  const [order] = await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  // The caller holds the row lock and checked the status: a miss here is a bug, not a race.
  if (!order) throw new Error(`order ${orderId} is no longer ${from}`);
  return order;
}
