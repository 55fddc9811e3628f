import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { orders, payments } from "#server/db/schema.ts";
import type { Tx } from "#server/stock/movements.ts";
import { releaseOrderStock } from "./status.ts";

/*
 * Order expiry (the periodic job, payments' expireDue): unpaid orders whose payment can no longer
 * arrive give their reserved units back. An order whose payment's validity passed expires (the
 * payments domain expires the payment in the same transaction); an order left without any payment
 * by a process that died mid-checkout is cancelled after ORPHAN_GRACE_MINUTES.
 */

/** A pending order without a payment this old was left by a process that died mid-checkout. */
export const ORPHAN_GRACE_MINUTES = 15;

/** The payment's validity passed: a still-unpaid order expires and its units return. False when it was not pending. */
export async function expireOrder(tx: Tx, orderId: number): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
    .returning({ id: orders.id });
  if (order) await releaseOrderStock(tx, orderId, `Pagamento expirado: reserva devolvida (encomenda #${orderId})`);
  return Boolean(order);
}

/** A pending order that has no payment (its checkout died) is cancelled and its units return. False otherwise. */
async function cancelOrphanedOrder(tx: Tx, orderId: number): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "pending_payment"),
        sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})`,
      ),
    )
    .returning({ id: orders.id });
  if (order) await releaseOrderStock(tx, orderId, `Reserva anulada: pagamento não criado (encomenda #${orderId})`);
  return Boolean(order);
}

export function createOrderExpiry(deps: { db: Database }) {
  const { db } = deps;

  /**
   * Pending orders that never got a payment: the process died between reserving the stock and
   * storing the gateway's answer (phase 2 of checkout). Older than ORPHAN_GRACE_MINUTES, no
   * checkout can still be working on them (the gateway call times out in seconds).
   */
  async function listOrphaned(limit = 100): Promise<number[]> {
    const rows = await db
      .select({ orderId: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending_payment"),
          sql`${orders.createdAt} < now() - make_interval(mins => ${ORPHAN_GRACE_MINUTES})`,
          sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})`,
        ),
      )
      .limit(limit);
    return rows.map((r) => r.orderId);
  }

  return {
    listOrphaned,

    /** Orders still waiting for a payment that can no longer arrive. */
    async listExpirable(limit = 100): Promise<Array<{ orderId: number; paymentId: number }>> {
      return db
        .select({ orderId: orders.id, paymentId: payments.id })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(
          and(
            eq(orders.status, "pending_payment"),
            eq(payments.status, "pending"),
            sql`${payments.expiresAt} < now()`,
            isNull(orders.paidAt),
          ),
        )
        .limit(limit);
    },

    /** Cancels the orphaned orders, one transaction each, and gives their units back; returns how many. */
    async cancelOrphans(): Promise<number> {
      let cancelled = 0;
      for (const orderId of await listOrphaned()) {
        if (await db.transaction((tx) => cancelOrphanedOrder(tx, orderId))) cancelled++;
      }
      return cancelled;
    },
  };
}
