import { isValidNif } from "#server/modules/tax/nif.ts";
import {
  createNumbering,
  decimalUnits,
  euros,
  expectedTotalRefusal,
  reject,
  startStandInServer,
  tinyPdf,
  type FaultMode,
  type Reply,
  type StandInRequest,
  type StandInServer,
} from "./core.ts";

/**
 * A local InvoiceXpress (see server/modules/invoicing/providers/invoicexpress.ts for the shapes and where they come from). It checks
 * each request as the service would and a bit more (the key, a valid NIF or 999999990, known tax names, an exemption
 * code for IVA0 lines, totals equal to what the test expects, an existing series, credit notes against a finalized
 * invoice and not beyond its total), numbers finalized documents per type and series, deletes drafts, serves PDFs
 * after a 202 (406 for a draft), and lists documents for find().
 *
 *   const ix = await startInvoiceXpressStandIn();
 *   createInvoiceXpressProvider({ account: ix.account, apiKey: ix.apiKey, baseUrl: ix.url });
 *   ix.expectTotal("LOJA-12", 4590);   // 422 unless the document adds up to 45,90 €
 *   await ix.setMode("slow");          // or ix.setMode("http500", "change_state")
 */

export type IxEndpoint = "create" | "change_state" | "list" | "pdf" | "pdf_file";

export interface IxStandInLine {
  name: string;
  quantity: number;
  /** unit_price as sent, in micro-euros (10^-6 €), IVA excluded. */
  unitNetMicros: number;
  taxName: string;
  rateBp: number;
  /** The line's total IVA included, in cents, as the service prints it. */
  grossCents: number;
}

export interface IxStandInDocument {
  id: number;
  kind: "invoice" | "credit_note";
  status: "draft" | "final" | "deleted";
  reference: string;
  date: string;
  sequenceId: string | null;
  client: { name: string; code: string; fiscalId: string; email: string };
  lines: IxStandInLine[];
  taxExemption: string | null;
  totalCents: number;
  ownerInvoiceId: number | null;
  observations: string;
  number: string | null;
  sequenceNumber: string | null;
  atcud: string | null;
  pdfPolls: number;
  /** Why it may not be finalized: its total differs from the adapter's expected one (issue 20); null: it may. */
  totalRefusal?: string | null;
}

export interface IxStandInOptions {
  port?: number;
  /** Told of each request ("POST /path → 201"), for the CLI. */
  onRequest?: (line: string) => void;
  apiKey?: string;
  account?: string;
  slowMs?: number;
  /** How many PDF requests answer 202 before the link (default 1). */
  pdfReadyAfter?: number;
  /** "default": an unknown tax name gets IVA23, as the real service does; "reject" (default): 422. */
  unknownTaxes?: "reject" | "default";
  /** The most documents one list page holds (default 100). */
  maxPerPage?: number;
  /** Series besides the default one (the document date's year). */
  sequences?: { id: string; serie: string }[];
}

export interface IxStandIn extends StandInServer {
  apiKey: string;
  account: string;
  documents: IxStandInDocument[];
  setMode(mode: FaultMode, endpoint?: IxEndpoint): Promise<void>;
  /** The next document with this reference must add up to exactly this many cents (IVA included). */
  expectTotal(reference: string, cents: number): void;
  setPdfReadyAfter(polls: number): void;
  setUnknownTaxes(behaviour: "reject" | "default"): void;
  /** Forgets documents and expectations (the port and the modes stay). */
  reset(): void;
}

/** InvoiceXpress' default tax names per region (mainland, Madeira, Açores) and exemption. */
export const IX_TAXES: Record<string, number> = {
  IVA23: 2300,
  IVA13: 1300,
  IVA6: 600,
  IVA22: 2200,
  IVA12: 1200,
  IVA4: 400,
  IVA16: 1600,
  IVA9: 900,
  IVA5: 500,
  IVA0: 0,
};

