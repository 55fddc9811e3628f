import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { orderLines, orders } from "./schema.ts";
import type { Tx } from "#server/core/db/client.ts";

/*
 * What the account's privacy page (/conta/privacidade, server/flows/account-privacy/account-privacy.ts) needs from the orders
 * module: one shopper's orders for the RGPD export, the orders that block a deletion, and the erasure of
 * what an invoice does not need (decision 0012).
 */

/** Statuses in which the shop still owes the shopper something (a payment to apply, goods to send or deliver). */
export const IN_PROGRESS_STATUSES = ["pending_payment", "paid", "em_preparacao", "enviada"] as const;

/** Ids of the shopper's orders still in progress, oldest first. */
export async function ordersInProgress(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...IN_PROGRESS_STATUSES])))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** Ids of the shopper's orders cancelled after payment whose refund is still 'due' (the shop owes the money), oldest first. */
export async function ordersWithRefundDue(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.refundStatus, "due")))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export interface ExportedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** Every order of one shopper, newest first, with its lines (two queries, whatever the count). */
export async function ordersForExport(tx: Tx, userId: number): Promise<ExportedOrder[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const lines = await tx.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id));
  return rows.map((order) => ({ order, lines: lines.filter((l) => l.orderId === order.id) }));
}

/**
 * An account is deleted: its orders keep the name and address an invoice needs, and lose the phone
 * numbers (delivery contact and MB WAY number), which no invoice carries. Returns the orders' ids.
 */
export async function forgetOrderPhones(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .update(orders)
    .set({ deliveryPhone: "", mbwayPhone: null })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}
