import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";

/* The tables of payments. Money is integer cents; every timestamp has a time zone. */

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    method: text("method").notNull(),
    status: text("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    entity: text("entity"),
    reference: text("reference"),
    requestId: text("request_id"),
    phone: text("phone"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The reminder e-mail one day before a Multibanco or Payshop reference expires was queued. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    providerData: jsonb("provider_data").notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    check("payments_method_check", sql`${t.method} in ('mbway', 'mb', 'payshop')`),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
    index("payments_order_idx").on(t.orderId),
    index("payments_reference_idx").on(t.entity, t.reference),
    index("payments_request_idx").on(t.requestId),
    index("payments_ref_idx").on(t.reference),
    index("payments_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // One pending payment per order at a time: switching MB WAY to Multibanco retires the first one, so a late
    // success of the retired request can never pay the order a second time.
    uniqueIndex("payments_one_pending_per_order")
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every callback or verification that changed a payment, so a replay is recognised and ignored. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    eventKey: text("event_key").notNull(),
    payload: jsonb("payload").notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_key").on(t.provider, t.eventKey)],
);

/**
 * Money that arrived and could not simply be applied: after the order expired ('late'), with another
 * amount ('amount_mismatch') or for a reference the shop does not know ('unknown_reference'). The admin
 * resolves each one ('Exceções de pagamento' on /payment-status): reinstate the order, or mark for refund.
 */
export const paymentExceptions = pgTable(
  "payment_exceptions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    paymentEventId: bigint("payment_event_id", { mode: "number" }).references(() => paymentEvents.id, {
      onDelete: "set null",
    }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    method: text("method"),
    entity: text("entity"),
    reference: text("reference"),
    requestId: text("request_id"),
    /** What arrived, in cents. */
    amountCents: integer("amount_cents").notNull(),
    /** What the payment expected, when one was found. */
    expectedCents: integer("expected_cents"),
    status: text("status").notNull().default("open"),
    resolvedByUserId: integer("resolved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: text("resolution_note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_exceptions_kind_check", sql`${t.kind} in ('late', 'amount_mismatch', 'unknown_reference')`),
    check(
      "payment_exceptions_status_check",
      sql`${t.status} in ('open', 'reinstated', 'refund_due', 'refunded', 'dismissed')`,
    ),
    uniqueIndex("payment_exceptions_event_key").on(t.paymentEventId),
    index("payment_exceptions_status_idx").on(t.status, t.createdAt),
  ],
);
