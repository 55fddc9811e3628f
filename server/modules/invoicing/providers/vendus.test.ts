import { describe, expect, it } from "vitest";
import {
  MIXED_ITEMS,
  creditNoteRequest,
  invoiceRequest,
  sumOf,
  useVendusStandIn,
} from "#tests/support/invoice-standin.ts";
import type { FaultMode } from "#tests/standins/invoicing/core.ts";
import type { VendusEndpoint } from "#tests/standins/invoicing/vendus.ts";

/** The Vendus adapter against its stand-in: FR and NC documents that add up to the cent, exactly once, typed failures. */

const { s, provider, failure } = useVendusStandIn();

describe("Vendus: fatura-recibo", () => {
  it("issues a Consumidor final FR with gross prices and tax classes; its total is the order's to the cent", async () => {
    const request = invoiceRequest();
    s.vd.expectTotal(request.reference, sumOf(MIXED_ITEMS));
    const doc = await provider().issueInvoice(request);

    expect(s.vd.documents).toHaveLength(1);
    const stored = s.vd.documents[0]!;
    expect(stored.totalCents).toBe(3 * 1290 + 1850 + 2 * 475 + 990 + 499);
    expect(stored.totalCents).toBe(request.totalCents);
    expect(stored.lines.map((l) => [l.title, l.qty, l.grossUnitCents, l.taxId, l.exemption])).toEqual([
      ["Caneca Azulejo — Azul", 3, 1290, "NOR", null],
      ["Livro 'Receitas do Minho'", 1, 1850, "RED", null],
      ["Compota de figo 250 g", 2, 475, "INT", null],
      ["Workshop de cerâmica (vale)", 1, 990, "ISE", "M10"],
      ["Portes de envio", 1, 499, "NOR", null],
    ]);
    // IVA taken out per line by the service: 3870/1.23 + 1850/1.06 + 950/1.13 + 990 + 499/1.23.
    expect(stored.netCents).toBe(3146 + 1745 + 841 + 990 + 406);
    // Consumidor final: no client at all (Vendus: never send 999999990).
    expect(stored.client.fiscalId).toBeNull();
    expect(
      (s.vd.requests.find((r) => r.endpoint === "create")!.body as Record<string, unknown>).client,
    ).toBeUndefined();
    const payments = (s.vd.requests.find((r) => r.endpoint === "create")!.body as { payments: unknown }).payments;
    expect(payments).toEqual([{ id: Number(s.vd.paymentMethodId), amount: 81.59 }]);
    expect([stored.type, stored.externalReference, stored.date]).toEqual(["FR", "LOJA-41", "2026-03-15"]);
    expect(doc).toEqual({
      externalId: String(stored.id),
      number: "FR 2026/1",
      atcud: "ABCD1234-1",
      pdfUrl: `${s.vd.url.replace("/ws/v1.1", "")}/pdf/${stored.id}.pdf`,
    });
  });

  it("sends the customer's NIF with HTTP Basic (the key as user), and the PDF link serves a PDF", async () => {
    const doc = (await provider().issueInvoice(invoiceRequest({ nif: "503504564" })))!;
    expect(s.vd.documents[0]!.client.fiscalId).toBe("503504564");
    const create = s.vd.requests.find((r) => r.endpoint === "create")!;
    expect(create.headers.authorization).toBe(`Basic ${Buffer.from(`${s.vd.apiKey}:`).toString("base64")}`);
    expect(create.query.toString()).toBe("");
    const pdf = await fetch(doc.pdfUrl!);
    expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1")).toMatch(
      /^%PDF-1\.4[\s\S]*FR 2026\/1[\s\S]*%%EOF\s*$/,
    );
    expect(await provider().pdfUrl("invoice", doc.externalId)).toBe(doc.pdfUrl);
  });

  it("maps island rates to their classes and refuses a rate Vendus has no class for", async () => {
    const items = [
      { name: "Queijo de São Jorge", quantity: 2, unitPriceCents: 1375, vatRateBp: 400, exemptionCode: null },
    ];
    await provider().issueInvoice(invoiceRequest({ items }));
    expect(s.vd.documents[0]!.lines[0]!.taxId).toBe("RED");
    const odd = [{ ...items[0]!, vatRateBp: 1900 }];
    const err = await failure(provider().issueInvoice(invoiceRequest({ items: odd, reference: "LOJA-42" })));
    expect(err.retryable).toBe(false);
    expect(s.vd.documents).toHaveLength(1);
  });
});

describe("Vendus: a consumer's sale of 1000 € or more", () => {
  it("names the buyer and their address, still without a fiscal_id", async () => {
    const items = [
      { name: "Forno de cerâmica", quantity: 1, unitPriceCents: 125_000, vatRateBp: 2300, exemptionCode: null },
    ];
    await provider().issueInvoice(invoiceRequest({ items }));
    expect(s.vd.documents[0]!.client).toEqual({
      fiscalId: null,
      name: "Maria Sousa",
      address: "Rua das Flores, 12, 2.º Esq.",
    });
    expect(s.vd.documents[0]!.totalCents).toBe(125_000);
  });
});

