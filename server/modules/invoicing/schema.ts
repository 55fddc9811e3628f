import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { orders } from "#server/modules/orders/schema.ts";

/* The tables of invoicing. Money is integer cents; every timestamp has a time zone. */

/**
 * Certified documents issued through the InvoiceProvider: one invoice (fatura-recibo) per paid order, and credit
 * notes referring to it. The unique indexes are what make "exactly once" hold across instances and restarts.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** 'invoice' (fatura-recibo) | 'credit_note' (nota de crédito). */
    kind: text("kind").notNull(),
    /** For a credit note: the invoice it corrects. */
    relatedInvoiceId: integer("related_invoice_id"),
    /** For a credit note: the refund it documents (one credit note per refund). */
    refundId: integer("refund_id"),
    provider: text("provider").notNull(),
    /** 'pending' (job queued) | 'issued' | 'failed' (retries exhausted; admin may retry) | 'manual' (provider none). */
    status: text("status").notNull().default("pending"),
    externalId: text("external_id"),
    number: text("number"),
    atcud: text("atcud"),
    pdfUrl: text("pdf_url"),
    totalCents: integer("total_cents").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When the job may take it (again): a claim leases it for a while, a retryable failure backs off. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** For a credit note: why (pt-PT, printed on the document). */
    reason: text("reason"),
    /** For a credit note: the order lines it credits [{ orderLineId, quantity }], as the refund gave them. */
    lines: jsonb("lines"),
    createdAt: createdAt(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
  },
  (t) => [
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_status_check", sql`${t.status} in ('pending', 'issued', 'failed', 'manual')`),
    uniqueIndex("invoices_one_per_order_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_one_per_refund_key")
      .on(t.refundId)
      .where(sql`${t.kind} = 'credit_note'`),
    index("invoices_status_idx").on(t.status, t.createdAt),
    index("invoices_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
