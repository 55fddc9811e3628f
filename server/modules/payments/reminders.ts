import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { payments } from "./schema.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { paymentReminderMail, recipientOf } from "#server/modules/payments/shopper/mails.ts";

/*
 * The reminder one day before a Multibanco or Payshop reference expires (pg-boss job payments.remind).
 * Each payment is reminded at most once: the rows are taken with FOR UPDATE SKIP LOCKED and marked
 * (payments.reminder_sent_at) in the transaction that queues the mail, so two instances running the job at
 * the same moment split the work instead of doubling it; the mail's dedupe key backs this up.
 */

/** How long before the reference's end the reminder goes. */
export const REMINDER_LEAD_HOURS = 24;
/** Reminders queued per transaction (the job runs again at its next tick for the rest). */
const BATCH = 100;

export function createPaymentReminders(deps: { db: Database; publicUrl: string; onMailQueued: () => void }) {
  const { db } = deps;

  /** Queues the reminders now due; returns how many. */
  async function sendDue(): Promise<number> {
    const queued = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.status, "pending"),
            inArray(payments.method, ["mb", "payshop"]),
            isNull(payments.reminderSentAt),
            eq(orders.status, "pending_payment"),
            sql`${payments.expiresAt} > now()`,
            sql`${payments.expiresAt} <= now() + make_interval(hours => ${REMINDER_LEAD_HOURS})`,
            // A reference issued with less than a day to go had its data mailed moments ago: no reminder.
            sql`${payments.expiresAt} - ${payments.createdAt} > make_interval(hours => ${REMINDER_LEAD_HOURS})`,
          ),
        )
        .orderBy(asc(payments.id))
        .limit(BATCH)
        .for("update", { of: payments, skipLocked: true });
      let count = 0;
      for (const { payments: payment } of due) {
        const [marked] = await tx
          .update(payments)
          .set({ reminderSentAt: sql`now()` })
          .where(and(eq(payments.id, payment.id), isNull(payments.reminderSentAt)))
          .returning({ id: payments.id });
        if (!marked) continue;
        const to = await recipientOf(tx, payment.orderId);
        if (!to) continue;
        const mail = paymentReminderMail({ orderId: payment.orderId, ...to, publicUrl: deps.publicUrl }, payment);
        if ((await enqueueMail(tx, mail)) !== null) count++;
      }
      return count;
    });
    if (queued > 0) deps.onMailQueued();
    return queued;
  }

  return { sendDue };
}

export type PaymentReminders = ReturnType<typeof createPaymentReminders>;