describe("Vendus: nota de crédito", () => {
  it("points each returned line at its row of the invoice, with the reason; total = the returned lines", async () => {
    const invoice = (await provider().issueInvoice(invoiceRequest()))!;
    const returned = [{ ...MIXED_ITEMS[0]!, quantity: 2 }, MIXED_ITEMS[4]!];
    const note = (await provider().issueCreditNote(creditNoteRequest(invoice, returned)))!;

    const stored = s.vd.documents.find((d) => d.type === "NC")!;
    expect(stored.lines.map((l) => [l.referenceDocument, l.qty, l.grossUnitCents])).toEqual([
      [{ number: "FR 2026/1", row: 1 }, 2, 1290],
      [{ number: "FR 2026/1", row: 5 }, 1, 499],
    ]);
    expect(stored.totalCents).toBe(2 * 1290 + 499);
    // Each line names the invoice row's product, as Vendus asks ("along with id and qty").
    const fr = s.vd.documents.find((d) => d.type === "FR")!;
    expect(stored.lines.map((l) => l.productId)).toEqual([fr.lines[0]!.productId, fr.lines[4]!.productId]);
    const sent = s.vd.requests.filter((r) => r.endpoint === "create").at(-1)!.body as { items: { id: number }[] };
    expect(sent.items.map((i) => i.id)).toEqual([fr.lines[0]!.productId, fr.lines[4]!.productId]);
    expect(stored.notes).toBe("Devolução (livre resolução)");
    expect(note).toMatchObject({ externalId: String(stored.id), number: "NC 2026/1", atcud: "NCCD5678-1" });
    expect(await provider().find("credit_note", "LOJA-41-NC-3")).toMatchObject({ number: "NC 2026/1" });
  });

  it("refuses, before sending, a line the invoice does not have (or more than is left of it)", async () => {
    const invoice = (await provider().issueInvoice(invoiceRequest()))!;
    const tooMany = [{ ...MIXED_ITEMS[0]!, quantity: 4 }];
    const err = await failure(provider().issueCreditNote(creditNoteRequest(invoice, tooMany)))!;
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("FR 2026/1");
    expect(s.vd.requests.filter((r) => r.endpoint === "create")).toHaveLength(1);
  });

  it("the stand-in refuses a second credit note beyond what is left of a row (422, the service's words)", async () => {
    const invoice = (await provider().issueInvoice(invoiceRequest()))!;
    const all = [MIXED_ITEMS[1]!];
    await provider().issueCreditNote(creditNoteRequest(invoice, all));
    const err = await failure(
      provider().issueCreditNote(creditNoteRequest(invoice, all, { reference: "LOJA-41-NC-4" })),
    );
    expect([err.retryable, err.status]).toEqual([false, 422]);
    expect(err.message).toContain("exceeds what is left of row 2 of FR 2026/1");
  });
});

describe("Vendus: exactly once after a time-out", () => {
  it("slow create: the client gave up, the service issued; find() returns it", async () => {
    await s.vd.setMode("slow", "create");
    expect((await failure(provider().issueInvoice(invoiceRequest()))).retryable).toBe(true);
    await s.vd.setMode("ok");
    expect(await provider().find("invoice", "LOJA-41")).toMatchObject({
      externalId: String(s.vd.documents[0]!.id),
      number: "FR 2026/1",
      atcud: "ABCD1234-1",
    });
    expect(s.vd.documents).toHaveLength(1);
  });

  it("find() answers null for an unknown reference (Vendus' 404 'No data') and for the other kind", async () => {
    expect(await provider().find("invoice", "LOJA-41")).toBeNull();
    await provider().issueInvoice(invoiceRequest());
    expect(await provider().find("credit_note", "LOJA-41")).toBeNull();
  });
});

describe("Vendus: failures", () => {
  const cases: [FaultMode, VendusEndpoint | undefined, boolean, number | undefined][] = [
    ["down", undefined, true, undefined],
    ["down", "create", true, undefined],
    ["http500", "create", true, 500],
    ["slow", "create", true, undefined],
    ["not_json", "create", true, 200],
    ["invalid", "create", false, 422],
  ];
  it.each(cases)(
    "%s on %s → retryable %s, status %s, no key in the message",
    async (mode, endpoint, retryable, status) => {
      await s.vd.setMode(mode, endpoint);
      const err = await failure(provider().issueInvoice(invoiceRequest()));
      expect([err.retryable, err.status]).toEqual([retryable, status]);
    },
  );

  it("a 422 keeps the service's message", async () => {
    s.vd.expectTotal("LOJA-41", 100);
    const err = await failure(provider().issueInvoice(invoiceRequest()));
    expect(err.message).toBe("O Vendus recusou o pedido (HTTP 422): Total 81.59 differs from the expected 1.00");
  });

  it("a wrong key: 401, not retryable, the key in no message", async () => {
    const err = await failure(provider({ apiKey: "wrong-vendus-key-42" }).issueInvoice(invoiceRequest()));
    expect([err.retryable, err.status]).toEqual([false, 401]);
    expect(err.message).not.toContain("wrong-vendus-key-42");
    expect(err.message).not.toContain(Buffer.from("wrong-vendus-key-42:").toString("base64"));
  });
});
