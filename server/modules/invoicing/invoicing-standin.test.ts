import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvoiceXpressProvider } from "#server/modules/invoicing/providers/invoicexpress.ts";
import { documentReference } from "./documents.ts";
import { startInvoiceXpressStandIn, type IxStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import { useInvoicingApp } from "#tests/support/invoicing-app.ts";

/*
 * The job with the real InvoiceXpress adapter against its local stand-in (which checks every request's shape): a paid
 * order's fatura-recibo adds up to the order's total, a service answering 500 is retried into one document, and the
 * cancellation's credit note refers to it.
 */

const s = {} as { ix: IxStandIn };
beforeAll(async () => {
  s.ix = await startInvoiceXpressStandIn({ pdfReadyAfter: 0 });
});
afterAll(() => s.ix.close());

const { ctx, order, documents, dueNow } = useInvoicingApp({
  provider: () =>
    createInvoiceXpressProvider({ account: s.ix.account, apiKey: s.ix.apiKey, baseUrl: s.ix.url, timeoutMs: 2_000 }),
});

describe("the job through the InvoiceXpress adapter and its stand-in", () => {
  it("issues the paid order's invoice once, for the order's total, with the buyer's NIF", async () => {
    const id = await order({ nif: "501964843" });
    const [queued] = await documents(id);
    s.ix.expectTotal(`LOJA-${id}`, queued!.totalCents);
    await s.ix.setMode("http500");
    expect((await ctx.a.services.invoicing.issueDue()).retried).toBe(1);
    await s.ix.setMode("ok");
    await dueNow();
    expect((await ctx.b.services.invoicing.issueDue()).issued).toBe(1);
    const [row] = await documents(id);
    expect(row!.totalCents).toBe(queued!.totalCents);
    const stored = s.ix.documents.filter((d) => d.reference === `LOJA-${id}`);
    expect(stored.map((d) => [d.status, d.totalCents, d.client.fiscalId])).toEqual([
      ["final", row!.totalCents, "501964843"],
    ]);
    expect(row).toMatchObject({ status: "issued", attempts: 2, externalId: String(stored[0]!.id) });
    expect(row!.number).toMatch(/^FR /);
    expect(row!.atcud).toBeTruthy();

    const pdf = await ctx.a.app.inject({
      method: "GET",
      url: `/api/users/me/orders/${id}/invoice`,
      headers: ctx.buyer.headers,
    });
    expect(pdf.statusCode).toBe(302);
    const file = await fetch(pdf.headers.location as string);
    expect(file.headers.get("content-type")).toContain("application/pdf");
  });

  it("the cancelled order's credit note refers to its invoice", async () => {
    const id = await order();
    await ctx.a.services.invoicing.issueDue();
    const post = (url: string, payload: object) =>
      ctx.a.app.inject({ method: "POST", url, headers: ctx.admin.headers, payload });
    expect((await post(`/api/orders/${id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect((await post(`/api/orders/${id}/refund-done`, {})).statusCode).toBe(200);
    await ctx.a.services.invoicing.issueDue();
    const [invoice, note] = await documents(id);
    expect(note).toMatchObject({ kind: "credit_note", status: "issued", totalCents: invoice!.totalCents });
    expect(note!.number).toMatch(/^NC /);
    const stored = s.ix.documents.filter((d) => d.reference === documentReference(note!));
    expect(stored.map((d) => [d.kind, d.totalCents, d.ownerInvoiceId])).toEqual([
      ["credit_note", invoice!.totalCents, Number(invoice!.externalId)],
    ]);
  });
});
