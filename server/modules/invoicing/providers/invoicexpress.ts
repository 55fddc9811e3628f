import { z } from "zod";
import { CONSUMIDOR_FINAL_NIF } from "#server/modules/tax/nif.ts";
import {
  type CreditNoteRequest,
  type DocumentKind,
  type InvoiceProvider,
  type InvoiceRequest,
  type IssuedDocument,
} from "./provider.ts";
import {
  callJson,
  checkRequest,
  documentId as id,
  documentText as text,
  expectedTotal,
  invalidRequest,
  lisbonDmy,
  unexpected,
  wholePercent,
} from "./provider-http.ts";

/**
 * InvoiceXpress (REST + JSON, `?api_key=` on every call; base https://{account}.app.invoicexpress.com).
 *
 * Shapes, from the official API v2 pages (invoicexpress.com/api-v2: invoices/create, change-state, invoices/list-all;
 * api-v1 "documents" for the PDF) and public clients that run against the service:
 *  - POST /{document-type}.json (invoice_receipts, credit_notes) with {invoice: {date, due_date "dd/mm/yyyy", client,
 *    items: [{name, description, unit_price, quantity, tax: {name}}]}} — the root is `invoice` for every type; "if the
 *    tax name is not found, the default tax is applied" (so the draft's total is checked below); Portuguese accounts
 *    send the exemption reason for IVA 0 % items: the document-level `tax_exemption` code (OCA l10n-portugal
 *    `l10n_pt_account_invoicexpress`, Odoo), whose answers are keyed by type ({invoice_receipt: {id, …}}).
 *  - PUT /{document-type}/{id}/change-state.json {invoice: {state: "finalized" | "deleted"}} (draft → final, draft →
 *    deleted); the finalized document has `inverted_sequence_number` ("2026/15"), printed with the type's prefix
 *    ("FR 2026/15", as the OCA module does) and `atcud`.
 *  - `reference` holds the order's reference and `sequence_id` picks a series (Webdados' woo-billing-with-invoicexpress);
 *    credit notes carry `owner_invoice_id` and the reason in `observations`.
 *  - GET /api/pdf/{id}.json: 202 while the PDF is being made, then {output: {pdfUrl}}; 406 for a document in a state
 *    without PDF. GET /invoices.json?text=…&type[]=InvoiceReceipt&page&per_page lists documents (`invoices`).
 * unit_price is WITHOUT IVA (the API's default; we could not verify an account setting that changes it), so the net
 * price is sent with 6 decimals: q × net × (1 + rate) then rounds back to the charged cents on any rounding model.
 *
 * Exactly once: issueInvoice first looks the reference up; a finalized document is answered as is, a draft left by
 * a crash between "create" and "finalize" is finalized instead of creating a second one.
 */
export interface InvoiceXpressOptions {
  account: string;
  apiKey: string;
  /** Default https://{account}.app.invoicexpress.com (the stand-in's URL in tests). */
  baseUrl?: string;
  timeoutMs?: number;
  /** A series other than the account's default (InvoiceXpress's numeric sequence id). */
  sequenceId?: string;
  fetch?: typeof globalThis.fetch;
}

const SERVICE = "InvoiceXpress";

const KINDS = {
  invoice: {
    path: "invoice_receipts",
    root: "invoice",
    answer: "invoice_receipt",
    listType: "InvoiceReceipt",
    prefix: "FR",
  },
  credit_note: {
    path: "credit_notes",
    root: "invoice",
    answer: "credit_note",
    listType: "CreditNote",
    prefix: "NC",
  },
} as const;

const documentSchema = z.object({
  id,
  status: text,
  type: text,
  reference: text,
  sequence_number: text,
  inverted_sequence_number: text,
  atcud: text,
  /** IVA included, in euros (a number or a decimal string). */
  total: z.union([z.number(), z.string(), z.null()]).optional(),
});
type IxDocument = z.infer<typeof documentSchema>;
const listSchema = z.object({
  invoices: z.array(z.unknown()),
  pagination: z.object({ total_pages: z.coerce.number().int().min(0) }).optional(),
});
/** Pages of a reference's text search read at most (up to 100 documents each; the account may cap it at 30). */
const MAX_LIST_PAGES = 20;
const pdfSchema = z.object({ output: z.object({ pdfUrl: z.string().min(1) }) });

const FINAL_STATES = new Set(["final", "settled", "sent", "second_copy"]);

