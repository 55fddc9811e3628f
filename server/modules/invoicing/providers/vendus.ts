import { z } from "zod";
import { createHash } from "node:crypto";
import type {
  CreditNoteRequest,
  DocumentKind,
  InvoiceItem,
  InvoiceProvider,
  InvoiceRequest,
  IssuedDocument,
} from "./provider.ts";
import {
  callJson,
  checkRequest,
  documentId as id,
  documentText as text,
  expectedTotal,
  invalidRequest,
  lisbonYmd,
  unexpected,
} from "./provider-http.ts";
import { centsToAmount, amountToCents } from "#server/core/money.ts";

/**
 * Vendus (REST + JSON, HTTP Basic with the API key as user; base https://www.vendus.pt/ws/v1.1).
 *
 * Shapes from the official reference (ws/v1.1/documents.doc, read on Vendus' Cabo Verde mirror) and Vendus' own PHP
 * client docs ("Creating Invoices", "Canceling invoices (creating a credit note)"), with public clients (vendus-python):
 *  - POST /documents/ with {type: "FR", items: [{reference, title, qty, gross_price, tax_id}], client: {fiscal_id,
 *    name, address, postalcode, city, country, email}} answers {id, type, number: "FR 07P2018/1", amount_gross,
 *    amount_net, hash}. "You should NEVER send fiscal_id as 999999990": Consumidor final goes without a client (or,
 *    from 1000 €, with name and address and no fiscal_id). New products are created from reference/title/gross_price.
 *    tax_id is the rate's class (NOR / INT / RED / ISE); the account's region decides the percentage.
 *  - An FR records its payment: `payments: [{id, amount}]` with the account's payment method id (vendus-python:
 *    "Vendus rejects it otherwise").
 *  - Credit note: type "NC", `notes` (the reason, mandatory) and per item `reference_document: {document_number,
 *    document_row}` with the product `id` and `qty`, naming a line of the original invoice (so the adapter reads the
 *    invoice first: GET /documents/{id} → items with `id` and `amounts.gross_unit`).
 *  - GET /documents/?type=FR&external_reference=… lists documents (`external_reference` is a documented filter); an
 *    empty list answers 404 {errors: [{code: "A001", message: "No data"}]}.
 * Not verified (each a one-line fix): `output: "pdf_url"` (a public PDF link in `output`; the documented PDF is
 * GET /documents/{id}.pdf, behind the API key, so without it no link is shown), `atcud` in the answer,
 * `tax_exemption` (M01–M99) on exempt items.
 */
export interface VendusOptions {
  apiKey: string;
  /** Default https://www.vendus.pt/ws/v1.1 (the stand-in's URL in tests). */
  baseUrl?: string;
  timeoutMs?: number;
  /** The register (caixa) documents are issued on, when the account has more than one. */
  registerId?: string;
  /** "tests" issues documents without fiscal value (Vendus' test mode). */
  mode?: "normal" | "tests";
  /** The account's payment method id a fatura-recibo records its payment with. */
  paymentMethodId: string;
  fetch?: typeof globalThis.fetch;
}

const SERVICE = "Vendus";
const TYPE: Record<DocumentKind, "FR" | "NC"> = { invoice: "FR", credit_note: "NC" };

/** Rate classes by basis points: mainland, Madeira and Açores (the store's region picks the percentage). */
const TAX_IDS: Record<number, "NOR" | "INT" | "RED"> = {
  2300: "NOR",
  2200: "NOR",
  1600: "NOR",
  1300: "INT",
  1200: "INT",
  900: "INT",
  600: "RED",
  500: "RED",
  400: "RED",
};

const documentSchema = z.object({
  id,
  type: text,
  number: text,
  status: text,
  atcud: text,
  external_reference: text,
  output: text,
});
type VendusDocument = z.infer<typeof documentSchema>;
const invoiceLines = z.object({
  number: z.string().min(1),
  items: z.array(
    z.object({
      id: z.union([z.number(), z.string()]).optional(),
      title: text,
      qty: z.union([z.number(), z.string()]).transform(Number),
      amounts: z.object({ gross_unit: z.union([z.number(), z.string()]) }),
      tax: z.object({ id: text }).optional(),
    }),
  ),
});

