import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { recipientOf } from "#server/modules/orders/status.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { paymentReminderMail } from "#server/modules/payments/shopper/mails.ts";

/*
 * The reminder one day before a Multibanco or Payshop reference expires (pg-boss job payments.remind), while its
 * order still waits for it: a flow, as it reads the order's status and writes to its buyer.
 * Each payment is reminded at most once: the rows are taken with FOR UPDATE SKIP LOCKED and marked
 * (payments.reminder_sent_at) in the transaction that queues the mail, so two instances running the job at
 * the same moment split the work instead of doubling it; the mail's dedupe key backs this up.
 */

/** How long before the reference's end the reminder goes. */
export const REMINDER_LEAD_HOURS = 24;
/** Reminders queued per transaction (the job runs again at its next tick for the rest). */
const BATCH = 100;

/** Queues the reminders now due; returns how many. */
export async function sendDueReminders(deps: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}): Promise<number> {
  const { db } = deps;
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

/** The reminders bound to one database and mail worker (services.paymentReminders, the job's). */
export interface PaymentReminders {
  sendDue(): Promise<number>;
}

export function createPaymentReminders(deps: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}): PaymentReminders {
  return { sendDue: () => sendDueReminders(deps) };
}
