import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of db (the mail outbox and the rate-limit counters: shared by every module). Money is integer cents; every timestamp has a time zone. */

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Where answers go when it is not the sender (the contact form: the shopper who wrote). */
    replyTo: text("reply_to"),
    kind: text("kind").notNull(),
    /** Set for mails that must go out at most once (e.g. "order-confirmation:42"). */
    dedupeKey: text("dedupe_key").unique(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Shared counters for rate limits, so every instance behind a load balancer sees the same numbers. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
