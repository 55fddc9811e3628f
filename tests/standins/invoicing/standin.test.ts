import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startInvoiceXpressStandIn, type IxStandIn } from "./invoicexpress.ts";
import { STANDIN_PAYMENT_METHOD_ID, startVendusStandIn, type VendusStandIn } from "./vendus.ts";

/**
 * The stand-ins refuse what the services would (and what the shop must never send), with raw HTTP requests that no
 * adapter would build: a stand-in that accepted anything would let the adapters' tests pass on wrong shapes.
 */

let ix: IxStandIn;
let vd: VendusStandIn;
beforeAll(async () => {
  [ix, vd] = await Promise.all([startInvoiceXpressStandIn(), startVendusStandIn()]);
});
afterAll(() => Promise.all([ix.close(), vd.close()]));
beforeEach(() => {
  ix.reset();
  vd.reset();
});

const ixItem = { name: "Caneca", description: "Caneca", unit_price: 10.487805, quantity: 1, tax: { name: "IVA23" } };
const ixClient = { name: "Maria", code: "123456789", fiscal_id: "123456789", email: "m@example.pt" };
const ixInvoice = (over: Record<string, unknown> = {}) => ({
  invoice: {
    date: "15/03/2026",
    due_date: "15/03/2026",
    reference: "LOJA-1",
    client: ixClient,
    items: [ixItem],
    ...over,
  },
});

