import { isValidNif } from "#server/modules/tax/nif.ts";
import {
  createNumbering,
  decimalUnits,
  euros,
  expectedTotalRefusal,
  reject,
  startStandInServer,
  tinyPdf,
} from "./core.ts";
import type { FaultMode, Reply, StandInRequest, StandInServer } from "./core.ts";

/**
 * A local Vendus (see server/modules/invoicing/providers/vendus.ts for the shapes and where they come from): HTTP Basic with the API
 * key, documents POSTed final at once ("FR 2026/1"), a fatura-recibo's payment adding up to its total with a known
 * payment method, never fiscal_id 999999990 (no client = Consumidor final), credit notes ("NC") whose lines point at
 * rows (and products) of an existing fatura-recibo, lists filtered by type and external_reference (404 "No data" when
 * empty), a PDF link in `output`.
 *
 *   const vd = await startVendusStandIn();
 *   createVendusProvider({ apiKey: vd.apiKey, baseUrl: vd.url });
 */

export type VendusEndpoint = "create" | "list" | "get" | "pdf_file";

export interface VendusStandInLine {
  /** The product's id in the account (created from the reference on first sale). */
  productId: number;
  reference: string;
  title: string;
  qty: number;
  grossUnitCents: number;
  taxId: "NOR" | "INT" | "RED" | "ISE";
  rateBp: number;
  exemption: string | null;
  referenceDocument: { number: string; row: number } | null;
}

export interface VendusStandInDocument {
  id: number;
  type: "FR" | "NC";
  mode: "normal" | "tests";
  externalReference: string;
  date: string;
  /** fiscalId null: Consumidor final. */
  client: { fiscalId: string | null; name: string; address: string };
  lines: VendusStandInLine[];
  totalCents: number;
  netCents: number;
  notes: string;
  number: string;
  atcud: string;
}

export interface VendusStandInOptions {
  port?: number;
  /** Told of each request ("POST /path → 201"), for the CLI. */
  onRequest?: (line: string) => void;
  apiKey?: string;
  slowMs?: number;
  /** The account's region decides the rates behind NOR / INT / RED (default mainland). */
  region?: "continente" | "madeira" | "acores";
}

export interface VendusStandIn extends StandInServer {
  apiKey: string;
  /** The account's one payment method ("MB WAY / Multibanco"). */
  paymentMethodId: string;
  documents: VendusStandInDocument[];
  setMode(mode: FaultMode, endpoint?: VendusEndpoint): Promise<void>;
  expectTotal(reference: string, cents: number): void;
  reset(): void;
}

/** The stand-in account's one payment method. */
export const STANDIN_PAYMENT_METHOD_ID = "24937";

const RATES = {
  continente: { NOR: 2300, INT: 1300, RED: 600, ISE: 0 },
  madeira: { NOR: 2200, INT: 1200, RED: 400, ISE: 0 },
  acores: { NOR: 1600, INT: 900, RED: 400, ISE: 0 },
} as const;

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

