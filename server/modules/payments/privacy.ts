import { and, asc, eq, inArray } from "drizzle-orm";
import { paymentExceptions, payments } from "./schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { orders } from "#server/modules/orders/schema.ts";

/*
 * What the account's privacy page (server/flows/account-privacy/account-privacy.ts, decision 0012) needs from the payments module:
 * the orders' payments for the RGPD export, and their erasure of what accounting does not need.
 */

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Ids of the shopper's orders with money that arrived and was neither applied nor given back: a payment exception
 * still open (late payment, another amount, a second payment) or marked for refund. Dismissed, refunded and
 * reinstated ones owe nothing.
 */
export async function ordersWithUnsettledExceptions(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: orders.id })
    .from(paymentExceptions)
    .innerJoin(orders, eq(orders.id, paymentExceptions.orderId))
    .where(and(eq(orders.userId, userId), inArray(paymentExceptions.status, ["open", "refund_due"])))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** The payments of these orders, by order id, oldest first. */
export async function paymentsForExport(tx: Tx, orderIds: number[]): Promise<Map<number, PaymentRow[]>> {
  const byOrder = new Map<number, PaymentRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id));
  for (const p of rows) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
  return byOrder;
}

/**
 * An account is deleted: its payments keep what accounting needs (method, amount, reference, dates) and lose the
 * MB WAY phone number.
 */
export async function forgetPaymentPhones(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(payments).set({ phone: null }).where(inArray(payments.orderId, orderIds));
}