async function ixPost(path: string, body: unknown, key = ix.apiKey, method = "POST") {
  const res = await fetch(`${ix.url}${path}?api_key=${key}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const ixError = (r: { body: Record<string, unknown> }) => (r.body.errors as { error: string }[])[0]!.error;

describe("InvoiceXpress stand-in checks", () => {
  it("accepts a well-formed invoice receipt as a draft with the total IVA included", async () => {
    const r = await ixPost("/invoice_receipts.json", ixInvoice());
    expect(r.status).toBe(201);
    expect(r.body.invoice_receipt).toMatchObject({ status: "draft", total: 12.9, reference: "LOJA-1" });
  });

  it.each([
    ["a wrong key", ixInvoice(), 401, "Invalid API key", "wrong"],
    ["an unknown tax", ixInvoice({ items: [{ ...ixItem, tax: { name: "IVA7" } }] }), 422, "Tax 'IVA7' not found"],
    ["a bad NIF", ixInvoice({ client: { ...ixClient, fiscal_id: "123456780" } }), 422, "Client fiscal id 123456780"],
    [
      "IVA0 without an exemption code",
      ixInvoice({ items: [{ ...ixItem, tax: { name: "IVA0" } }] }),
      422,
      "Tax exemption reason is required",
    ],
    ["an unknown series", ixInvoice({ sequence_id: "1" }), 422, "Sequence 1 not found"],
    ["a date in another format", ixInvoice({ date: "2026-03-15" }), 422, "Date is invalid"],
    ["no items", ixInvoice({ items: [] }), 422, "Items are required"],
    [
      "net prices that round differently per line and per document",
      ixInvoice({ items: [1, 2, 3].map((n) => ({ ...ixItem, name: `Artigo ${n}`, unit_price: 0.004 })) }),
      422,
      "per line but",
    ],
    ["a price with 7 decimals", ixInvoice({ items: [{ ...ixItem, unit_price: 10.4878049 }] }), 422, "unit_price"],
    ["the wrong root", { invoice_receipt: ixInvoice().invoice }, 422, "Missing root element 'invoice'"],
  ])("refuses %s", async (_what, body, status, message, key?: string) => {
    const r = await ixPost("/invoice_receipts.json", body, key ?? ix.apiKey);
    expect(r.status).toBe(status);
    expect(ixError(r)).toContain(message);
    expect(ix.documents).toHaveLength(0);
  });

  it("refuses a credit note against a draft, and one beyond the invoice's total", async () => {
    const draft = await ixPost("/invoice_receipts.json", ixInvoice());
    const id = (draft.body.invoice_receipt as { id: number }).id;
    const note = (over: Record<string, unknown> = {}) => ({
      invoice: {
        ...ixInvoice().invoice,
        reference: "LOJA-1-NC-1",
        owner_invoice_id: id,
        observations: "x",
        ...over,
      },
    });
    expect(ixError(await ixPost("/credit_notes.json", note()))).toContain("not finalized");
    await ixPost(`/invoice_receipts/${id}/change-state.json`, { invoice: { state: "finalized" } }, ix.apiKey, "PUT");
    const twice = note({ items: [{ ...ixItem, quantity: 2 }] });
    expect(ixError(await ixPost("/credit_notes.json", twice))).toContain("exceeds the invoice's total");
    expect(ixError(await ixPost("/credit_notes.json", note({ observations: "" })))).toContain("reason");
    expect((await ixPost("/credit_notes.json", note())).status).toBe(201);
  });
});

const vdBody = (over: Record<string, unknown> = {}) => ({
  type: "FR",
  date: "2026-03-15",
  external_reference: "LOJA-1",
  items: [{ title: "Caneca", qty: 2, gross_price: 12.9, tax_id: "NOR" }],
  payments: [{ id: Number(STANDIN_PAYMENT_METHOD_ID), amount: 25.8 }],
  ...over,
});
async function vdPost(body: unknown, key = vd.apiKey) {
  const res = await fetch(`${vd.url}/documents/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${btoa(`${key}:`)}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const vdError = (r: { body: Record<string, unknown> }) => (r.body.errors as { message: string }[])[0]!.message;

describe("Vendus stand-in checks", () => {
  it("accepts a fatura-recibo: final at once, numbered, gross total", async () => {
    const r = await vdPost(vdBody());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: "FR", number: "FR 2026/1", amount_gross: "25.80", amount_net: "20.98" });
  });

  it.each([
    ["a wrong key", vdBody(), 401, "Unauthorized", "wrong"],
    ["an unknown tax class", vdBody({ items: [{ title: "x", qty: 1, gross_price: 1, tax_id: "SUP" }] }), 422, "tax_id"],
    [
      "ISE without an exemption",
      vdBody({ items: [{ title: "x", qty: 1, gross_price: 1, tax_id: "ISE" }] }),
      422,
      "M01",
    ],
    ["a bad NIF", vdBody({ client: { fiscal_id: "123456780" } }), 422, "fiscal_id 123456780"],
    ["fiscal_id 999999990", vdBody({ client: { fiscal_id: "999999990" } }), 422, "must not be sent"],
    ["an FR without payments", vdBody({ payments: [] }), 422, "Payments are required"],
    [
      "payments short of the total",
      vdBody({ payments: [{ id: Number(STANDIN_PAYMENT_METHOD_ID), amount: 25 }] }),
      422,
      "differ",
    ],
    ["an unknown payment method", vdBody({ payments: [{ id: 1, amount: 25.8 }] }), 422, "Payment method not found"],
    [
      "a price in tenths of a cent",
      vdBody({ items: [{ title: "x", qty: 1, gross_price: 1.005, tax_id: "NOR" }] }),
      422,
      "gross_price",
    ],
    ["no external reference", vdBody({ external_reference: "" }), 422, "external_reference"],
    ["a credit note without a reason", vdBody({ type: "NC" }), 422, "Notes"],
  ])("refuses %s", async (_what, body, status, message, key?: string) => {
    const r = await vdPost(body, key ?? vd.apiKey);
    expect(r.status).toBe(status);
    expect(vdError(r)).toContain(message);
    expect(vd.documents).toHaveLength(0);
  });

  it("refuses a credit note row that does not exist or a different price", async () => {
    await vdPost(vdBody());
    const nc = (item: Record<string, unknown>) => vdBody({ type: "NC", notes: "Devolução", items: [item] });
    const ref = (row: number) => ({ document_number: "FR 2026/1", document_row: row });
    expect(vdError(await vdPost(nc({ qty: 1, reference_document: ref(2) })))).toContain("Row 2 not found");
    expect(vdError(await vdPost(nc({ qty: 1, gross_price: 12, reference_document: ref(1) })))).toContain("Price");
    expect(vdError(await vdPost(nc({ qty: 3, reference_document: ref(1) })))).toContain("exceeds");
    const ok = await vdPost(nc({ qty: 2, reference_document: ref(1) }));
    expect(ok.body).toMatchObject({ number: "NC 2026/1", amount_gross: "25.80" });
  });
});
