import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  createInvoiceXpressProvider,
  type InvoiceXpressOptions,
} from "#server/modules/invoicing/providers/invoicexpress.ts";
import {
  InvoiceProviderError,
  type CreditNoteRequest,
  type InvoiceItem,
  type InvoiceProvider,
  type InvoiceRequest,
} from "#server/modules/invoicing/providers/provider.ts";
import { startInvoiceXpressStandIn, type IxStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import { startVendusStandIn, type VendusStandIn } from "#tests/standins/invoicing/vendus.ts";
import { createVendusProvider, type VendusOptions } from "#server/modules/invoicing/providers/vendus.ts";

/*
 * The invoice adapters' tests (server/modules/invoicing/{invoicexpress,vendus}.test.ts): one stand-in per file, reset before
 * each test, a provider pointed at it with a short time-out, sample sales whose lines differ in everything, and the
 * checks every failure shares (typed, pt-PT, no key or URL anywhere).
 */

/** The client's time-out in these tests; the stand-in's "slow" answers after three times as long. */
export const TEST_TIMEOUT_MS = 1_000;

export function useInvoiceXpressStandIn() {
  const s = {} as { ix: IxStandIn };
  beforeAll(async () => {
    s.ix = await startInvoiceXpressStandIn({ slowMs: TEST_TIMEOUT_MS * 3 });
  });
  afterAll(() => s.ix.close());
  beforeEach(async () => {
    await s.ix.setMode("ok");
    s.ix.reset();
    s.ix.setPdfReadyAfter(1);
    s.ix.setUnknownTaxes("reject");
    s.ix.requests.length = 0;
  });
  const provider = (extra: Partial<InvoiceXpressOptions> = {}): InvoiceProvider =>
    createInvoiceXpressProvider({
      account: s.ix.account,
      apiKey: s.ix.apiKey,
      baseUrl: s.ix.url,
      timeoutMs: TEST_TIMEOUT_MS,
      ...extra,
    });
  return {
    s,
    provider,
    ...failureChecks(
      () => [s.ix.apiKey],
      () => s.ix.url,
    ),
  };
}

export function useVendusStandIn() {
  const s = {} as { vd: VendusStandIn };
  beforeAll(async () => {
    s.vd = await startVendusStandIn({ slowMs: TEST_TIMEOUT_MS * 3 });
  });
  afterAll(() => s.vd.close());
  beforeEach(async () => {
    await s.vd.setMode("ok");
    s.vd.reset();
    s.vd.requests.length = 0;
  });
  const provider = (extra: Partial<VendusOptions> = {}): InvoiceProvider =>
    createVendusProvider({
      apiKey: s.vd.apiKey,
      paymentMethodId: s.vd.paymentMethodId,
      baseUrl: s.vd.url,
      timeoutMs: TEST_TIMEOUT_MS,
      ...extra,
    });
  const secrets = () => [s.vd.apiKey, Buffer.from(`${s.vd.apiKey}:`).toString("base64")];
  return { s, provider, ...failureChecks(secrets, () => s.vd.url) };
}

function failureChecks(secrets: () => string[], url: () => string) {
  /** Typed, pt-PT, and no key or URL in the message, the stack or the serialisation. */
  function expectClean(err: unknown) {
    expect(err).toBeInstanceOf(InvoiceProviderError);
    const e = err as InvoiceProviderError;
    const everything = [e.message, String(e.stack), JSON.stringify(e), JSON.stringify(Object.entries(e))].join("\n");
    for (const secret of secrets()) expect(everything).not.toContain(secret);
    expect(everything).not.toContain(url());
    expect(e.message).toMatch(/[áéíóúãõç]|serviço|pedido|documento/i);
  }
  async function failure(promise: Promise<unknown>): Promise<InvoiceProviderError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expectClean(err);
    return err as InvoiceProviderError;
  }
  return { expectClean, failure };
}

/** The sale's date: 15 March 2026 in Lisbon (the stand-ins number by the date's year). */
export const SALE_DATE = new Date("2026-03-15T11:30:00Z");

/** Mixed rates, an exempt line and delivery; quantities and prices all different. Total 81,59 €. */
export const MIXED_ITEMS: InvoiceItem[] = [
  { name: "Caneca Azulejo — Azul", quantity: 3, unitPriceCents: 1290, vatRateBp: 2300, exemptionCode: null },
  { name: "Livro 'Receitas do Minho'", quantity: 1, unitPriceCents: 1850, vatRateBp: 600, exemptionCode: null },
  { name: "Compota de figo 250 g", quantity: 2, unitPriceCents: 475, vatRateBp: 1300, exemptionCode: null },
  { name: "Workshop de cerâmica (vale)", quantity: 1, unitPriceCents: 990, vatRateBp: 0, exemptionCode: "M10" },
  { name: "Portes de envio", quantity: 1, unitPriceCents: 499, vatRateBp: 2300, exemptionCode: null },
];

export const sumOf = (items: InvoiceItem[]) => items.reduce((sum, i) => sum + i.quantity * i.unitPriceCents, 0);

export function invoiceRequest(over: Partial<InvoiceRequest> & { nif?: string | null } = {}): InvoiceRequest {
  const { nif = null, ...rest } = over;
  const items = rest.items ?? MIXED_ITEMS;
  return {
    reference: "LOJA-41",
    orderId: 41,
    date: SALE_DATE,
    client: {
      nif,
      name: "Maria Sousa",
      address: "Rua das Flores, 12, 2.º Esq.",
      postalCode: "4050-262",
      city: "Porto",
      country: "PT",
      email: "maria.sousa@example.pt",
    },
    items,
    totalCents: sumOf(items),
    ...rest,
  };
}

export function creditNoteRequest(
  invoice: { externalId: string; number: string },
  items: InvoiceItem[],
  over: Partial<CreditNoteRequest> = {},
): CreditNoteRequest {
  return {
    ...invoiceRequest({ items }),
    reference: "LOJA-41-NC-3",
    invoice,
    reason: "Devolução (livre resolução)",
    ...over,
  };
}
