import { describe, expect, it } from "vitest";
import {
  MIXED_ITEMS,
  creditNoteRequest,
  invoiceRequest,
  sumOf,
  useInvoiceXpressStandIn,
} from "#tests/support/invoice-standin.ts";
import { createInvoiceXpressProvider } from "./invoicexpress.ts";
import type { InvoiceItem } from "./provider.ts";
import { startInvoiceXpressStandIn, type IxEndpoint } from "#tests/standins/invoicing/invoicexpress.ts";
import type { FaultMode } from "#tests/standins/invoicing/core.ts";

/** The InvoiceXpress adapter against its stand-in: documents that add up to the cent, exactly once, typed failures. */

const { s, provider, failure } = useInvoiceXpressStandIn();

describe("InvoiceXpress: fatura-recibo", () => {
  it("issues and finalizes a Consumidor final invoice whose total is the order's to the cent", async () => {
    const request = invoiceRequest();
    s.ix.expectTotal(request.reference, sumOf(MIXED_ITEMS));
    const doc = await provider().issueInvoice(request);

    expect(s.ix.documents).toHaveLength(1);
    const stored = s.ix.documents[0]!;
    expect(stored.totalCents).toBe(3 * 1290 + 1850 + 2 * 475 + 990 + 499);
    expect(stored.totalCents).toBe(request.totalCents);
    // Each line prints back the charged amount: the net price times the rate gives the gross cents again.
    expect(stored.lines.map((l) => l.grossCents)).toEqual(MIXED_ITEMS.map((i) => i.quantity * i.unitPriceCents));
    expect(stored.lines.map((l) => l.taxName)).toEqual(["IVA23", "IVA6", "IVA13", "IVA0", "IVA23"]);
    expect(stored.taxExemption).toBe("M10");
    expect(stored.client.fiscalId).toBe("999999990");
    expect(stored.reference).toBe("LOJA-41");
    expect(stored.date).toBe("15/03/2026");
    expect(stored.status).toBe("final");
    expect(doc).toEqual({ externalId: String(stored.id), number: "FR 2026/1", atcud: "ABCD1234-1", pdfUrl: null });
  });

  it("sends the customer's NIF, net unit prices with 6 decimals and the tax by name", async () => {
    await provider().issueInvoice(invoiceRequest({ nif: "123456789" }));
    expect(s.ix.documents[0]!.client.fiscalId).toBe("123456789");
    const create = s.ix.requests.find((r) => r.endpoint === "create")!;
    const sent = (create.body as { invoice: { items: unknown[]; client: Record<string, string> } }).invoice;
    expect(sent.client).toMatchObject({ fiscal_id: "123456789", code: "123456789", postal_code: "4050-262" });
    // 12,90 € / 1,23 = 10,4878048… €
    expect(sent.items[0]).toMatchObject({ unit_price: 10.487805, quantity: 3, tax: { name: "IVA23" } });
    expect(sent.items[3]).toMatchObject({ unit_price: 9.9, quantity: 1, tax: { name: "IVA0" } });
  });

  it("adds up to the cent for 120 awkward prices at every rate (islands included)", async () => {
    const rates = [2300, 1300, 600, 2200, 1200, 400, 1600, 900];
    const items: InvoiceItem[] = Array.from({ length: 120 }, (_, i) => ({
      name: `Artigo ${i + 1}`,
      quantity: (i % 7) + 1,
      unitPriceCents: 1 + ((i * 7919) % 20_000),
      vatRateBp: rates[i % rates.length]!,
      exemptionCode: null,
    }));
    const request = invoiceRequest({ items, reference: "LOJA-99" });
    await provider().issueInvoice(request);
    const stored = s.ix.documents[0]!;
    expect(stored.lines.map((l) => l.grossCents)).toEqual(items.map((i) => i.quantity * i.unitPriceCents));
    expect(stored.totalCents).toBe(request.totalCents);
  });

  it("numbers documents per series: the second invoice is FR 2026/2 with the next ATCUD", async () => {
    await provider().issueInvoice(invoiceRequest());
    const second = await provider().issueInvoice(invoiceRequest({ reference: "LOJA-42", orderId: 42 }));
    expect([second?.number, second?.atcud]).toEqual(["FR 2026/2", "ABCD1234-2"]);
  });

  it("answers the existing document for a reference already issued, without creating another", async () => {
    const first = await provider().issueInvoice(invoiceRequest());
    const again = await provider().issueInvoice(invoiceRequest());
    expect(again?.externalId).toBe(first?.externalId);
    expect(s.ix.documents).toHaveLength(1);
    expect(s.ix.requests.filter((r) => r.endpoint === "create")).toHaveLength(1);
  });

  it("refuses a request that does not add up, before calling the service", async () => {
    const err = await failure(provider().issueInvoice({ ...invoiceRequest(), totalCents: 8160 }));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("8160");
    expect(s.ix.requests).toHaveLength(0);
  });

  it("refuses an invalid NIF before calling the service (the service would swap it for Consumidor final)", async () => {
    const err = await failure(provider().issueInvoice(invoiceRequest({ nif: "123456780" })));
    expect(err.retryable).toBe(false);
    expect(s.ix.requests).toHaveLength(0);
  });
});

