import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, requiredRef } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";

/* The tables of aftersale. Money is integer cents; every timestamp has a time zone. */

/** A withdrawal ("livre resolução") or return: requested → received (stock back) → refunded. */
export const returns = pg.pgTable(
  "returns",
  {
    id: pg.serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id, "restrict"),
    status: pg.text("status").notNull().default("requested"),
    /** How it was filed: 'conta' (from /conta) | 'formulario' (the public form, anyone) | 'admin'. */
    channel: pg.text("channel").notNull(),
    /** Who filed it when known: the signed-in owner ('conta') or the staff member ('admin'); null from the form. */
    filedByUserId: pg.integer("filed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** How the owner chose the items and gave the refund IBAN (after a public declaration): 'conta' | 'ligacao'. */
    completedVia: pg.text("completed_via"),
    completedAt: pg.timestamp("completed_at", { withTimezone: true }),
    reason: pg.text("reason").notNull().default(""),
    /** Where a Multibanco/Payshop refund goes (validated IBAN, stored without spaces). */
    iban: pg.text("iban"),
    refundCents: pg.integer("refund_cents").notNull(),
    requestedAt: pg.timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: pg.timestamp("received_at", { withTimezone: true }),
    refundedAt: pg.timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    pg.check("returns_status_check", sql`${t.status} in ('requested', 'received', 'refunded', 'cancelled')`),
    pg.check("returns_channel_check", sql`${t.channel} in ('conta', 'formulario', 'admin')`),
    pg.check("returns_completed_via_check", sql`${t.completedVia} in ('conta', 'ligacao')`),
    pg.index("returns_order_idx").on(t.orderId),
    pg.index("returns_status_idx").on(t.status, t.requestedAt),
  ],
);

/**
 * The one-time link e-mailed to the order's own address after a public declaration: through it the owner chooses the
 * items, gives the refund IBAN, or cancels. Only the token's SHA-256 is kept; used once, or dead after expires_at.
 */
export const withdrawalLinks = pg.pgTable(
  "withdrawal_links",
  {
    id: pg.serial("id").primaryKey(),
    returnId: requiredRef("return_id", () => returns.id, "cascade"),
    tokenHash: pg.text("token_hash").notNull().unique(),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: pg.timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index("withdrawal_links_return_idx").on(t.returnId)],
);

export const returnLines = pg.pgTable(
  "return_lines",
  {
    id: pg.serial("id").primaryKey(),
    returnId: requiredRef("return_id", () => returns.id, "cascade"),
    orderLineId: requiredRef("order_line_id", () => orderLines.id, "restrict"),
    quantity: pg.integer("quantity").notNull(),
  },
  (t) => [
    pg.check("return_lines_quantity_check", sql`${t.quantity} > 0`),
    pg.unique("return_lines_line_key").on(t.returnId, t.orderLineId),
  ],
);

/** Money given back: MB WAY through ifthenpay's refund call, Multibanco/Payshop by bank transfer marked by the admin. */
export const refunds = pg.pgTable(
  "refunds",
  {
    id: pg.serial("id").primaryKey(),
    orderId: requiredRef("order_id", () => orders.id, "restrict"),
    returnId: pg.integer("return_id").references(() => returns.id, { onDelete: "set null" }),
    /** 'mbway' (provider refund) | 'transferencia' (bank transfer). */
    method: pg.text("method").notNull(),
    amountCents: pg.integer("amount_cents").notNull(),
    /** 'pending' | 'done' | 'failed'. */
    status: pg.text("status").notNull().default("pending"),
    iban: pg.text("iban"),
    providerRequestId: pg.text("provider_request_id"),
    providerAnswer: pg.jsonb("provider_answer").notNull().default({}),
    createdByUserId: pg.integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    doneAt: pg.timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    pg.check("refunds_method_check", sql`${t.method} in ('mbway', 'transferencia')`),
    pg.check("refunds_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    pg.check("refunds_amount_check", sql`${t.amountCents} > 0`),
    pg.index("refunds_order_idx").on(t.orderId),
    // Exactly once: a return (or, without one, a cancelled order) has at most one refund that is pending or done;
    // the row is inserted before the provider is called, so a second click or instance fails here instead.
    pg
      .uniqueIndex("refunds_one_live_per_return")
      .on(t.returnId)
      .where(sql`${t.returnId} is not null and ${t.status} <> 'failed'`),
    pg
      .uniqueIndex("refunds_one_live_per_cancelled_order")
      .on(t.orderId)
      .where(sql`${t.returnId} is null and ${t.status} <> 'failed'`),
  ],
);
