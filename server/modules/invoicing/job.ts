import { and, asc, eq, sql } from "drizzle-orm";
import type pino from "pino";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { invoices } from "./schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { invoiceBuyer } from "#server/modules/orders/billing.ts";
import { recordOrderEvent } from "#server/modules/orders/timeline.ts";
import type { Tx } from "#server/core/db/client.ts";
import {
  InvoiceProviderError,
  type DocumentKind,
  type InvoiceItem,
  type InvoiceProvider,
  type InvoiceRequest,
  type IssuedDocument,
} from "#server/modules/invoicing/providers/provider.ts";
import {
  creditNoteItems,
  documentReference,
  documentTitle,
  invoiceItems,
  type InvoiceRow,
  type OrderItem,
  type OrderItemKey,
} from "./documents.ts";
import { storedShipping } from "#server/modules/tax/vat.ts";

/*
 * The job that issues the queued documents (invoices.issue, server/jobs/boss.ts). Exactly once rests on three things:
 *  - the `invoices` row is unique per order (per refund for a credit note) and is written in the payment's (refund's)
 *    transaction, so a paid order always has exactly one, whatever crashes after;
 *  - a claim is its own short transaction (`for update skip locked`, attempts + 1, next_attempt_at = now + lease): two
 *    instances never work on one row at the same time, and a process killed mid-call leaves the row to be taken
 *    again once the lease runs out;
 *  - a claim after an earlier attempt (attempts > 1) first asks the service for a document with the row's stable
 *    reference (`find`), so an answer lost to a crash or a time-out is recorded instead of issued again.
 * The lease is far longer than one call's time-out (INVOICE_TIMEOUT_MS), so it never runs out under a live call.
 */

export interface InvoiceJobDeps {
  db: Database;
  provider: InvoiceProvider;
  logger?: pino.Logger;
  /** First retry delay; doubled per attempt, capped at one hour. */
  retryBaseMs: number;
  /** After this many attempts a retryable failure is shown as failed ('Tentar novamente'). Default 8. */
  maxAttempts?: number;
  /** How long a claim keeps other instances off the row. Default 5 minutes. */
  leaseMs?: number;
}

export interface IssueRunResult {
  issued: number;
  retried: number;
  failed: number;
  manual: number;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const DEFAULT_LEASE_MS = 5 * 60 * 1000;
const DEFAULT_MAX_ATTEMPTS = 8;

/** Delay before the next attempt after `attempts` tries. */
export function backoffMs(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Issues every due document, one at a time, until none is left (or `limit` were handled). With `none`, pending
 * documents become 'manual' (the admin records the numbers). Never throws for a document's failure.
 */
export async function issueDueDocuments(deps: InvoiceJobDeps, opts: { limit?: number } = {}): Promise<IssueRunResult> {
  const result: IssueRunResult = { issued: 0, retried: 0, failed: 0, manual: 0 };
  if (deps.provider.name === "none") {
    result.manual = await markManual(deps.db);
    return result;
  }
  const limit = opts.limit ?? 50;
  for (let n = 0; n < limit; n++) {
    const row = await claim(deps);
    if (!row) break;
    const outcome = await issueClaimed(deps, row);
    result[outcome]++;
  }
  return result;
}

/**
 * Provider `none`: every pending document no service was ever asked for is issued by hand. One a service was asked
 * for (an instance with a provider claimed it; it may hold the document already, its answer lost) stays pending for
 * that provider's next claim: handing it to the admin could certify it twice.
 */
async function markManual(db: Database): Promise<number> {
  const rows = await db
    .update(invoices)
    .set({ status: "manual", provider: "none" })
    .where(and(eq(invoices.status, "pending"), eq(invoices.attempts, 0)))
    .returning({ id: invoices.id });
  return rows.length;
}

/** Takes the next due document (a credit note only once its invoice is issued) and leases it. */
async function claim(deps: InvoiceJobDeps): Promise<InvoiceRow | undefined> {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const rows = await deps.db.execute<{ id: number }>(sql`
    update invoices set attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}),
      provider = ${deps.provider.name}
    where id = (
      select d.id from invoices d
      where d.status = 'pending' and d.next_attempt_at <= now()
        and (d.kind = 'invoice'
          or exists (select 1 from invoices i where i.id = d.related_invoice_id and i.status = 'issued'))
      order by d.next_attempt_at, d.id
      limit 1
      for update skip locked)
    returning id`);
  const id = rows.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

type Outcome = "issued" | "retried" | "failed";

async function issueClaimed(deps: InvoiceJobDeps, row: InvoiceRow): Promise<Outcome> {
  const kind = row.kind as DocumentKind;
  const reference = documentReference(row);
  try {
    const request = await buildRequest(deps.db, row);
    let doc: IssuedDocument | null = null;
    // An earlier attempt may have been issued without its answer reaching the database.
    if (row.attempts > 1) doc = await deps.provider.find(kind, reference);
    if (!doc) {
      doc =
        kind === "invoice"
          ? await deps.provider.issueInvoice(request)
          : await deps.provider.issueCreditNote({
              ...request,
              invoice: await relatedInvoice(deps.db, row),
              reason: row.reason ?? "Anulação da venda",
            });
    }
    if (!doc) throw new InvoiceProviderError("O serviço de faturação não devolveu o documento.", false);
    await recordIssued(deps.db, row, doc);
    deps.logger?.info({ invoiceId: row.id, orderId: row.orderId, number: doc.number }, "document issued");
    return "issued";
  } catch (error) {
    return recordFailure(deps, row, error);
  }
}

async function recordIssued(db: Database, row: InvoiceRow, doc: IssuedDocument): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(invoices)
      .set({
        status: "issued",
        externalId: doc.externalId,
        number: doc.number,
        atcud: doc.atcud,
        pdfUrl: doc.pdfUrl,
        issuedAt: sql`now()`,
        lastError: null,
      })
      .where(and(eq(invoices.id, row.id), eq(invoices.status, "pending")))
      .returning({ id: invoices.id });
    if (updated.length === 0) return; // the admin recorded it by hand meanwhile
    await recordOrderEvent(tx, {
      orderId: row.orderId,
      kind: "payment",
      actor: "system",
      message: `${documentTitle(row.kind)} ${doc.number} emitida`,
      data: { invoice_id: row.id, number: doc.number, atcud: doc.atcud },
    });
  });
}