describe("InvoiceXpress: a consumer's sale of 1000 € or more", () => {
  const big = [{ name: "Roda de oleiro", quantity: 1, unitPriceCents: 100_000, vatRateBp: 2300, exemptionCode: null }];

  it("needs the buyer's name and address for Consumidor final, and then goes through", async () => {
    const noAddress = invoiceRequest({ items: big });
    noAddress.client.address = " ";
    const err = await failure(provider().issueInvoice(noAddress));
    expect(err.retryable).toBe(false);
    expect(s.ix.requests).toHaveLength(0);
    const doc = await provider().issueInvoice(invoiceRequest({ items: big }));
    expect(doc?.number).toBe("FR 2026/1");
    expect(s.ix.documents[0]!.totalCents).toBe(100_000);
  });
});

describe("InvoiceXpress: a tax name the account lacks", () => {
  it("the service applies its default tax; the draft's wrong total is caught and the draft deleted, never finalized", async () => {
    s.ix.setUnknownTaxes("default");
    try {
      const items = [{ name: "Vela de cera", quantity: 2, unitPriceCents: 1080, vatRateBp: 800, exemptionCode: null }];
      const err = await failure(provider().issueInvoice(invoiceRequest({ items })));
      expect(err.retryable).toBe(false);
      // 2 × 10,80 € at 8 %: net 20,00 €; with the default 23 % the service's draft says 24,60 €.
      expect(err.message).toContain("calculou 24.60 € em vez de 21.60 € (as taxas IVA8 existem na conta?)");
      expect(s.ix.documents.map((d) => [d.status, d.totalCents])).toEqual([["deleted", 2460]]);
      expect(s.ix.requests.find((r) => r.endpoint === "change_state")?.body).toEqual({ invoice: { state: "deleted" } });
    } finally {
      s.ix.setUnknownTaxes("reject");
    }
  });
});

