import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "#server/core/db/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { useInvoicingApp } from "#tests/support/invoicing-app.ts";
import { parseMail } from "#tests/support/mail.ts";

/*
 * What the admin and the shopper do with the documents: the order page's list, 'Tentar novamente', the failures
 * beside the payment exceptions, the shopper's PDF link and who may see what; the paid-order cancellation's credit
 * note once its refund is marked done.
 */

const { ctx, order, documents, events } = useInvoicingApp();

const get = (url: string, headers?: Record<string, string>) => ctx.a.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object, headers?: Record<string, string>) =>
  ctx.a.app.inject({ method: "POST", url, headers, payload });

describe("documents on the admin order page and for the shopper", () => {
  it("lists the order's invoice as stored; only admins may read or change documents", async () => {
    ctx.fake.reset();
    const id = await order();
    await ctx.a.services.invoicing.issueDue();
    const [row] = await documents(id);
    const res = await get(`/api/orders/${id}/invoices`, ctx.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().documents).toEqual([
      expect.objectContaining({
        id: row!.id,
        order_id: id,
        kind: "invoice",
        status: "issued",
        number: row!.number,
        atcud: row!.atcud,
        pdf_url: row!.pdfUrl,
        total_cents: row!.totalCents,
      }),
    ]);
    expect(row!.number).toBe(ctx.fake.issued[0]!.number);

    for (const headers of [undefined, ctx.buyer.headers]) {
      expect((await get(`/api/orders/${id}/invoices`, headers)).statusCode).toBe(headers ? 403 : 401);
      expect((await get(`/api/invoices/failures`, headers)).statusCode).toBe(headers ? 403 : 401);
      expect((await post(`/api/invoices/${row!.id}/retry`, {}, headers)).statusCode).toBe(headers ? 403 : 401);
      expect((await post(`/api/invoices/${row!.id}/manual`, { numero: "FR 1" }, headers)).statusCode).toBe(
        headers ? 403 : 401,
      );
    }
    expect((await documents(id))[0]).toEqual(row);
  });

  it("the shopper is sent to the PDF of their own issued invoice; others get 404", async () => {
    ctx.fake.reset();
    const id = await order({ paid: false });
    const before = await get(`/api/users/me/orders/${id}/invoice`, ctx.buyer.headers);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe("A fatura ainda não foi emitida.");

    const paid = await order();
    // Issued, but the PDF is not ready yet: still 404, and the link is asked again later.
    ctx.fake.pdfReady = false;
    await ctx.a.services.invoicing.issueDue();
    expect((await get(`/api/users/me/orders/${paid}/invoice`, ctx.buyer.headers)).statusCode).toBe(404);
    ctx.fake.pdfReady = true;
    const res = await get(`/api/users/me/orders/${paid}/invoice`, ctx.buyer.headers);
    expect(res.statusCode).toBe(302);
    const [row] = await documents(paid);
    expect(res.headers.location).toBe(row!.pdfUrl);
    expect(row!.pdfUrl).toBe(`https://faturas.exemplo.pt/${row!.externalId}.pdf`);

    const other = await get(`/api/users/me/orders/${paid}/invoice`, ctx.other.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Encomenda não encontrada.");
    expect((await get(`/api/users/me/orders/${paid}/invoice`)).statusCode).toBe(401);
    expect((await get(`/api/users/me/orders/abc/invoice`, ctx.buyer.headers)).statusCode).toBe(400);
  });

  it("the confirmation e-mail links to the order's page in /conta, where the invoice appears", async () => {
    const id = await order();
    const [row] = await ctx.a.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.dedupeKey, `order-confirmation:${id}`)));
    await drainOutbox(ctx.a.db, createMailTransport(ctx.a.config), pino({ level: "silent" }));
    const dir = path.join(ctx.a.config.dataDir, "mail");
    const file = readdirSync(dir).find((f) => f.includes(`Z-${row!.id}-`) && f.endsWith(".eml"));
    const mail = await parseMail(readFileSync(path.join(dir, file!)));
    const url = `http://localhost:3000/conta/encomendas/${id}`;
    expect(mail.text).toContain(`descarregue a fatura, logo que emitida, na sua conta:\n${url}`);
    expect(mail.html).toContain(`<a href="${url}">${url}</a>`);
  });

  it("failures and retries in progress are listed beside the payment exceptions, with the service's message", async () => {
    await ctx.a.services.invoicing.issueDue(); // earlier tests' orders out of the way
    ctx.fake.reset();
    const failing = await order();
    const retrying = await order();
    ctx.fake.failNext(1, { kind: "error", retryable: false, message: "Item sem taxa de IVA." });
    ctx.fake.failNext(1, { kind: "error", retryable: true, message: "Serviço indisponível (HTTP 500)." });
    await ctx.a.services.invoicing.issueDue();
    const res = await get(`/api/invoices/failures`, ctx.admin.headers);
    expect(res.statusCode).toBe(200);
    const listed = res.json().failures.filter((f: { order_id: number }) => [failing, retrying].includes(f.order_id));
    expect(
      listed.map((f: { order_id: number; status: string; last_error: string }) => [f.order_id, f.status, f.last_error]),
    ).toEqual([
      [retrying, "pending", "Serviço indisponível (HTTP 500)."],
      [failing, "failed", "Item sem taxa de IVA."],
    ]);
  });

  it("a manual number is refused for a document the service issued, and for an empty number", async () => {
    ctx.fake.reset();
    const id = await order();
    await ctx.a.services.invoicing.issueDue();
    const [row] = await documents(id);
    const res = await post(`/api/invoices/${row!.id}/manual`, { numero: "FR X/1" }, ctx.admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Este documento já foi emitido pelo serviço de faturação.");
    const empty = await post(`/api/invoices/${row!.id}/manual`, { numero: "  " }, ctx.admin.headers);
    expect(empty.statusCode).toBe(400);
    expect((await post(`/api/invoices/999999/retry`, {}, ctx.admin.headers)).statusCode).toBe(404);
    expect((await documents(id))[0]).toEqual(row);
  });

  it("a paid order cancelled by the admin gets a credit note of its total once the refund is marked done", async () => {
    ctx.fake.reset();
    const id = await order();
    await ctx.a.services.invoicing.issueDue();
    expect((await post(`/api/orders/${id}/status`, { status: "cancelled" }, ctx.admin.headers)).statusCode).toBe(200);
    expect(await documents(id)).toHaveLength(1); // the refund is not made yet
    expect((await post(`/api/orders/${id}/refund-done`, {}, ctx.admin.headers)).statusCode).toBe(200);
    await ctx.b.services.invoicing.issueDue();
    const [invoice, note] = await documents(id);
    expect(note).toMatchObject({
      kind: "credit_note",
      status: "issued",
      relatedInvoiceId: invoice!.id,
      totalCents: invoice!.totalCents,
    });
    const issuedNote = ctx.fake.issued.find((d) => d.kind === "credit_note")!;
    expect(issuedNote.request).toMatchObject({
      invoice: { number: invoice!.number },
      totalCents: invoice!.totalCents,
      reason: note!.reason,
    });
    expect(note!.reason).toBeTruthy();
    expect((await events(id)).map((e) => e.message)).toContain(`Nota de crédito ${issuedNote.number} emitida`);
  });
});

