import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { recipientOf } from "#server/modules/orders/status.ts";
import { markReminded, paymentsDueForReminder } from "#server/modules/payments/reminders.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { paymentReminderMail } from "#server/modules/payments/shopper/mails.ts";

/*
 * The reminder one day before a Multibanco or Payshop reference expires (pg-boss job payments.remind), while its
 * order still waits for it: the payments due (payments/reminders.ts: each taken once, even with several
 * instances), the order's buyer, the e-mail (its dedupe key backs the once up), in one transaction.
 */

/** Reminders queued per transaction (the job runs again at its next tick for the rest). */
const BATCH = 100;

/** The payment's order still waits for it. */
const orderWaits = sql`exists (select 1 from ${orders} where ${eq(orders.id, payments.orderId)} and ${orders.status} = 'pending_payment')`;

/** Queues the reminders now due; returns how many. */
export async function sendDueReminders(deps: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}): Promise<number> {
  const { db } = deps;
  const queued = await db.transaction(async (tx) => {
    let count = 0;
    for (const payment of await paymentsDueForReminder(tx, BATCH, orderWaits)) {
      if (!(await markReminded(tx, payment.id))) continue;
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
