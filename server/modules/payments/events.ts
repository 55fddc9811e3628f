import { and, desc, eq, ne } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import type { GatewayCallback } from "./callback.ts";
import { paymentEvents, payments } from "./schema.ts";
import type { Payment } from "./status.ts";

/*
 * payment_events: every gateway notification, recorded once (a replay finds its key taken and changes nothing),
 * linked to the payment it named; and the shop's own facts about a payment (a confirmation sent again).
 */

/** Records the notification once; its id, or undefined when it was already recorded (a replay). */
export async function recordNotification(tx: Tx, provider: string, cb: GatewayCallback): Promise<number | undefined> {
  const [event] = await tx
    .insert(paymentEvents)
    .values({ provider, eventKey: cb.eventKey, payload: cb.payload })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return event?.id;
}

/** The notification was about this payment. */
export async function linkNotification(tx: Tx, eventId: number, paymentId: number): Promise<void> {
  await tx.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, eventId));
}

/** Which payments a callback names: entity + reference (MB), reference (Payshop) or request id (MB WAY). */
function callbackMatch(cb: GatewayCallback) {
  const byRequest = cb.requestId ? eq(payments.requestId, cb.requestId) : undefined;
  const byReference = cb.reference
    ? cb.entity
      ? and(eq(payments.entity, cb.entity), eq(payments.reference, cb.reference))
      : eq(payments.reference, cb.reference)
    : undefined;
  return byReference ?? byRequest;
}

/**
 * Whether the gateway told us about this payment before this notice (another event of the same provider linked
 * to it): a paid payment's first notice may come after the admin's 'Verificar' applied it, which is no second payment.
 */
export async function hadEarlierNotification(
  tx: Tx,
  input: { paymentId: number; provider: string; eventId: number },
): Promise<boolean> {
  const n = await tx.$count(
    paymentEvents,
    and(
      eq(paymentEvents.paymentId, input.paymentId),
      eq(paymentEvents.provider, input.provider),
      ne(paymentEvents.id, input.eventId),
    ),
  );
  return n > 0;
}

/** The unpaid payment a callback is about, locked: by entity + reference (MB), reference (Payshop) or request id (MB WAY). */
export async function findPendingPayment(tx: Tx, cb: GatewayCallback): Promise<Payment | undefined> {
  const match = callbackMatch(cb);
  if (!match) return undefined;
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(match, eq(payments.status, "pending")))
    .orderBy(desc(payments.id))
    .limit(1)
    .for("update");
  return row;
}

/** The newest payment a callback names, locked, whatever its status (a late payment finds its expired one here). */
export async function findAnyPayment(tx: Tx, cb: GatewayCallback): Promise<Payment | undefined> {
  const match = callbackMatch(cb);
  if (!match) return undefined;
  const [row] = await tx.select().from(payments).where(match).orderBy(desc(payments.id)).limit(1).for("update");
  return row;
}

/** The admin's 'Enviar confirmação' sent one more copy: who, when, which e-mail. Returns when it was recorded. */
export async function recordConfirmationResend(
  tx: Tx,
  input: { orderId: number; paymentId: number | null; byUserId: number; byEmail: string; outboxId: number | null },
): Promise<Date> {
  const [event] = await tx
    .insert(paymentEvents)
    .values({
      provider: "loja",
      eventKey: `confirmation-resend:${input.orderId}:${input.outboxId}`,
      paymentId: input.paymentId,
      payload: {
        type: "confirmation_resend",
        order_id: input.orderId,
        by_user_id: input.byUserId,
        by_email: input.byEmail,
        outbox_id: input.outboxId,
      },
    })
    .returning({ at: paymentEvents.receivedAt });
  return event!.at;
}