describe("INVOICE_PROVIDER=none", () => {
  const none = useInvoicingApp({ provider: "none" });

  it("the paid order's invoice waits as 'manual' until the admin records the number", async () => {
    const id = await none.order();
    expect((await none.documents(id)).map((d) => [d.kind, d.status])).toEqual([["invoice", "pending"]]);
    expect(await none.ctx.a.services.invoicing.issueDue()).toMatchObject({ manual: 1, issued: 0 });
    const [row] = await none.documents(id);
    expect(row).toMatchObject({ status: "manual", number: null, provider: "none" });

    const shopper = await none.ctx.a.app.inject({
      method: "GET",
      url: `/api/users/me/orders/${id}/invoice`,
      headers: none.ctx.buyer.headers,
    });
    expect(shopper.statusCode).toBe(404);

    const res = await none.ctx.a.app.inject({
      method: "POST",
      url: `/api/invoices/${row!.id}/manual`,
      headers: none.ctx.admin.headers,
      payload: { numero: " FR 2026/42 " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Número do documento registado.", document: { number: "FR 2026/42" } });
    const [recorded] = await none.documents(id);
    expect(recorded).toMatchObject({ status: "manual", number: "FR 2026/42" });
    expect(recorded!.issuedAt).not.toBeNull();
    expect((await none.events(id)).at(-1)).toMatchObject({
      message: "Fatura FR 2026/42 registada (emitida à parte)",
      actorUserId: none.ctx.admin.id,
    });
  });
});
