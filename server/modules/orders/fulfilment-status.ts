import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { orders } from "./schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import type { Order } from "./status.ts";
import type { OrderStatus } from "./timeline.ts";

/*
 * The order's status changes after payment (decision 0011): the orders module owns the orders table, so fulfilment
 * (server/modules/aftersale/fulfilment/) and the cancellation and refund flow (server/flows/cancellation-and-refund/cancellation-and-refund.ts)
 * change it only through these functions, inside their transaction, after locking the row with lockOrder. Each update is also conditional on the status the caller saw, so a
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
 * A paid order cancelled before shipping: cancelled now, its refund due. Its sold units go back on the shelf in the
 * same transaction, through inventory (server/flows/cancellation-and-refund/cancellation-and-refund.ts).
 */
export function markPaidOrderCancelled(tx: Tx, orderId: number, from: OrderStatus): Promise<Order> {
  return updateFrom(tx, orderId, from, { status: "cancelled", cancelledAt: sql`now()`, refundStatus: "due" });
}

/**
 * A refund of the order was made (a cancelled order's, or a return's: server/flows/cancellation-and-refund/cancellation-and-refund.ts):
 * 'done'. Returns the row, or undefined when the order does not exist.
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
