import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";

/* The tables of payments. Money is integer cents; every timestamp has a time zone. */

export const payments = pg.pgTable(
  "payments",
  {
    id: pg.serial("id").primaryKey(),
    orderId: pg
      .integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: pg.text("provider").notNull(),
    method: pg.text("method").notNull(),
    status: pg.text("status").notNull().default("pending"),
    amountCents: pg.integer("amount_cents").notNull(),
    entity: pg.text("entity"),
    reference: pg.text("reference"),
    requestId: pg.text("request_id"),
    phone: pg.text("phone"),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }),
    paidAt: pg.timestamp("paid_at", { withTimezone: true }),
    /** The reminder e-mail one day before a Multibanco or Payshop reference expires was queued. */
    reminderSentAt: pg.timestamp("reminder_sent_at", { withTimezone: true }),
    providerData: pg.jsonb("provider_data").notNull().default({}),
    createdAt: createdAt(),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check("payments_status_check", sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    pg.check("payments_method_check", sql`${t.method} in ('mbway', 'mb', 'payshop')`),
    pg.check("payments_amount_check", sql`${t.amountCents} > 0`),
    pg.index("payments_order_idx").on(t.orderId),
    pg.index("payments_reference_idx").on(t.entity, t.reference),
    pg.index("payments_request_idx").on(t.requestId),
    pg.index("payments_ref_idx").on(t.reference),
    pg
      .index("payments_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // One pending payment per order at a time: switching MB WAY to Multibanco retires the first one, so a late
    // success of the retired request can never pay the order a second time.
    pg
      .uniqueIndex("payments_one_pending_per_order")
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every callback or verification that changed a payment, so a replay is recognised and ignored. */
export const paymentEvents = pg.pgTable(
  "payment_events",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: pg.integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    provider: pg.text("provider").notNull(),
    eventKey: pg.text("event_key").notNull(),
    payload: pg.jsonb("payload").notNull().default({}),
    receivedAt: pg.timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.uniqueIndex("payment_events_provider_key").on(t.provider, t.eventKey)],
);

/**
 * Money that arrived and could not simply be applied: after the order expired ('late'), with another
 * amount ('amount_mismatch'), for a reference the shop does not know ('unknown_reference') or a second time for
 * a reference already paid ('duplicate'). The admin
 * resolves each one ('Exceções de pagamento' on /payment-status): reinstate the order, or mark for refund.
 */
export const paymentExceptions = pg.pgTable(
  "payment_exceptions",
  {
    id: pg.serial("id").primaryKey(),
    kind: pg.text("kind").notNull(),
    paymentEventId: pg.bigint("payment_event_id", { mode: "number" }).references(() => paymentEvents.id, {
      onDelete: "set null",
    }),
    paymentId: pg.integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    orderId: pg.integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    method: pg.text("method"),
    entity: pg.text("entity"),
    reference: pg.text("reference"),
    requestId: pg.text("request_id"),
    /** What arrived, in cents. */
    amountCents: pg.integer("amount_cents").notNull(),
    /** What the payment expected, when one was found. */
    expectedCents: pg.integer("expected_cents"),
    status: pg.text("status").notNull().default("open"),
    resolvedByUserId: pg.integer("resolved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: pg.timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: pg.text("resolution_note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check(
      "payment_exceptions_kind_check",
      sql`${t.kind} in ('late', 'amount_mismatch', 'unknown_reference', 'duplicate')`,
    ),
    pg.check(
      "payment_exceptions_status_check",
      sql`${t.status} in ('open', 'reinstated', 'refund_due', 'refunded', 'dismissed')`,
    ),
    pg.uniqueIndex("payment_exceptions_event_key").on(t.paymentEventId),
    pg.index("payment_exceptions_status_idx").on(t.status, t.createdAt),
  ],
);
