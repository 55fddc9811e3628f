import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { paymentEvents, payments } from "./schema.ts";

/*
 * An order's payments as the order pages read them (server/flows/order-views/order-views.ts): the shopper's page shows the latest
 * one, the admin's every one with the gateway's notifications.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** The order's newest payment, or undefined (checkout stopped before the gateway). */
export async function latestPayment(tx: Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

/** The order's payments, oldest first. */
export function orderPayments(tx: Tx, orderId: number): Promise<PaymentRow[]> {
  return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

/** These payments' events (gateway notifications, the shop's resends), in the order they were received. */
export async function paymentEventsOf(tx: Tx, paymentIds: number[]): Promise<PaymentEventRow[]> {
  if (paymentIds.length === 0) return [];
  return tx
    .select()
    .from(paymentEvents)
    .where(inArray(paymentEvents.paymentId, paymentIds))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
}