export async function startVendusStandIn(opts: VendusStandInOptions = {}): Promise<VendusStandIn> {
  const apiKey = opts.apiKey ?? "vendus-standin-0123456789abcdef";
  const rates = RATES[opts.region ?? "continente"];
  const paymentMethodId = STANDIN_PAYMENT_METHOD_ID;
  const products = new Map<string, number>();
  const documents: VendusStandInDocument[] = [];
  const expected = new Map<string, number>();
  let numbering = createNumbering();
  let nextId = 5001;
  const errors = (message: string, code = "A002") => ({ errors: [{ code, message }] });
  const core = { validationError: (m: string) => errors(m) };
  const noData = (): Reply => ({ status: 404, json: errors("No data", "A001") });
  let baseUrl = "";

  const pdfLink = (doc: VendusStandInDocument) => `${baseUrl}/pdf/${doc.id}.pdf`;
  const json = (doc: VendusStandInDocument, output: boolean) => ({
    id: doc.id,
    type: doc.type,
    number: doc.number,
    date: doc.date,
    status: "N",
    amount_gross: euros(doc.totalCents),
    amount_net: euros(doc.netCents),
    hash: "St4n",
    atcud: doc.atcud,
    external_reference: doc.externalReference,
    ...(output ? { output: pdfLink(doc) } : {}),
  });

  /** One line of a credit note: a row of an existing FR, no more than what is left of it. */
  function creditLine(item: Record<string, unknown>, lines: VendusStandInLine[]): VendusStandInLine | string {
    const ref = obj(item.reference_document);
    const number = str(ref?.document_number);
    const row = Number(ref?.document_row);
    const original = documents.find((x) => x.number === number && x.type === "FR");
    if (!original) return `Reference document ${number || "(none)"} not found`;
    const line = original.lines[row - 1];
    if (!Number.isInteger(row) || !line) return `Row ${String(ref?.document_row)} not found in ${number}`;
    const qty = Number(item.qty);
    const credited = [...documents.flatMap((x) => (x.type === "NC" ? x.lines : [])), ...lines]
      .filter((l) => l.referenceDocument?.number === number && l.referenceDocument.row === row)
      .reduce((sum, l) => sum + l.qty, 0);
    if (!Number.isInteger(qty) || qty <= 0 || credited + qty > line.qty)
      return `Quantity ${String(item.qty)} exceeds what is left of row ${row} of ${number}`;
    if (item.gross_price !== undefined && decimalUnits(item.gross_price, 2) !== line.grossUnitCents)
      return `Price of row ${row} of ${number} differs from the original`;
    if (item.id !== undefined && Number(item.id) !== line.productId)
      return `Product ${String(item.id)} is not the one on row ${row} of ${number}`;
    return { ...line, qty, referenceDocument: { number, row } };
  }

  function saleLine(item: Record<string, unknown>): VendusStandInLine | string {
    const title = str(item.title);
    const qty = Number(item.qty);
    const grossUnitCents = decimalUnits(item.gross_price, 2);
    const taxId = str(item.tax_id) as VendusStandInLine["taxId"];
    if (!title) return "Item title is required";
    if (!Number.isInteger(qty) || qty <= 0) return `Item '${title}': qty is invalid`;
    if (grossUnitCents === null) return `Item '${title}': gross_price is invalid`;
    if (!(taxId in rates)) return `Item '${title}': tax_id '${taxId}' is invalid`;
    const exemption = item.tax_exemption === undefined ? null : str(item.tax_exemption);
    if (taxId === "ISE" && !/^M\d{2}$/.test(exemption ?? ""))
      return `Item '${title}': tax_exemption (M01–M99) is required for ISE`;
    const reference = str(item.reference) || title;
    const productId = products.get(reference) ?? 30_001 + products.size;
    products.set(reference, productId);
    return {
      productId,
      reference,
      title,
      qty,
      grossUnitCents,
      taxId,
      rateBp: rates[taxId],
      exemption,
      referenceDocument: null,
    };
  }

  function create(req: StandInRequest): Reply {
    const data = obj(req.body);
    if (!data) return reject(core, "Body must be a JSON object");
    const type = str(data.type);
    if (type !== "FR" && type !== "NC") return reject(core, `Document type '${type}' is not supported here`);
    const mode = str(data.mode) || "normal";
    if (mode !== "normal" && mode !== "tests") return reject(core, "Mode is invalid");
    const date = str(data.date);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      return reject(core, "Date is invalid (yyyy-mm-dd)");
    const externalReference = str(data.external_reference);
    if (!externalReference) return reject(core, "external_reference is missing (the shop always sends one)");
    // No client (or one without fiscal_id): Consumidor final. 999999990 itself must never be sent.
    const client = data.client === undefined ? null : obj(data.client);
    if (data.client !== undefined && !client) return reject(core, "Client must be an object");
    const fiscalId = client?.fiscal_id === undefined ? null : str(client.fiscal_id);
    if (fiscalId === "999999990") return reject(core, "fiscal_id 999999990 must not be sent: omit the client");
    if (fiscalId !== null && !isValidNif(fiscalId))
      return reject(core, `Client fiscal_id ${fiscalId || "(empty)"} is invalid`);
    const items = Array.isArray(data.items) ? data.items : [];
    if (items.length === 0) return reject(core, "Items are required");
    const notes = str(data.notes);
    if (type === "NC" && !notes) return reject(core, "Notes (the reason) are required for credit notes");
    const lines: VendusStandInLine[] = [];
    for (const raw of items) {
      const item = obj(raw) ?? {};
      const line = type === "NC" ? creditLine(item, lines) : saleLine(item);
      if (typeof line === "string") return reject(core, line);
      lines.push(line);
    }
    if (type === "NC" && new Set(lines.map((l) => l.referenceDocument!.number)).size > 1)
      return reject(core, "A credit note refers to one document");
    const totalCents = lines.reduce((sum, l) => sum + l.qty * l.grossUnitCents, 0);
    if (type === "FR") {
      const payments = Array.isArray(data.payments) ? data.payments.map((p) => obj(p) ?? {}) : [];
      if (payments.length === 0) return reject(core, "Payments are required for FR documents");
      if (payments.some((p) => str(p.id) !== paymentMethodId)) return reject(core, "Payment method not found");
      const paid = payments.reduce((sum, p) => sum + (decimalUnits(p.amount, 2) ?? Number.NaN), 0);
      if (paid !== totalCents)
        return reject(core, `Payments (${euros(paid)}) differ from the total ${euros(totalCents)}`);
    }
    const netCents = lines.reduce(
      (sum, l) => sum + Math.round((l.qty * l.grossUnitCents * 10_000) / (10_000 + l.rateBp)),
      0,
    );
    const want = expected.get(externalReference);
    if (want !== undefined && want !== totalCents)
      return reject(core, `Total ${euros(totalCents)} differs from the expected ${euros(want)}`);
    const refusal = expectedTotalRefusal(req, totalCents);
    if (refusal) return reject(core, refusal);
    const n = numbering(type, date.slice(0, 4));
    const doc: VendusStandInDocument = {
      id: nextId++,
      type,
      mode,
      externalReference,
      date,
      client: { fiscalId, name: str(client?.name), address: str(client?.address) },
      lines,
      totalCents,
      netCents,
      notes,
      number: n.number,
      atcud: n.atcud,
    };
    documents.push(doc);
    return { status: 201, json: json(doc, str(data.output) === "pdf_url") };
  }

  function list(req: StandInRequest): Reply {
    const type = req.query.get("type");
    const reference = req.query.get("external_reference");
    const found = documents.filter(
      (x) => (!type || x.type === type) && (!reference || x.externalReference === reference),
    );
    return found.length === 0 ? noData() : { status: 200, json: found.map((x) => json(x, false)) };
  }

  function get(req: StandInRequest): Reply {
    const doc = documents.find((x) => x.id === Number(req.params[0]));
    if (!doc) return noData();
    return {
      status: 200,
      json: {
        ...json(doc, req.query.get("output") === "pdf_url"),
        items: doc.lines.map((l) => ({
          id: l.productId,
          reference: l.reference,
          title: l.title,
          qty: l.qty,
          amounts: { gross_unit: euros(l.grossUnitCents), gross_total: euros(l.qty * l.grossUnitCents) },
          tax: { id: l.taxId, rate: l.rateBp / 100 },
        })),
      },
    };
  }

  function pdfFile(req: StandInRequest): Reply {
    const doc = documents.find((x) => x.id === Number(req.params[0]));
    if (!doc) return noData();
    return { status: 200, raw: { contentType: "application/pdf", data: tinyPdf(`${doc.number} ${doc.atcud}`) } };
  }

  const basic = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
  const server = await startStandInServer({
    port: opts.port,
    slowMs: opts.slowMs,
    onRequest: opts.onRequest,
    validationError: core.validationError,
    authorize: (req) => (req.headers.authorization === basic ? null : { status: 401, json: errors("Unauthorized") }),
    routes: [
      { method: "POST", pattern: /^\/ws\/v1\.1\/documents$/, endpoint: "create", handle: create },
      { method: "GET", pattern: /^\/ws\/v1\.1\/documents$/, endpoint: "list", handle: list },
      { method: "GET", pattern: /^\/ws\/v1\.1\/documents\/(\d+)$/, endpoint: "get", handle: get },
      { method: "GET", pattern: /^\/pdf\/(\d+)\.pdf$/, endpoint: "pdf_file", auth: false, handle: pdfFile },
    ],
  });
  baseUrl = server.url;

  return {
    ...server,
    url: `${server.url}/ws/v1.1`,
    apiKey,
    paymentMethodId,
    documents,
    expectTotal(reference, cents) {
      expected.set(reference, cents);
    },
    reset() {
      documents.length = 0;
      expected.clear();
      numbering = createNumbering();
      nextId = 5001;
      products.clear();
    },
  };
}
