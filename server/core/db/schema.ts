import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of db (the mail outbox and the rate-limit counters: shared by every module). Money is integer cents; every timestamp has a time zone. */

export const emailOutbox = pg.pgTable(
  "email_outbox",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: pg.text("to_address").notNull(),
    subject: pg.text("subject").notNull(),
    text: pg.text("text").notNull(),
    html: pg.text("html"),
    /** Where answers go when it is not the sender (the contact form: the shopper who wrote). */
    replyTo: pg.text("reply_to"),
    kind: pg.text("kind").notNull(),
    /** Set for mails that must go out at most once (e.g. "order-confirmation:42"). */
    dedupeKey: pg.text("dedupe_key").unique(),
    status: pg.text("status").notNull().default("pending"),
    attempts: pg.integer("attempts").notNull().default(0),
    lastError: pg.text("last_error"),
    nextAttemptAt: pg.timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: pg.timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    pg.check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    pg
      .index("email_outbox_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Shared counters for rate limits, so every instance behind a load balancer sees the same numbers. */
export const rateLimits = pg.pgTable("rate_limits", {
  key: pg.text("key").primaryKey(),
  count: pg.integer("count").notNull(),
  resetAt: pg.timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Bytes read and written as a Buffer (PostgreSQL bytea). */
const bytea = pg.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Pictures kept in the database (UPLOADS_STORAGE=postgres, server/core/storage/postgres.ts): instances behind a load
 * balancer then share nothing but PostgreSQL. Names are the immutable generated file names of /uploads/{name}.
 */
export const storedPictures = pg.pgTable("stored_pictures", {
  name: pg.text("name").primaryKey(),
  bytes: bytea("bytes").notNull(),
  contentType: pg.text("content_type").notNull(),
  /** Hex SHA-256 of bytes: the ETag, and what the copy command verifies. */
  sha256: pg.text("sha256").notNull(),
  size: pg.integer("size").notNull(),
  createdAt: createdAt(),
});
