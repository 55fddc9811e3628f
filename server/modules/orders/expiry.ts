import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { orders } from "./schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { orderCancelledMail, recipientOf } from "#server/modules/payments/shopper/mails.ts";
import type { Tx } from "#server/core/db/client.ts";
import { releaseOrderStock } from "./status.ts";
import { recordOrderEvent } from "./timeline.ts";

/*
 * Order expiry (the periodic job, payments' expireDue): unpaid orders whose payment can no longer
 * arrive give their reserved units back. An order whose payment's validity passed expires (the
 * payments domain expires the payment in the same transaction); an order left without any payment
 * by a process that died mid-checkout is cancelled after ORPHAN_GRACE_MINUTES.
 */

/** A pending order without a payment this old was left by a process that died mid-checkout. */
export const ORPHAN_GRACE_MINUTES = 15;

/**
 * A failed or expired MB WAY request keeps its order (and the reserved units) this long after the request's
 * own 4 minutes, so the shopper can still pay the same order by Multibanco ('Pagar por Multibanco').
 */
export const MBWAY_SWITCH_GRACE_MINUTES = 30;

/** When an order still waiting on this payment gives up: the validity, plus the switch grace for MB WAY. */
const givesUpAt = sql`${payments.expiresAt} + case when ${payments.method} = 'mbway'
  then make_interval(mins => ${MBWAY_SWITCH_GRACE_MINUTES}) else interval '0' end`;

/** The payment's validity passed: a still-unpaid order expires and its units return. False when it was not pending. */
export async function expireOrder(tx: Tx, orderId: number): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")))
    .returning({ id: orders.id });
  if (!order) return false;
  await releaseOrderStock(tx, orderId, `Pagamento expirado: reserva devolvida (encomenda #${orderId})`);
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor: "system",
    fromStatus: "pending_payment",
    toStatus: "expired",
    message: "Prazo de pagamento terminado: encomenda anulada e stock devolvido",
  });
  return true;
}

/**
 * A pending order that has no payment (its checkout died) is cancelled, its units return and the shopper is told.
 * False otherwise.
 */
async function cancelOrphanedOrder(tx: Tx, orderId: number, publicUrl: string): Promise<boolean> {
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
  if (!order) return false;
  await releaseOrderStock(tx, orderId, `Reserva anulada: pagamento não criado (encomenda #${orderId})`);
  await recordOrderEvent(tx, {
    orderId,
    kind: "status",
    actor: "system",
    fromStatus: "pending_payment",
    toStatus: "cancelled",
    message: "Pagamento não criado: encomenda cancelada e stock devolvido",
  });
  const to = await recipientOf(tx, orderId);
  if (to) {
    const reason = "Não foi possível criar o pagamento.";
    await enqueueMail(tx, orderCancelledMail({ orderId, ...to, publicUrl }, reason));
  }
  return true;
}

export function createOrderExpiry(deps: { db: Database; publicUrl?: string }) {
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

    /**
     * Orders still waiting for a payment that can no longer arrive (an MB WAY one: MBWAY_SWITCH_GRACE_MINUTES
     * after the request expired or was declined, so its order can still switch to Multibanco meanwhile). Only
     * the order's newest payment counts: a request replaced by a Multibanco reference expires nothing.
     */
    async listExpirable(limit = 100): Promise<Array<{ orderId: number; paymentId: number }>> {
      return db
        .select({ orderId: orders.id, paymentId: payments.id })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(
          and(
            eq(orders.status, "pending_payment"),
            inArray(payments.status, ["pending", "failed"]),
            sql`${givesUpAt} < now()`,
            isNull(orders.paidAt),
            sql`not exists (select 1 from ${payments} newer where newer.order_id = ${orders.id} and newer.id > ${payments.id})`,
          ),
        )
        .limit(limit);
    },

    /** Cancels the orphaned orders, one transaction each, and gives their units back; returns how many. */
    async cancelOrphans(): Promise<number> {
      let cancelled = 0;
      for (const orderId of await listOrphaned()) {
        if (await db.transaction((tx) => cancelOrphanedOrder(tx, orderId, deps.publicUrl ?? ""))) cancelled++;
      }
      return cancelled;
    },
  };
}
