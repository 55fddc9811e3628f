import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { PublicUser } from "#server/modules/accounts/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { invoices } from "./schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { Tx } from "#server/core/db/client.ts";
import { issueDueDocuments, type InvoiceJobDeps, type IssueRunResult } from "./job.ts";
import { documentTitle, type CreditedLine, type InvoiceRow } from "./documents.ts";
import type { DocumentKind, InvoiceProvider } from "#server/modules/invoicing/providers/provider.ts";
import type { FiscalDocument, InvoiceChange, ShopperInvoice } from "./schemas.ts";

/*
 * Certified documents (issue 14 §3): one fatura-recibo per paid order and one nota de crédito per refund, queued in
 * the transaction that makes them owed (payment, reinstatement, refund) and issued by the job (job.ts) through the
 * configured provider. The queue functions are plain, so the orders and refund domains call them inside their own
 * transactions; the service below serves the admin (state, 'Tentar novamente', manual numbers) and the shopper.
 */

/**
 * The order was paid (payment callback, verification, reinstatement): its invoice is owed. Inside the caller's
 * transaction; a second call for the same order changes nothing (one invoice per order). The job takes it from
 * here (INVOICE_PROVIDER=none: 'Fatura por emitir' for the admin).
 */
export async function queueInvoice(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    insert into invoices (order_id, kind, provider, status, total_cents)
    select id, 'invoice', 'none', 'pending', total_cents from orders where id = ${orderId}
    on conflict do nothing`);
}

export interface CreditNoteInput {
  orderId: number;
  /** The refunds row; null for the refund of issue 13's paid-order cancellation (marked done on the order). */
  refundId: number | null;
  amountCents: number;
  /**
   * The order lines refunded (a return's lines, given by the refund: invoicing never reads aftersale's tables);
   * without them, the whole order, or one adjustment line when the order has a single rate (documents.ts).
   */
  lines?: CreditedLine[];
  /** pt-PT, printed on the document, e.g. 'Devolução (livre resolução)'. */
  reason: string;
}

/**
 * A refund was made: the credit note documenting it is owed, referring to the order's invoice (issued first: the job
 * waits for it). Inside the refund's transaction; one per refund.
 */
export async function queueCreditNote(tx: Tx, input: CreditNoteInput): Promise<void> {
  await queueInvoice(tx, input.orderId); // an order paid before invoicing existed gets its invoice first
  const [invoice] = await tx
    .select({ id: invoices.id, totalCents: invoices.totalCents })
    .from(invoices)
    .where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, "invoice")));
  if (!invoice) throw new NotFoundError("Encomenda não encontrada.");
  const [credited] = await tx
    .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.relatedInvoiceId, invoice.id), eq(invoices.kind, "credit_note")));
  if (input.amountCents <= 0 || input.amountCents + (credited?.cents ?? 0) > invoice.totalCents) {
    throw new ConflictError("O valor a creditar excede o que falta creditar da fatura.");
  }
  await tx
    .insert(invoices)
    .values({
      orderId: input.orderId,
      kind: "credit_note",
      relatedInvoiceId: invoice.id,
      refundId: input.refundId,
      provider: "none",
      totalCents: input.amountCents,
      reason: input.reason,
      lines: input.lines ?? null,
    })
    .onConflictDoNothing();
}

function toDocument(row: InvoiceRow): FiscalDocument {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind as DocumentKind,
    status: row.status as FiscalDocument["status"],
    provider: row.provider,
    number: row.number,
    atcud: row.atcud,
    pdf_url: row.pdfUrl,
    total_cents: row.totalCents,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    refund_id: row.refundId,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    issued_at: row.issuedAt?.toISOString() ?? null,
  };
}

/**
 * How long a claim keeps other instances off a document: longer than everything one claim may do, i.e. the adapters'
 * calls in a row (look-up, create, finalize, PDF: 5 at most) each up to the call time-out, plus a margin. A process
 * killed mid-claim leaves its document to the others after this.
 */
export const leaseFor = (callTimeoutMs: number) => 6 * callTimeoutMs + 10_000;

const adminActor = (admin: PublicUser) => ({ userId: admin.id, name: admin.name });

/** The invoicing service's dependencies (server/services.ts). */
export interface InvoicingDeps {
  db: Database;
  provider: InvoiceProvider;
  retryBaseMs: number;
  /** INVOICE_TIMEOUT_MS: one call's limit, from which a claim's lease is sized (leaseFor). */
  callTimeoutMs?: number;
  logger?: InvoiceJobDeps["logger"];
  /** Wakes the job after a change committed (jobs.nudgeInvoices). */
  onQueued?: () => void;
}

/** The admin's and the shopper's side of the certified documents, and the job's run. */
export interface InvoicingService {
  provider: InvoiceProvider;
  issueDue(opts?: { limit?: number; logger?: InvoiceJobDeps["logger"] }): Promise<IssueRunResult>;
  nextDueInMs(): Promise<number | null>;
  documents(orderId: number): Promise<FiscalDocument[]>;
  failures(): Promise<FiscalDocument[]>;
  retry(admin: PublicUser, id: number): Promise<InvoiceChange>;
  recordManual(admin: PublicUser, id: number, number: string): Promise<InvoiceChange>;
  shopperInvoice(userId: number, orderId: number): Promise<ShopperInvoice>;
  shopperPdfUrl(userId: number, orderId: number): Promise<string>;
}

export function createInvoicingService(deps: InvoicingDeps): InvoicingService {
  const { db, provider } = deps;
  const nudge = () => deps.onQueued?.();

  /** An issued document whose PDF was not ready: asked again, and kept once the service has it. */
  async function withPdf(row: InvoiceRow): Promise<InvoiceRow> {
    if (row.status !== "issued" || row.pdfUrl || !row.externalId || provider.name === "none") return row;
    const url = await provider.pdfUrl(row.kind as DocumentKind, row.externalId).catch(() => null);
    if (!url) return row;
    await db.update(invoices).set({ pdfUrl: url }).where(eq(invoices.id, row.id));
    return { ...row, pdfUrl: url };
  }

  async function lockedDocument(tx: Tx, id: number): Promise<InvoiceRow> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw new NotFoundError("Documento não encontrado.");
    return row;
  }

  return {
    provider,

    /** The job's run: issues every due document (server/jobs/boss.ts calls it). */
    issueDue(opts: { limit?: number; logger?: InvoiceJobDeps["logger"] } = {}): Promise<IssueRunResult> {
      return issueDueDocuments(
        {
          db,
          provider,
          retryBaseMs: deps.retryBaseMs,
          logger: opts.logger ?? deps.logger,
          ...(deps.callTimeoutMs ? { leaseMs: leaseFor(deps.callTimeoutMs) } : {}),
        },
        { limit: opts.limit },
      );
    },

    /** Milliseconds until the earliest pending document is due (0: now), or null when none waits. */
    async nextDueInMs(): Promise<number | null> {
      const [row] = await db
        .select({ ms: sql<number | null>`(extract(epoch from min(${invoices.nextAttemptAt}) - now()) * 1000)::float8` })
        .from(invoices)
        .where(eq(invoices.status, "pending"));
      return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Math.ceil(row.ms));
    },

    /** GET /api/orders/:id/invoices: the order's invoice and credit notes, oldest first. */
    async documents(orderId: number): Promise<FiscalDocument[]> {
      const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
      return Promise.all(rows.map(async (r) => toDocument(await withPdf(r))));
    },

    /** GET /api/invoices/failures: failed documents and those being retried after an error, newest first. */
    async failures(): Promise<FiscalDocument[]> {
      const rows = await db
        .select()
        .from(invoices)
        .where(or(eq(invoices.status, "failed"), and(eq(invoices.status, "pending"), isNotNull(invoices.lastError))))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(100);
      return rows.map(toDocument);
    },

    /** POST /api/invoices/:id/retry ('Tentar novamente'): a failed document goes back to the job, now. */
    async retry(admin: PublicUser, id: number): Promise<InvoiceChange> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockedDocument(tx, id);
        if (locked.status !== "failed") throw new ConflictError("Só um documento que falhou pode ser tentado de novo.");
        // attempts 1: the next claim counts 2 and asks the service first (an earlier try may have been issued).
        const [updated] = await tx
          .update(invoices)
          .set({ status: "pending", attempts: 1, nextAttemptAt: sql`now()` })
          .where(eq(invoices.id, id))
          .returning();
        await recordOrderEvent(tx, {
          orderId: locked.orderId,
          kind: "payment",
          actor: adminActor(admin),
          message: `${documentTitle(locked.kind)}: nova tentativa de emissão`,
          data: { invoice_id: id },
        });
        return updated!;
      });
      nudge();
      return { success: true, message: "O documento vai ser emitido de novo.", document: toDocument(row) };
    },

    /**
     * POST /api/invoices/:id/manual: the number of a document the shop issued by hand (INVOICE_PROVIDER=none, or a
     * document the service refused and the admin issued in its own software).
     */
    async recordManual(admin: PublicUser, id: number, number: string): Promise<InvoiceChange> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockedDocument(tx, id);
        if (locked.status !== "manual" && locked.status !== "failed") {
          throw new ConflictError("Este documento já foi emitido pelo serviço de faturação.");
        }
        const [updated] = await tx
          .update(invoices)
          .set({ status: "manual", number, provider: "none", issuedAt: sql`now()`, lastError: null })
          .where(eq(invoices.id, id))
          .returning();
        await recordOrderEvent(tx, {
          orderId: locked.orderId,
          kind: "payment",
          actor: adminActor(admin),
          message: `${documentTitle(locked.kind)} ${number} registada (emitida à parte)`,
          data: { invoice_id: id, number },
        });
        return updated!;
      });
      return { success: true, message: "Número do documento registado.", document: toDocument(row) };
    },

    /** The shopper's own order's invoice, once issued (null otherwise); someone else's order: 404. */
    async shopperInvoice(userId: number, orderId: number): Promise<ShopperInvoice> {
      const [row] = await db
        .select({ invoice: invoices })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(and(eq(invoices.orderId, orderId), eq(orders.userId, userId), eq(invoices.kind, "invoice")));
      if (!row || !row.invoice.number) return null;
      const invoice = await withPdf(row.invoice);
      if (!invoice.pdfUrl) return null;
      return { numero: invoice.number!, url: `/api/users/me/orders/${orderId}/invoice` };
    },

    /** GET /api/users/me/orders/:id/invoice: the PDF's link, or 404 ('A fatura ainda não foi emitida.'). */
    async shopperPdfUrl(userId: number, orderId: number): Promise<string> {
      const [owned] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!owned) throw new NotFoundError("Encomenda não encontrada.");
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice"), inArray(invoices.status, ["issued"])));
      const invoice = row ? await withPdf(row) : undefined;
      if (!invoice?.pdfUrl) throw new NotFoundError("A fatura ainda não foi emitida.");
      return invoice.pdfUrl;
    },
  };
}
