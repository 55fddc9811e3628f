import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";

/* The tables of aftersale. Money is integer cents; every timestamp has a time zone. */

/** A withdrawal ("livre resolução") or return: requested → received (stock back) → refunded. */
export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("requested"),
    /** 'conta' (from /conta) | 'formulario' (the public form) | 'admin'. */
    channel: text("channel").notNull(),
    reason: text("reason").notNull().default(""),
    /** Where a Multibanco/Payshop refund goes (validated IBAN, stored without spaces). */
    iban: text("iban"),
    refundCents: integer("refund_cents").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    check("returns_status_check", sql`${t.status} in ('requested', 'received', 'refunded', 'cancelled')`),
    check("returns_channel_check", sql`${t.channel} in ('conta', 'formulario', 'admin')`),
    index("returns_order_idx").on(t.orderId),
    index("returns_status_idx").on(t.status, t.requestedAt),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    check("return_lines_quantity_check", sql`${t.quantity} > 0`),
    unique("return_lines_line_key").on(t.returnId, t.orderLineId),
  ],
);

/** Money given back: MB WAY through ifthenpay's refund call, Multibanco/Payshop by bank transfer marked by the admin. */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    returnId: integer("return_id").references(() => returns.id, { onDelete: "set null" }),
    /** 'mbway' (provider refund) | 'transferencia' (bank transfer). */
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** 'pending' | 'done' | 'failed'. */
    status: text("status").notNull().default("pending"),
    iban: text("iban"),
    providerRequestId: text("provider_request_id"),
    providerAnswer: jsonb("provider_answer").notNull().default({}),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    check("refunds_method_check", sql`${t.method} in ('mbway', 'transferencia')`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
    index("refunds_order_idx").on(t.orderId),
    // Exactly once: a return (or, without one, a cancelled order) has at most one refund that is pending or done;
    // the row is inserted before the provider is called, so a second click or instance fails here instead.
    uniqueIndex("refunds_one_live_per_return")
      .on(t.returnId)
      .where(sql`${t.returnId} is not null and ${t.status} <> 'failed'`),
    uniqueIndex("refunds_one_live_per_cancelled_order")
      .on(t.orderId)
      .where(sql`${t.returnId} is null and ${t.status} <> 'failed'`),
  ],
);