export function createInvoiceXpressProvider(opts: InvoiceXpressOptions): InvoiceProvider {
  const account = opts.account.trim();
  const apiKey = opts.apiKey.trim();
  if (!/^[a-z0-9-]+$/i.test(account)) throw new RangeError("INVOICEXPRESS_ACCOUNT must be the account's subdomain");
  if (!apiKey) throw new RangeError("INVOICEXPRESS_API_KEY is required");
  const baseUrl = (opts.baseUrl ?? `https://${account}.app.invoicexpress.com`).replace(/\/+$/, "");
  const http = {
    service: SERVICE,
    fetch: opts.fetch ?? globalThis.fetch,
    timeoutMs: opts.timeoutMs ?? 15_000,
    secrets: [apiKey],
  };

  const url = (path: string, query: [string, string][] = []) =>
    `${baseUrl}${path}?${new URLSearchParams([...query, ["api_key", apiKey]])}`;

  function parseDocument(kind: DocumentKind, body: unknown, step: string): IxDocument {
    const wrapped = z.record(z.string(), z.unknown()).safeParse(body);
    const inner = wrapped.success ? wrapped.data[KINDS[kind].answer] : undefined;
    const doc = documentSchema.safeParse(inner);
    if (!doc.success) throw unexpected(SERVICE, step);
    return doc.data;
  }

  function issued(kind: DocumentKind, doc: IxDocument, pdfUrl: string | null = null): IssuedDocument {
    // "2026/15" is printed as "FR 2026/15"; sequence_number is the same the other way round ("15/2026").
    const inverted = doc.inverted_sequence_number || doc.sequence_number.split("/").reverse().join("/");
    if (!inverted) throw unexpected(SERVICE, "documento finalizado sem número");
    return { externalId: doc.id, number: `${KINDS[kind].prefix} ${inverted}`, atcud: doc.atcud || null, pdfUrl };
  }

  /** Documents of this kind whose reference is exactly `reference` (the list's `text` search is fuzzy). */
  async function lookup(kind: DocumentKind, reference: string): Promise<IxDocument[]> {
    const found: IxDocument[] = [];
    // "LOJA-1" also matches LOJA-10…LOJA-199: read every page of the text search (bounded).
    for (let page = 1, pages = 1; page <= Math.min(pages, MAX_LIST_PAGES); page++) {
      const answer = await callJson(
        http,
        url("/invoices.json", [
          ["text", reference],
          ["type[]", KINDS[kind].listType],
          ["page", String(page)],
          ["per_page", "100"],
        ]),
        { method: "GET" },
      );
      const list = listSchema.safeParse(answer.body);
      if (!list.success) throw unexpected(SERVICE, "lista de documentos");
      pages = list.data.pagination?.total_pages ?? 1;
      for (const raw of list.data.invoices) {
        const d = documentSchema.safeParse(raw);
        if (d.success && d.data.reference === reference && (!d.data.type || d.data.type === KINDS[kind].listType))
          found.push(d.data);
      }
    }
    return found.sort((a, b) => Number(a.id) - Number(b.id));
  }

  async function changeState(kind: DocumentKind, docId: string, state: "finalized" | "deleted") {
    const { path, root } = KINDS[kind];
    const answer = await callJson(http, url(`/${path}/${docId}/change-state.json`), {
      method: "PUT",
      body: { [root]: { state } },
    });
    return answer.body;
  }

  const finalize = async (kind: DocumentKind, docId: string) =>
    parseDocument(kind, await changeState(kind, docId, "finalized"), "finalização");

  /**
   * A draft whose total is not the request's (a tax name the account lacks gets the default tax, silently) is
   * deleted before it can be finalized: a wrong certified document could only be undone by a credit note.
   */
  async function checkDraftTotal(kind: DocumentKind, draft: IxDocument, request: InvoiceRequest) {
    const euros = draft.total === undefined || draft.total === null ? Number.NaN : Number(draft.total);
    if (Number.isNaN(euros)) return;
    const cents = Math.round(euros * 100);
    if (cents === request.totalCents) return;
    await changeState(kind, draft.id, "deleted");
    throw invalidRequest(
      SERVICE,
      `o InvoiceXpress calculou ${(cents / 100).toFixed(2)} € em vez de ${(request.totalCents / 100).toFixed(2)} € ` +
        `(as taxas ${taxNames(request).join(", ")} existem na conta?); o rascunho foi apagado`,
    );
  }

  async function pdfUrl(_kind: DocumentKind, externalId: string): Promise<string | null> {
    if (!/^\d+$/.test(externalId)) throw invalidRequest(SERVICE, "identificador de documento inválido");
    const answer = await callJson(http, url(`/api/pdf/${externalId}.json`), { method: "GET" });
    if (answer.status === 202) return null; // still being generated: asked again later
    const pdf = pdfSchema.safeParse(answer.body);
    if (!pdf.success) throw unexpected(SERVICE, "ligação do PDF");
    return pdf.data.output.pdfUrl;
  }

  /** The PDF right away when it is ready; never fails an issued document (pdfUrl() is asked again later). */
  async function pdfIfReady(kind: DocumentKind, doc: IssuedDocument): Promise<IssuedDocument> {
    try {
      return { ...doc, pdfUrl: await pdfUrl(kind, doc.externalId) };
    } catch {
      return doc;
    }
  }

  function payload(request: InvoiceRequest) {
    checkRequest(SERVICE, request);
    const exemptions = new Set(request.items.filter((i) => i.vatRateBp === 0).map((i) => i.exemptionCode!));
    // One exemption reason per document in InvoiceXpress.
    if (exemptions.size > 1)
      throw invalidRequest(SERVICE, `motivos de isenção diferentes no mesmo documento (${[...exemptions].join(", ")})`);
    const items = request.items.map((item) => {
      const percent = wholePercent(item);
      if (percent === null) throw invalidRequest(SERVICE, `taxa de IVA sem nome no serviço em '${item.name}'`);
      return {
        name: item.name.slice(0, 250),
        // A discounted line says its list price and discount here (the unit price is what was paid).
        description: (item.description ?? item.name).slice(0, 250),
        unit_price: netUnitPrice(item.unitPriceCents, item.vatRateBp),
        quantity: item.quantity,
        tax: { name: `IVA${percent}` },
      };
    });
    if (!netPricesAddUp(request))
      throw invalidRequest(SERVICE, "os preços sem IVA não voltam a somar o total ao cêntimo");
    const { client } = request;
    const date = lisbonDmy(request.date);
    return {
      invoice: {
        date,
        due_date: date,
        reference: request.reference,
        ...(opts.sequenceId ? { sequence_id: opts.sequenceId } : {}),
        client: {
          name: client.name.trim() || "Consumidor final",
          // The client record InvoiceXpress reuses: the NIF, or the e-mail for Consumidor final.
          code: (client.nif ?? client.email).slice(0, 60),
          fiscal_id: client.nif ?? CONSUMIDOR_FINAL_NIF,
          email: client.email,
          address: client.address,
          postal_code: client.postalCode,
          city: client.city,
          country: "Portugal",
        },
        items,
        ...(exemptions.size === 1 ? { tax_exemption: [...exemptions][0] } : {}),
      },
    };
  }

  async function issue(kind: DocumentKind, request: InvoiceRequest, extra: Record<string, unknown> = {}) {
    const body = payload(request);
    const existing = await lookup(kind, request.reference);
    const done = existing.find((d) => FINAL_STATES.has(d.status));
    if (done) return pdfIfReady(kind, issued(kind, done));
    let draft = existing.find((d) => d.status === "draft");
    if (!draft) {
      const created = await callJson(http, url(`/${KINDS[kind].path}.json`), {
        method: "POST",
        headers: expectedTotal(request.totalCents),
        body: { invoice: { ...body.invoice, ...extra } },
      });
      draft = parseDocument(kind, created.body, "criação");
    }
    await checkDraftTotal(kind, draft, request);
    const final = await finalize(kind, draft.id);
    return pdfIfReady(kind, issued(kind, final));
  }

  return {
    name: "invoicexpress",

    async find(kind, reference) {
      const done = (await lookup(kind, reference)).find((d) => FINAL_STATES.has(d.status));
      return done ? issued(kind, done) : null;
    },

    issueInvoice: (request) => issue("invoice", request),

    async issueCreditNote(request: CreditNoteRequest) {
      if (!/^\d+$/.test(request.invoice.externalId))
        throw invalidRequest(SERVICE, "a fatura a corrigir não tem identificador do InvoiceXpress");
      if (!request.reason.trim()) throw invalidRequest(SERVICE, "falta o motivo da nota de crédito");
      return issue("credit_note", request, {
        owner_invoice_id: Number(request.invoice.externalId),
        observations: request.reason.slice(0, 500),
      });
    },

    pdfUrl,
  };
}

/** The tax names a request uses, as sent ("IVA23", "IVA0"). */
function taxNames(request: InvoiceRequest): string[] {
  return [...new Set(request.items.map((i) => `IVA${i.vatRateBp / 100}`))];
}

/** The unit price without IVA, in euros with 6 decimals (integer arithmetic: cents × 10⁴ = micro-euros). */
export function netUnitPrice(grossCents: number, vatRateBp: number): number {
  const micro = Math.round((grossCents * 100_000_000) / (10_000 + vatRateBp));
  return Number(`${Math.floor(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, "0")}`);
}

/**
 * q × net × (1 + rate) gives back q × gross cents whatever the service rounds (each line, each rate or the whole
 * document): the lines' errors together stay under half a cent.
 */
function netPricesAddUp(request: InvoiceRequest): boolean {
  const error = request.items.reduce((sum, item) => {
    const grossCents =
      (item.quantity * netUnitPrice(item.unitPriceCents, item.vatRateBp) * (10_000 + item.vatRateBp)) / 100;
    return sum + Math.abs(grossCents - item.quantity * item.unitPriceCents);
  }, 0);
  return error < 0.5;
}
