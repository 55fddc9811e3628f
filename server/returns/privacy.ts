import { and, asc, eq, inArray } from "drizzle-orm";
import { orders, returns } from "../db/schema.ts";
import type { Tx } from "../stock/movements.ts";

/*
 * What account deletion (server/accounts/privacy.ts, decision 0012) needs from the returns domain: a withdrawal
 * not yet refunded blocks it (the shop still owes the shopper money, and needs the IBAN to pay it), and once
 * allowed, the returns lose the IBAN (the refund is done; the amounts and dates stay for accounting).
 */

/** Returns the shop has not finished: the goods or the refund are still to come. */
const OPEN_RETURN_STATUSES = ["requested", "received"];

/** Ids of the shopper's orders with a withdrawal not yet refunded or cancelled, oldest first. */
export async function ordersWithOpenReturns(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: orders.id })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(orders.userId, userId), inArray(returns.status, OPEN_RETURN_STATUSES)))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** The deleted account's returns keep what accounting needs and lose the bank account. */
export async function forgetReturnIbans(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(returns).set({ iban: null }).where(inArray(returns.orderId, orderIds));
}
