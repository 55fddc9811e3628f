import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { payments } from "./schema.ts";
import type { Payment } from "./status.ts";

/*
 * The reminder one day before a Multibanco or Payshop reference expires: which payments are due, and each one
 * marked once. The rows are taken with FOR UPDATE SKIP LOCKED and marked (payments.reminder_sent_at) in the
 * transaction that queues the mail, so two instances running the job at the same moment split the work instead
 * of doubling it. Whether the order still waits, and the e-mail, are the flow's (server/flows/payment-reminders.ts).
 */

/** How long before the reference's end the reminder goes. */
export const REMINDER_LEAD_HOURS = 24;

/**
 * Up to `limit` pending Multibanco/Payshop payments whose reference ends within REMINDER_LEAD_HOURS and that were
 * not reminded yet, oldest first, locked (rows another transaction holds are skipped); `also`: a further condition
 * (the order still waits). A reference issued with less than a day to go had its data mailed moments ago: none.
 */
export function paymentsDueForReminder(tx: Tx, limit: number, also?: SQL): Promise<Payment[]> {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        inArray(payments.method, ["mb", "payshop"]),
        isNull(payments.reminderSentAt),
        also,
        sql`${payments.expiresAt} > now()`,
        sql`${payments.expiresAt} <= now() + make_interval(hours => ${REMINDER_LEAD_HOURS})`,
        sql`${payments.expiresAt} - ${payments.createdAt} > make_interval(hours => ${REMINDER_LEAD_HOURS})`,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** The payment's reminder is on its way; false when it had been marked already. */
export async function markReminded(tx: Tx, id: number): Promise<boolean> {
  const [marked] = await tx
    .update(payments)
    .set({ reminderSentAt: sql`now()` })
    .where(and(eq(payments.id, id), isNull(payments.reminderSentAt)))
    .returning({ id: payments.id });
  return marked !== undefined;
}
