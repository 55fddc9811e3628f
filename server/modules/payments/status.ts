import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import type { CreatedPayment } from "#server/modules/payments/providers/provider.ts";
import { payments } from "./schema.ts";

/*
 * An order's payments (the payments table) and their status changes, each inside the caller's transaction.
 * pending → paid (the callback or a verification), → expired (its validity passed, or the shopper switched to
 * Multibanco), → failed (a declined MB WAY request). What the order does meanwhile is the flows' (server/flows/):
 * the payments module knows the order only by its id.
 */

export type Payment = typeof payments.$inferSelect;
export type PaymentStatus = "pending" | "paid" | "failed" | "expired";

/** Stores the gateway's answer for an order: its (new, pending) payment. */
export async function insertPayment(
  tx: Tx,
  input: {
    orderId: number;
    provider: string;
    method: string;
    amountCents: number;
    created: CreatedPayment;
    /** MB WAY: the phone the request went to; null for references. */
    phone: string | null;
  },
): Promise<Payment> {
  const { created } = input;
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      provider: input.provider,
      method: input.method,
      amountCents: input.amountCents,
      entity: created.entity ?? null,
      reference: created.reference ?? null,
      requestId: created.requestId ?? null,
      phone: input.phone,
      expiresAt: created.expiresAt,
      providerData: created.providerData,
    })
    .returning();
  return row!;
}

/** The order's payments, newest first (the first is the current one: checkout's, or Multibanco after a switch). */
export function paymentsOf(tx: Tx, orderId: number): Promise<Payment[]> {
  return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
}

/** Locks the order's payments (before the order: the callback and the expiry job lock them in that order). */
export async function lockPaymentsOf(tx: Tx, orderId: number): Promise<void> {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).for("update");
}

/** The payment, locked, when its status is one of `statuses`; undefined otherwise. */
export async function lockPayment(
  tx: Tx,
  id: number,
  statuses: readonly PaymentStatus[],
): Promise<Payment | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), inArray(payments.status, [...statuses])))
    .for("update");
  return row;
}

/** The money arrived: the payment is paid at `paidAt`. */
export async function markPaymentPaid(tx: Tx, id: number, paidAt: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: "paid", paidAt, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** The payment can no longer be paid (its validity passed, or the shopper pays another way). */
export async function expirePayment(tx: Tx, id: number): Promise<void> {
  await tx
    .update(payments)
    .set({ status: "expired", updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** The id of the order's newest paid payment, or null. */
export async function paidPaymentOf(tx: Tx, orderId: number): Promise<number | null> {
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment?.id ?? null;
}
