import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/core/config.ts";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { orderEvents } from "#server/modules/orders/schema.ts";
import {
  InvoiceProviderError,
  type CreditNoteRequest,
  type DocumentKind,
  type InvoiceProvider,
  type InvoiceRequest,
  type IssuedDocument,
} from "#server/modules/invoicing/providers/provider.ts";
import { createServices } from "#server/services.ts";
import { createTestDatabase, type TestApp } from "./db.ts";
import { signIn, type Session } from "./factories.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "./orders.ts";

/*
 * The invoicing tests' kit: TWO app instances (two sets of services, two Fastify apps) on ONE database, sharing
 * one in-process invoicing service (`FakeInvoicing`) that numbers documents, keeps them by reference for find(),
 * records every call, and fails on demand (retryable, validation, or "issued, then the caller died").
 */

export interface IssuedRecord extends IssuedDocument {
  kind: DocumentKind;
  reference: string;
  request: InvoiceRequest | CreditNoteRequest;
}

type Failure = { kind: "error"; retryable: boolean; message: string } | { kind: "hang-after-issue" };

export class FakeInvoicing {
  readonly issued: IssuedRecord[] = [];
  readonly calls: Array<{ op: "find" | "issue"; kind: DocumentKind; reference: string }> = [];
  private failures: Failure[] = [];
  /** PDF links are ready only once this is true (InvoiceXpress makes them asynchronously). */
  pdfReady = true;

  /** The next `n` issue calls fail like this (in order). */
  failNext(n: number, failure: Failure): void {
    for (let i = 0; i < n; i++) this.failures.push(failure);
  }

  reset(): void {
    this.issued.length = 0;
    this.calls.length = 0;
    this.failures = [];
    this.pdfReady = true;
  }

  private issue(kind: DocumentKind, request: InvoiceRequest | CreditNoteRequest): Promise<IssuedDocument> {
    this.calls.push({ op: "issue", kind, reference: request.reference });
    const failure = this.failures.shift();
    if (failure?.kind === "error") {
      return Promise.reject(
        new InvoiceProviderError(failure.message, failure.retryable, failure.retryable ? 503 : 422),
      );
    }
    const series = kind === "invoice" ? "FR" : "NC";
    const n = this.issued.filter((d) => d.kind === kind).length + 1;
    const doc: IssuedRecord = {
      kind,
      reference: request.reference,
      request,
      externalId: `${series}-${n}`,
      number: `${series} 2026/${n}`,
      atcud: `ABCD1234-${n}`,
      pdfUrl: this.pdfReady ? `https://faturas.exemplo.pt/${series}-${n}.pdf` : null,
    };
    this.issued.push(doc);
    // Issued by the service, but the answer never reaches the shop (the process is killed before its commit).
    if (failure?.kind === "hang-after-issue") return new Promise<never>(() => {});
    return Promise.resolve(doc);
  }

  readonly provider: InvoiceProvider = {
    name: "invoicexpress",
    find: async (kind, reference) => {
      this.calls.push({ op: "find", kind, reference });
      const doc = this.issued.find((d) => d.kind === kind && d.reference === reference);
      return doc ? { externalId: doc.externalId, number: doc.number, atcud: doc.atcud, pdfUrl: doc.pdfUrl } : null;
    },
    issueInvoice: (request) => this.issue("invoice", request),
    issueCreditNote: (request) => this.issue("credit_note", request),
    pdfUrl: async (_kind, externalId) => (this.pdfReady ? `https://faturas.exemplo.pt/${externalId}.pdf` : null),
  };
}

export interface InvoicingApp {
  a: TestApp;
  b: TestApp;
  fake: FakeInvoicing;
  admin: Session;
  buyer: Session;
  other: Session;
}

/**
 * Two instances on one database. `provider`: the fake (default), `none` (INVOICE_PROVIDER=none), or a real adapter
 * built once the test file's other beforeAll hooks ran (e.g. pointed at a stand-in).
 */
export function useInvoicingApp(opts: { provider?: "fake" | "none" | (() => InvoiceProvider) } = {}) {
  const ctx = {} as InvoicingApp;
  const cleanup: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const database = await createTestDatabase();
    const fake = new FakeInvoicing();
    const instance = async (): Promise<TestApp> => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-test-invoices-"));
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PUBLIC_URL: "http://localhost:3000",
        SESSION_SECRET: "s".repeat(40),
        PAYMENT_CALLBACK_KEY: CALLBACK_KEY,
        MB_ENTITY: "12345",
        MB_SUBENTITY: "123",
        INVOICE_RETRY_BASE_MS: "100",
      });
      const chosen = opts.provider ?? "fake";
      const services = createServices({
        config,
        db: database.db,
        ...(chosen === "none" ? {} : { invoiceProvider: chosen === "fake" ? fake.provider : chosen() }),
      });
      const app = await buildApp({ config, services, web: "none" });
      await app.ready();
      const close = async () => {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      };
      cleanup.push(close);
      return { app, db: database.db, services, config, close };
    };
    ctx.fake = fake;
    ctx.a = await instance();
    ctx.b = await instance();
    cleanup.push(() => database.drop());
    ctx.admin = await signIn(ctx.a, "admin");
    ctx.buyer = await signIn(ctx.a, "cliente");
    ctx.other = await signIn(ctx.a, "cliente");
  });
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  /** An order of 2 × 12,90 € and 3 × 4,35 € (checkout's delivery charged too), paid unless `paid: false`. */
  async function order(o: { paid?: boolean; nif?: string } = {}) {
    const x = await seedProduct(ctx.a, 1290, 10, { name: `Camisola ${randomBytes(2).toString("hex")}` });
    const y = await seedProduct(ctx.a, 435, 10, { name: `Caneca ${randomBytes(2).toString("hex")}` });
    const res = await checkout(ctx.a, ctx.buyer.headers, {
      items: [
        { product_id: x.product.id, variant_id: x.variants[0]!.id, quantity: 2 },
        { product_id: y.product.id, variant_id: y.variants[0]!.id, quantity: 3 },
      ],
      ...(o.nif ? { dados_faturacao: { nif: o.nif } } : {}),
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    const id = res.json().order_id as number;
    if (o.paid !== false) await payOrder(ctx.a, id);
    return id;
  }

  const documents = (orderId: number) =>
    ctx.a.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
  const events = (orderId: number) =>
    ctx.a.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  /** Makes every pending document due now (skips the backoff's wait). */
  const dueNow = () =>
    ctx.a.db
      .update(invoices)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(invoices.status, "pending"));

  return { ctx, order, documents, events, dueNow };
}