export function createVendusProvider(opts: VendusOptions): InvoiceProvider {
  const apiKey = opts.apiKey.trim();
  if (!apiKey) throw new RangeError("VENDUS_API_KEY is required");
  const paymentMethodId = opts.paymentMethodId.trim();
  if (!/^\d+$/.test(paymentMethodId)) throw new RangeError("VENDUS_PAYMENT_METHOD_ID must be the payment method's id");
  const baseUrl = (opts.baseUrl ?? "https://www.vendus.pt/ws/v1.1").replace(/\/+$/, "");
  const http = {
    service: SERVICE,
    fetch: opts.fetch ?? globalThis.fetch,
    timeoutMs: opts.timeoutMs ?? 15_000,
    secrets: [apiKey, Buffer.from(`${apiKey}:`).toString("base64")],
  };
  const headers = { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}` };

  const call = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    callJson(http, `${baseUrl}${path}`, { method, headers: { ...headers, ...extra }, body });

  function issued(doc: VendusDocument): IssuedDocument {
    if (!doc.number) throw unexpected(SERVICE, "documento sem número");
    return { externalId: doc.id, number: doc.number, atcud: doc.atcud || null, pdfUrl: doc.output || null };
  }

  function taxOf(item: InvoiceItem) {
    if (item.vatRateBp === 0) return { tax_id: "ISE", tax_exemption: item.exemptionCode! };
    const taxId = TAX_IDS[item.vatRateBp];
    if (!taxId)
      throw invalidRequest(SERVICE, `taxa de IVA ${item.vatRateBp / 100} % sem classe no Vendus ('${item.name}')`);
    return { tax_id: taxId };
  }

  function base(kind: DocumentKind, request: InvoiceRequest) {
    checkRequest(SERVICE, request);
    const { client } = request;
    const person = {
      name: client.name.trim(),
      address: client.address,
      postalcode: client.postalCode,
      city: client.city,
      country: client.country,
    };
    return {
      type: TYPE[kind],
      // Without `mode`, the register's own working mode applies.
      ...(opts.mode ? { mode: opts.mode } : {}),
      date: lisbonYmd(request.date),
      external_reference: request.reference,
      output: "pdf_url",
      ...(opts.registerId ? { register_id: opts.registerId } : {}),
      ...(client.nif !== null
        ? { client: { fiscal_id: client.nif, ...person, email: client.email, send_email: "no" } }
        : request.totalCents >= 100_000
          ? { client: person }
          : {}),
    };
  }

  async function create(body: Record<string, unknown>, totalCents: number): Promise<IssuedDocument> {
    const answer = await call("POST", "/documents/", body, expectedTotal(totalCents));
    const doc = documentSchema.safeParse(answer.body);
    if (!doc.success) throw unexpected(SERVICE, "criação do documento");
    return issued(doc.data);
  }

  /** Every line of the credit note points at a line of the invoice with the same name, price and tax class. */
  async function creditLines(request: CreditNoteRequest) {
    const answer = await call("GET", `/documents/${request.invoice.externalId}/`);
    const invoice = invoiceLines.safeParse(answer.body);
    if (!invoice.success) throw unexpected(SERVICE, "linhas da fatura");
    const left = invoice.data.items.map((row) => row.qty);
    return request.items.map((item) => {
      const tax = taxOf(item);
      const row = invoice.data.items.findIndex(
        (r, i) =>
          r.title === item.name.slice(0, 250) &&
          amountToCents(r.amounts.gross_unit) === item.unitPriceCents &&
          (!r.tax?.id || r.tax.id === tax.tax_id) &&
          left[i]! >= item.quantity,
      );
      if (row < 0)
        throw invalidRequest(
          SERVICE,
          `'${item.name}' (${centsToAmount(item.unitPriceCents)} € × ${item.quantity}) não corresponde a nenhuma linha ` +
            `da fatura ${invoice.data.number}; o Vendus só credita linhas da fatura ao preço faturado: emita esta nota ` +
            `de crédito no Vendus e registe o número`,
        );
      left[row]! -= item.quantity;
      const productId = invoice.data.items[row]!.id;
      return {
        ...(productId === undefined ? {} : { id: productId }),
        title: item.name.slice(0, 250),
        qty: item.quantity,
        gross_price: Number(centsToAmount(item.unitPriceCents)),
        ...tax,
        reference_document: { document_number: invoice.data.number, document_row: row + 1 },
      };
    });
  }

  return {
    name: "vendus",

    async find(kind, reference) {
      const query = new URLSearchParams({ type: TYPE[kind], external_reference: reference });
      let body: unknown;
      try {
        body = (await call("GET", `/documents/?${query}`)).body;
      } catch (err) {
        // "No data" is Vendus' way of saying the list is empty.
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
      const list = z.array(z.unknown()).safeParse(body);
      if (!list.success) throw unexpected(SERVICE, "lista de documentos");
      const doc = list.data
        .map((raw) => documentSchema.safeParse(raw))
        .filter((d) => d.success)
        .map((d) => d.data)
        .find((d) => d.external_reference === reference && d.type === TYPE[kind] && d.status !== "A");
      return doc ? issued(doc) : null;
    },

    async issueInvoice(request) {
      const body = base("invoice", request);
      const items = request.items.map((item) => ({
        reference: productReference(item.name),
        title: item.name.slice(0, 250),
        qty: item.quantity,
        gross_price: Number(centsToAmount(item.unitPriceCents)),
        ...taxOf(item),
      }));
      return create(
        {
          ...body,
          items,
          payments: [{ id: Number(paymentMethodId), amount: Number(centsToAmount(request.totalCents)) }],
        },
        request.totalCents,
      );
    },

    async issueCreditNote(request) {
      if (!/^\d+$/.test(request.invoice.externalId))
        throw invalidRequest(SERVICE, "a fatura a corrigir não tem identificador do Vendus");
      if (!request.reason.trim()) throw invalidRequest(SERVICE, "falta o motivo da nota de crédito");
      const body = base("credit_note", request);
      return create(
        { ...body, notes: request.reason.slice(0, 500), items: await creditLines(request) },
        request.totalCents,
      );
    },

    async pdfUrl(_kind, externalId) {
      if (!/^\d+$/.test(externalId)) throw invalidRequest(SERVICE, "identificador de documento inválido");
      const doc = documentSchema.safeParse((await call("GET", `/documents/${externalId}/?output=pdf_url`)).body);
      if (!doc.success) throw unexpected(SERVICE, "ligação do PDF");
      return doc.data.output || null;
    },
  };
}

/** A product code per name (Vendus creates or reuses the product by reference): stable across orders and retries. */
export function productReference(name: string): string {
  return `LJ${createHash("sha256").update(name).digest("hex").slice(0, 12).toUpperCase()}`;
}
