import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { orders } from "#server/modules/orders/schema.ts";

/* The tables of invoicing. Money is integer cents; every timestamp has a time zone. */

/**
 * Certified documents issued through the InvoiceProvider: one invoice (fatura-recibo) per paid order, and credit
 * notes referring to it. The unique indexes are what make "exactly once" hold across instances and restarts.
 */
export const invoices = pg.pgTable(
  "invoices",
  {
    id: pg.serial("id").primaryKey(),
    orderId: pg
      .integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** 'invoice' (fatura-recibo) | 'credit_note' (nota de crédito). */
    kind: pg.text("kind").notNull(),
    /** For a credit note: the invoice it corrects. */
    relatedInvoiceId: pg.integer("related_invoice_id"),
    /** For a credit note: the refund it documents (one credit note per refund). */
    refundId: pg.integer("refund_id"),
    provider: pg.text("provider").notNull(),
    /** 'pending' (job queued) | 'issued' | 'failed' (retries exhausted; admin may retry) | 'manual' (provider none). */
    status: pg.text("status").notNull().default("pending"),
    externalId: pg.text("external_id"),
    number: pg.text("number"),
    atcud: pg.text("atcud"),
    pdfUrl: pg.text("pdf_url"),
    totalCents: pg.integer("total_cents").notNull(),
    attempts: pg.integer("attempts").notNull().default(0),
    lastError: pg.text("last_error"),
    /** When the job may take it (again): a claim leases it for a while, a retryable failure backs off. */
    nextAttemptAt: pg.timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** For a credit note: why (pt-PT, printed on the document). */
    reason: pg.text("reason"),
    /** For a credit note: the order lines it credits [{ orderLineId, quantity }], as the refund gave them. */
    lines: pg.jsonb("lines"),
    createdAt: createdAt(),
    issuedAt: pg.timestamp("issued_at", { withTimezone: true }),
  },
  (t) => [
    pg.check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    pg.check("invoices_status_check", sql`${t.status} in ('pending', 'issued', 'failed', 'manual')`),
    pg
      .uniqueIndex("invoices_one_per_order_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    pg
      .uniqueIndex("invoices_one_per_refund_key")
      .on(t.refundId)
      .where(sql`${t.kind} = 'credit_note'`),
    pg.index("invoices_status_idx").on(t.status, t.createdAt),
    pg
      .index("invoices_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