async function recordFailure(deps: InvoiceJobDeps, row: InvoiceRow, error: unknown): Promise<Outcome> {
  const known = error instanceof InvoiceProviderError;
  if (!known) deps.logger?.error({ err: error, invoiceId: row.id }, "could not issue a document");
  const message = known ? error.message : "Erro inesperado ao emitir o documento (ver o registo do servidor).";
  const retryable = !known || error.retryable;
  const giveUp = !retryable || row.attempts >= (deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(invoices)
      .set(
        giveUp
          ? { status: "failed", lastError: message }
          : {
              lastError: message,
              nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(deps.retryBaseMs, row.attempts) / 1000})`,
            },
      )
      .where(and(eq(invoices.id, row.id), eq(invoices.status, "pending")))
      .returning({ id: invoices.id });
    if (giveUp && updated.length > 0) {
      await recordOrderEvent(tx, {
        orderId: row.orderId,
        kind: "payment",
        actor: "system",
        message: `${documentTitle(row.kind)} não emitida: ${message}`,
        data: { invoice_id: row.id },
      });
    }
  });
  deps.logger?.warn({ invoiceId: row.id, attempts: row.attempts, giveUp, message }, "document not issued");
  return giveUp ? "failed" : "retried";
}

/** The invoice a credit note corrects, as the service knows it. */
async function relatedInvoice(db: Tx, row: InvoiceRow): Promise<{ externalId: string; number: string }> {
  const [invoice] = row.relatedInvoiceId
    ? await db.select().from(invoices).where(eq(invoices.id, row.relatedInvoiceId))
    : [];
  if (!invoice?.externalId || !invoice.number) {
    throw new InvoiceProviderError("A fatura desta encomenda ainda não foi emitida.", true);
  }
  return { externalId: invoice.externalId, number: invoice.number };
}

/** Product, colour and size as printed on the document. */
function itemName(line: typeof orderLines.$inferSelect): string {
  const variant = [line.colorName, line.sizeName].filter(Boolean).join(", ");
  return variant ? `${line.productName} (${variant})` : line.productName;
}

/** The request for a queued document: buyer from the order's billing (or delivery) data, items as charged. */
export async function buildRequest(db: Tx, row: InvoiceRow): Promise<InvoiceRequest> {
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw new InvoiceProviderError(`Encomenda #${row.orderId} não encontrada.`, false);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const buyer = invoiceBuyer(order);
  // Each line with its discount (issue 20): its items are its net, split so that they add up to the cent.
  const orderItems = new Map<OrderItemKey, OrderItem>();
  for (const line of lines) {
    orderItems.set(line.id, {
      name: itemName(line),
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      vatRateBp: line.vatRateBp,
      exemptionCode: line.vatExemptionCode,
      discountCents: line.discountCents,
    });
  }
  // Delivery as paid: the standard rate after a free-delivery code, and the next-day supplement as its own item.
  const supplement = Math.min(order.expressSupplementCents, order.shippingCents - order.shippingDiscountCents);
  const standardPaid = order.shippingCents - order.shippingDiscountCents - supplement;
  const paidShipping = storedShipping(
    lines,
    order.shippingCents - order.shippingDiscountCents,
    order.shippingVatRateBp,
  );
  const deliveryItem = (name: string, cents: number): OrderItem => ({
    name,
    quantity: 1,
    unitPriceCents: cents,
    vatRateBp: order.shippingVatRateBp,
    // Exempt delivery (every line exempt) carries the lines' reason code, as the order's IVA breakdown shows it.
    exemptionCode: paidShipping.vatExemptionCode,
    discountCents: 0,
  });
  if (standardPaid > 0) orderItems.set("shipping", deliveryItem("Portes de envio", standardPaid));
  if (supplement > 0) orderItems.set("supplement", deliveryItem("Entrega rápida (suplemento)", supplement));
  const items: InvoiceItem[] =
    row.kind === "invoice" ? invoiceItems(orderItems) : creditNoteItems(row, orderItems, order.id);
  const sum = items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
  const totalCents = row.kind === "invoice" ? order.totalCents : row.totalCents;
  if (sum !== totalCents) {
    throw new InvoiceProviderError(
      `As linhas somam ${(sum / 100).toFixed(2)} € mas o documento é de ${(totalCents / 100).toFixed(2)} €.`,
      false,
    );
  }
  return {
    reference: documentReference(row),
    orderId: order.id,
    date: order.paidAt ?? order.createdAt,
    client: {
      nif: buyer.consumidorFinal ? null : buyer.nif,
      name: buyer.name,
      address: buyer.address,
      postalCode: buyer.postalCode,
      city: buyer.city,
      country: "PT",
      email: user?.email ?? "",
    },
    items,
    totalCents,
  };
}