describe("InvoiceXpress: PDF", () => {
  it("answers null while the PDF is being made (202), then the link to a real PDF", async () => {
    s.ix.setPdfReadyAfter(2);
    const doc = (await provider().issueInvoice(invoiceRequest()))!;
    expect(doc.pdfUrl).toBeNull();
    expect(await provider().pdfUrl("invoice", doc.externalId)).toBeNull();
    const url = await provider().pdfUrl("invoice", doc.externalId);
    expect(url).toBe(`${s.ix.url}/pdf/${doc.externalId}.pdf`);
    const pdf = await fetch(url!);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF-1.4")).toBe(true);
    expect(bytes).toContain("(FR 2026/1 ABCD1234-1)");
    expect(bytes.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("comes with the invoice when it is ready at once", async () => {
    s.ix.setPdfReadyAfter(0);
    const doc = (await provider().issueInvoice(invoiceRequest()))!;
    expect(doc.pdfUrl).toBe(`${s.ix.url}/pdf/${doc.externalId}.pdf`);
  });
});

describe("InvoiceXpress: nota de crédito", () => {
  it("refers to the invoice, carries the reason and credits exactly the returned lines", async () => {
    const invoice = (await provider().issueInvoice(invoiceRequest()))!;
    const returned = [{ ...MIXED_ITEMS[0]!, quantity: 1 }, MIXED_ITEMS[3]!];
    const note = (await provider().issueCreditNote(creditNoteRequest(invoice, returned)))!;

    const stored = s.ix.documents.find((d) => d.kind === "credit_note")!;
    expect(stored.ownerInvoiceId).toBe(Number(invoice.externalId));
    expect(stored.observations).toBe("Devolução (livre resolução)");
    expect(stored.totalCents).toBe(1290 + 990);
    expect(stored.taxExemption).toBe("M10");
    expect(note).toMatchObject({ externalId: String(stored.id), number: "NC 2026/1", atcud: "NCCD5678-1" });
    expect(await provider().find("credit_note", "LOJA-41-NC-3")).toMatchObject({ number: "NC 2026/1" });
    expect(await provider().find("invoice", "LOJA-41-NC-3")).toBeNull();
  });

  it("is refused by the service for an invoice it does not know (422, not retryable, the service's words)", async () => {
    const err = await failure(
      provider().issueCreditNote(creditNoteRequest({ externalId: "999999", number: "FR 2026/9" }, [MIXED_ITEMS[1]!])),
    );
    expect([err.retryable, err.status]).toEqual([false, 422]);
    expect(err.message).toContain("Owner invoice not found or not finalized");
  });
});

describe("InvoiceXpress: exactly once after a time-out", () => {
  it("slow finalize: the client gave up, the service finalized; find() returns it and a retry creates nothing", async () => {
    await s.ix.setMode("slow", "change_state");
    const err = await failure(provider().issueInvoice(invoiceRequest()));
    expect(err.retryable).toBe(true);
    await s.ix.setMode("ok");

    const found = await provider().find("invoice", "LOJA-41");
    expect(found).toEqual({
      externalId: String(s.ix.documents[0]!.id),
      number: "FR 2026/1",
      atcud: "ABCD1234-1",
      pdfUrl: null,
    });
    const retried = await provider().issueInvoice(invoiceRequest());
    expect(retried?.number).toBe("FR 2026/1");
    expect(s.ix.documents).toHaveLength(1);
  });

  it("slow create: a draft was left; find() says none is issued and the retry finalizes that draft", async () => {
    await s.ix.setMode("slow", "create");
    expect((await failure(provider().issueInvoice(invoiceRequest()))).retryable).toBe(true);
    await s.ix.setMode("ok");
    expect(s.ix.documents.map((d) => d.status)).toEqual(["draft"]);
    expect(await provider().find("invoice", "LOJA-41")).toBeNull();

    const retried = (await provider().issueInvoice(invoiceRequest()))!;
    expect(s.ix.documents).toHaveLength(1);
    expect(retried.externalId).toBe(String(s.ix.documents[0]!.id));
    expect(s.ix.documents[0]!.status).toBe("final");
  });

  it("find() ignores documents whose reference only contains the one asked for", async () => {
    await provider().issueInvoice(invoiceRequest({ reference: "LOJA-410", orderId: 410 }));
    expect(await provider().find("invoice", "LOJA-41")).toBeNull();
  });
});

describe("InvoiceXpress: find() reads every page of the text search", () => {
  it("finds LOJA-1 among LOJA-10…LOJA-19 when the service pages by 3", async () => {
    const paged = await startInvoiceXpressStandIn({ maxPerPage: 3 });
    try {
      const ix = createInvoiceXpressProvider({ account: paged.account, apiKey: paged.apiKey, baseUrl: paged.url });
      for (let n = 10; n <= 19; n++) await ix.issueInvoice(invoiceRequest({ reference: `LOJA-${n}`, orderId: n }));
      const first = await ix.issueInvoice(invoiceRequest({ reference: "LOJA-1", orderId: 1 }));
      expect(first?.number).toBe("FR 2026/11");
      expect(await ix.find("invoice", "LOJA-1")).toMatchObject({ number: "FR 2026/11" });
      const pages = paged.requests.filter((r) => r.endpoint === "list" && r.query.get("text") === "LOJA-1");
      expect(pages.at(-1)!.query.get("page")).toBe("4");
      // The retry of an issued reference answers it again, without a second document.
      expect((await ix.issueInvoice(invoiceRequest({ reference: "LOJA-1", orderId: 1 })))?.number).toBe("FR 2026/11");
      expect(paged.documents).toHaveLength(11);
    } finally {
      await paged.close();
    }
  });
});

describe("InvoiceXpress: failures", () => {
  const cases: [FaultMode, IxEndpoint | undefined, boolean, number | undefined][] = [
    ["down", undefined, true, undefined],
    ["down", "create", true, undefined],
    ["http500", "create", true, 500],
    ["http500", "change_state", true, 500],
    ["slow", "list", true, undefined],
    ["not_json", "create", true, 200],
    ["invalid", "create", false, 422],
    ["invalid", "change_state", false, 422],
  ];
  it.each(cases)(
    "%s on %s → retryable %s, status %s, no key in the message",
    async (mode, endpoint, retryable, status) => {
      await s.ix.setMode(mode, endpoint);
      const err = await failure(provider().issueInvoice(invoiceRequest()));
      expect([err.retryable, err.status]).toEqual([retryable, status]);
      if (mode === "invalid") expect(err.message).toContain("Simulated validation error");
    },
  );

  it("a 422 keeps the service's message: the total the test expects differs", async () => {
    s.ix.expectTotal("LOJA-41", 8160);
    const err = await failure(provider().issueInvoice(invoiceRequest()));
    expect([err.retryable, err.status]).toEqual([false, 422]);
    expect(err.message).toBe(
      "O InvoiceXpress recusou o pedido (HTTP 422): Total 81.59 differs from the expected 81.60",
    );
    expect(s.ix.documents).toHaveLength(0);
  });

  it("a wrong key is not retryable and is not repeated in the message", async () => {
    const err = await failure(provider({ apiKey: "wrong-key-abcdef0123" }).find("invoice", "LOJA-41"));
    expect([err.retryable, err.status]).toEqual([false, 401]);
    expect(err.message).not.toContain("wrong-key-abcdef0123");
  });

  it("scrubs the key even when the service echoes it back", async () => {
    const echo: typeof fetch = async () =>
      new Response(JSON.stringify({ errors: [{ error: `api_key ${s.ix.apiKey} is not allowed here` }] }), {
        status: 422,
      });
    const err = await failure(provider({ fetch: echo }).find("invoice", "LOJA-41"));
    expect(err.message).toContain("api_key *** is not allowed here");
  });

  it("the PDF's 500 does not fail an issued invoice (asked again later)", async () => {
    await s.ix.setMode("http500", "pdf");
    const doc = await provider().issueInvoice(invoiceRequest());
    expect(doc).toMatchObject({ number: "FR 2026/1", pdfUrl: null });
    expect((await failure(provider().pdfUrl("invoice", doc!.externalId))).retryable).toBe(true);
  });

  it("builds the account's URL when no base URL is given, and rejects a bad account name", () => {
    expect(() => createInvoiceXpressProvider({ account: "a.b/c", apiKey: "k" })).toThrow(RangeError);
    expect(createInvoiceXpressProvider({ account: "minha-loja", apiKey: "k" }).name).toBe("invoicexpress");
  });
});