const KIND_OF_PATH = { invoice_receipts: "invoice", credit_notes: "credit_note" } as const;
const ANSWER = { invoice: "invoice_receipt", credit_note: "credit_note" } as const;
const LIST_TYPE = { invoice: "InvoiceReceipt", credit_note: "CreditNote" } as const;
const PREFIX = { invoice: "FR", credit_note: "NC" } as const;

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export async function startInvoiceXpressStandIn(opts: IxStandInOptions = {}): Promise<IxStandIn> {
  const apiKey = opts.apiKey ?? "ix-standin-0123456789abcdef";
  const account = opts.account ?? "loja-standin";
  const sequences = opts.sequences ?? [{ id: "7001", serie: "LOJA" }];
  let pdfReadyAfter = opts.pdfReadyAfter ?? 1;
  let unknownTaxes = opts.unknownTaxes ?? "reject";
  const maxPerPage = opts.maxPerPage ?? 100;
  const documents: IxStandInDocument[] = [];
  const expected = new Map<string, number>();
  let numbering = createNumbering();
  let nextId = 1001;
  const errors = (message: string) => ({ errors: [{ error: message }] });
  const core = { validationError: errors };
  let baseUrl = "";

  const json = (doc: IxStandInDocument) => ({
    id: doc.id,
    type: LIST_TYPE[doc.kind],
    status: doc.status,
    reference: doc.reference,
    date: doc.date,
    due_date: doc.date,
    sequence_number: doc.sequenceNumber,
    inverted_sequence_number: doc.number?.replace(/^\w+ /, "") ?? null,
    atcud: doc.atcud,
    permalink: `${baseUrl}/documents/${doc.id}`,
    total: Number(euros(doc.totalCents)),
    client: { name: doc.client.name, fiscal_id: doc.client.fiscalId },
    ...(doc.ownerInvoiceId === null ? {} : { owner_invoice_id: doc.ownerInvoiceId }),
  });

  function create(req: StandInRequest): Reply {
    const kind = KIND_OF_PATH[req.params[0] as keyof typeof KIND_OF_PATH];
    // The root is `invoice` for every document type (API v2 "Create").
    const data = obj(obj(req.body)?.invoice);
    if (!data) return reject(core, "Missing root element 'invoice'");
    const date = str(data.date);
    const d = DMY.exec(date);
    if (!d || Number.isNaN(Date.parse(`${d[3]}-${d[2]}-${d[1]}T00:00:00Z`)))
      return reject(core, "Date is invalid (dd/mm/yyyy)");
    if (!DMY.test(str(data.due_date))) return reject(core, "Due date is invalid (dd/mm/yyyy)");
    const reference = str(data.reference);
    if (!reference) return reject(core, "Reference is missing (the shop always sends one)");
    const sequenceId = data.sequence_id === undefined ? null : str(String(data.sequence_id));
    if (sequenceId !== null && !sequences.some((s) => s.id === sequenceId))
      return reject(core, `Sequence ${sequenceId} not found`);
    const client = obj(data.client);
    if (!client || !str(client.name) || !str(client.code)) return reject(core, "Client name and code are required");
    const fiscalId = str(client.fiscal_id);
    if (!isValidNif(fiscalId)) return reject(core, `Client fiscal id ${fiscalId || "(empty)"} is invalid`);
    const items = Array.isArray(data.items) ? data.items : [];
    if (items.length === 0) return reject(core, "Items are required");
    const lines: IxStandInLine[] = [];
    for (const raw of items) {
      const item = obj(raw);
      const name = str(item?.name);
      const quantity = typeof item?.quantity === "number" ? item.quantity : Number.NaN;
      const unitNetMicros = decimalUnits(item?.unit_price, 6);
      const taxName = str(obj(item?.tax)?.name);
      if (!name) return reject(core, "Item name is required");
      if (!Number.isInteger(quantity) || quantity <= 0) return reject(core, `Item '${name}': quantity is invalid`);
      if (unitNetMicros === null) return reject(core, `Item '${name}': unit_price is invalid`);
      // The real service applies the account's default tax to an unknown name; the stand-in refuses it unless told
      // to behave like the service (to test that the adapter catches the wrong total).
      const rateBp = IX_TAXES[taxName] ?? (unknownTaxes === "default" ? IX_TAXES.IVA23 : undefined);
      if (rateBp === undefined) return reject(core, `Tax '${taxName || "(none)"}' not found`);
      // q × net × (1 + rate), rounded to the cent per line.
      const grossCents = Math.round((quantity * unitNetMicros * (10_000 + rateBp)) / 100_000_000);
      lines.push({ name, quantity, unitNetMicros, taxName, rateBp, grossCents });
    }
    const taxExemption = data.tax_exemption === undefined ? null : str(data.tax_exemption);
    if (lines.some((l) => l.rateBp === 0) && !/^M\d{2}$/.test(taxExemption ?? ""))
      return reject(core, "Tax exemption reason is required for IVA0 items (M01–M99)");
    const totalCents = lines.reduce((sum, l) => sum + l.grossCents, 0);
    // Rounded per line or once for the document, the total must be the same: prices precise enough for any service.
    const unrounded = lines.reduce((sum, l) => sum + (l.quantity * l.unitNetMicros * (10_000 + l.rateBp)) / 1e8, 0);
    if (Math.round(unrounded) !== totalCents)
      return reject(core, `Total ${euros(totalCents)} per line but ${euros(Math.round(unrounded))} for the document`);
    const want = expected.get(reference);
    if (want !== undefined && want !== totalCents)
      return reject(core, `Total ${euros(totalCents)} differs from the expected ${euros(want)}`);
    // The adapter's expected total: a draft that differs is never finalized (the adapter should delete it first).
    const totalRefusal = expectedTotalRefusal(req, totalCents);
    let ownerInvoiceId: number | null = null;
    const observations = str(data.observations);
    if (kind === "credit_note") {
      ownerInvoiceId = Number(data.owner_invoice_id);
      const owner = documents.find((x) => x.id === ownerInvoiceId && x.kind === "invoice");
      if (!owner || owner.status !== "final") return reject(core, "Owner invoice not found or not finalized");
      const credited = documents
        .filter((x) => x.kind === "credit_note" && x.ownerInvoiceId === owner.id && x.status === "final")
        .reduce((sum, x) => sum + x.totalCents, 0);
      if (credited + totalCents > owner.totalCents) return reject(core, "Credit note exceeds the invoice's total");
      if (!observations) return reject(core, "Observations (the reason) are required for credit notes");
    }
    const doc: IxStandInDocument = {
      id: nextId++,
      kind,
      status: "draft",
      reference,
      date,
      sequenceId,
      client: { name: str(client.name), code: str(client.code), fiscalId, email: str(client.email) },
      lines,
      taxExemption,
      totalCents,
      ownerInvoiceId,
      observations,
      number: null,
      sequenceNumber: null,
      atcud: null,
      pdfPolls: 0,
      totalRefusal,
    };
    documents.push(doc);
    return { status: 201, json: { [ANSWER[kind]]: json(doc) } };
  }

  function changeState(req: StandInRequest): Reply {
    const kind = KIND_OF_PATH[req.params[0] as keyof typeof KIND_OF_PATH];
    const doc = documents.find((x) => x.id === Number(req.params[1]) && x.kind === kind);
    if (!doc) return { status: 404, json: errors("Document not found") };
    const state = str(obj(obj(req.body)?.invoice)?.state);
    if (state !== "finalized" && state !== "deleted") return reject(core, "State is invalid");
    if (doc.status !== "draft") return reject(core, `A ${doc.status} document cannot change to ${state}`);
    if (state === "deleted") {
      doc.status = "deleted";
      return { status: 200, json: { [ANSWER[kind]]: json(doc) } };
    }
    if (doc.totalRefusal) return reject(core, doc.totalRefusal);
    const serie = sequences.find((s) => s.id === doc.sequenceId)?.serie ?? doc.date.slice(6);
    const n = numbering(PREFIX[kind], serie);
    Object.assign(doc, {
      status: "final",
      number: n.number,
      sequenceNumber: `${n.sequence}/${serie}`,
      atcud: n.atcud,
    });
    return { status: 200, json: { [ANSWER[kind]]: json(doc) } };
  }

  function list(req: StandInRequest): Reply {
    const types = req.query.getAll("type[]");
    const text = (req.query.get("text") ?? "").toLowerCase();
    const perPage = Math.min(Number(req.query.get("per_page") ?? 10) || 10, maxPerPage);
    const page = Math.max(Number(req.query.get("page") ?? 1) || 1, 1);
    const found = documents
      .filter((x) => types.length === 0 || types.includes(LIST_TYPE[x.kind]))
      .filter(
        (x) =>
          !text || [x.reference, x.number ?? "", x.client.name].some((field) => field.toLowerCase().includes(text)),
      );
    return {
      status: 200,
      json: {
        invoices: found.slice((page - 1) * perPage, page * perPage).map(json),
        pagination: {
          total_entries: found.length,
          current_page: page,
          total_pages: Math.ceil(found.length / perPage),
          per_page: perPage,
        },
      },
    };
  }

  function pdf(req: StandInRequest): Reply {
    const doc = documents.find((x) => x.id === Number(req.params[0]));
    if (!doc) return { status: 404, json: errors("Document not found") };
    if (doc.status !== "final") return { status: 406, json: errors("Document is in an invalid state") };
    doc.pdfPolls += 1;
    if (doc.pdfPolls <= pdfReadyAfter) return { status: 202 };
    return { status: 200, json: { output: { pdfUrl: `${baseUrl}/pdf/${doc.id}.pdf` } } };
  }

  function pdfFile(req: StandInRequest): Reply {
    const doc = documents.find((x) => x.id === Number(req.params[0]) && x.status === "final");
    if (!doc) return { status: 404, json: errors("Not Found") };
    return { status: 200, raw: { contentType: "application/pdf", data: tinyPdf(`${doc.number} ${doc.atcud}`) } };
  }

  const server = await startStandInServer({
    port: opts.port,
    slowMs: opts.slowMs,
    onRequest: opts.onRequest,
    validationError: errors,
    authorize: (req) => (req.query.get("api_key") === apiKey ? null : { status: 401, json: errors("Invalid API key") }),
    routes: [
      { method: "POST", pattern: /^\/(invoice_receipts|credit_notes)\.json$/, endpoint: "create", handle: create },
      {
        method: "PUT",
        pattern: /^\/(invoice_receipts|credit_notes)\/(\d+)\/change-state\.json$/,
        endpoint: "change_state",
        handle: changeState,
      },
      { method: "GET", pattern: /^\/invoices\.json$/, endpoint: "list", handle: list },
      { method: "GET", pattern: /^\/api\/pdf\/(\d+)\.json$/, endpoint: "pdf", handle: pdf },
      { method: "GET", pattern: /^\/pdf\/(\d+)\.pdf$/, endpoint: "pdf_file", auth: false, handle: pdfFile },
    ],
  });
  baseUrl = server.url;

  return {
    ...server,
    apiKey,
    account,
    documents,
    expectTotal(reference, cents) {
      expected.set(reference, cents);
    },
    setPdfReadyAfter(polls) {
      pdfReadyAfter = polls;
    },
    setUnknownTaxes(behaviour) {
      unknownTaxes = behaviour;
    },
    reset() {
      documents.length = 0;
      expected.clear();
      numbering = createNumbering();
      nextId = 1001;
    },
  };
}
