import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { releaseReserved } from "#server/modules/inventory/reservations.ts";
import { expireOrder, MBWAY_SWITCH_GRACE_MINUTES, ORPHAN_GRACE_MINUTES } from "#server/modules/orders/expiry.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { cancelUnpaidOrder, orderUnits, recipientOf } from "#server/modules/orders/status.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { orderCancelledMail, orderExpiredMail } from "#server/modules/payments/shopper/mails.ts";
import { expirePayment, lockPayment } from "#server/modules/payments/status.ts";

/*
 * Unpaid orders whose payment can no longer arrive (the pg-boss job payments.expire, every minute): the payment
 * and its order expire, the reserved units return to the shelf and the shopper's e-mail is queued, in one
 * transaction per order (the payment row locked first, as the callback locks it). An order left without any
 * payment by a process that died mid-checkout is cancelled after ORPHAN_GRACE_MINUTES, the same way.
 */

/** What the expiry needs from the shop. */
export interface OrderExpiryDeps {
  db: Database;
  /** The shop's address, for the link in the e-mails. */
  publicUrl: string;
  /** Called after transactions that queued mail committed (wakes the mail worker). */
  onMailQueued: () => void;
}

/** When an order still waiting on this payment gives up: the validity, plus the switch grace for MB WAY. */
const givesUpAt = sql`${payments.expiresAt} + case when ${payments.method} = 'mbway'
  then make_interval(mins => ${MBWAY_SWITCH_GRACE_MINUTES}) else interval '0' end`;

/** The order has no payment at all. */
const withoutPayment = sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})`;

/**
 * Orders still waiting for a payment that can no longer arrive (an MB WAY one: MBWAY_SWITCH_GRACE_MINUTES after
 * the request expired or was declined, so its order can still switch to Multibanco meanwhile). Only the order's
 * newest payment counts: a request replaced by a Multibanco reference expires nothing.
 */
export function listExpirable(db: Database, limit = 100): Promise<Array<{ orderId: number; paymentId: number }>> {
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
}

/**
 * Pending orders that never got a payment: the process died between reserving the stock and storing the
 * gateway's answer (checkout's step 4). Older than ORPHAN_GRACE_MINUTES, no checkout can still be working on
 * them (the gateway call times out in seconds).
 */
export async function listOrphaned(db: Database, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ orderId: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending_payment"),
        sql`${orders.createdAt} < now() - make_interval(mins => ${ORPHAN_GRACE_MINUTES})`,
        withoutPayment,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.orderId);
}

/**
 * One payment whose validity passed: it expires (a declined MB WAY keeps its 'failed'), its order expires, the
 * units return and the shopper is told. False when it was no longer waiting.
 */
async function expireOne(tx: Tx, orderId: number, paymentId: number, publicUrl: string): Promise<boolean> {
  const payment = await lockPayment(tx, paymentId, ["pending", "failed"]);
  if (!payment) return false;
  // A declined MB WAY keeps its 'failed'; a pending one that ran out is 'expired'.
  if (payment.status === "pending") await expirePayment(tx, paymentId);
  if (!(await expireOrder(tx, orderId))) return false;
  await releaseReserved(
    tx,
    await orderUnits(tx, orderId),
    `Pagamento expirado: reserva devolvida (encomenda #${orderId})`,
    orderId,
  );
  const to = await recipientOf(tx, orderId);
  if (to) await enqueueMail(tx, orderExpiredMail({ orderId, ...to, publicUrl }));
  return true;
}

/** A pending order without any payment is cancelled, its units return and the shopper is told. False otherwise. */
async function cancelOrphan(tx: Tx, orderId: number, publicUrl: string): Promise<boolean> {
  const message = "Pagamento não criado: encomenda cancelada e stock devolvido";
  if (!(await cancelUnpaidOrder(tx, orderId, message, withoutPayment))) return false;
  await releaseReserved(
    tx,
    await orderUnits(tx, orderId),
    `Reserva anulada: pagamento não criado (encomenda #${orderId})`,
    orderId,
  );
  const to = await recipientOf(tx, orderId);
  if (to) {
    const reason = "Não foi possível criar o pagamento.";
    await enqueueMail(tx, orderCancelledMail({ orderId, ...to, publicUrl }, reason));
  }
  return true;
}

/**
 * The job: every payment whose validity passed and every orphaned order, one transaction each. Returns how many
 * orders expired or were cancelled.
 */
export async function expireDue(deps: OrderExpiryDeps): Promise<number> {
  const { db, publicUrl } = deps;
  let expired = 0;
  for (const { orderId, paymentId } of await listExpirable(db)) {
    if (await db.transaction((tx) => expireOne(tx, orderId, paymentId, publicUrl))) expired++;
  }
  let cancelled = 0;
  for (const orderId of await listOrphaned(db)) {
    if (await db.transaction((tx) => cancelOrphan(tx, orderId, publicUrl))) cancelled++;
  }
  if (expired + cancelled > 0) deps.onMailQueued();
  return expired + cancelled;
}
