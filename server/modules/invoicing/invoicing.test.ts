import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "./schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { sendPaidCallback } from "#tests/support/payments.ts";
import { CALLBACK_KEY } from "#tests/support/orders.ts";
import { useInvoicingApp } from "#tests/support/invoicing-app.ts";
import { reinstatePaidOrder } from "#server/flows/payment-received/payment-received.ts";
import { issueDueDocuments } from "./job.ts";
import { manualInvoicing } from "./providers/provider.ts";
import { queueCreditNote } from "./service.ts";

/*
 * Invoices exactly once: the job's logic against an in-process service (tests/support/invoicing-app.ts), on two app
 * instances sharing one database. The HTTP adapters are tested against their stand-ins (invoicexpress/vendus tests).
 */

const { ctx, order, documents, events, dueNow } = useInvoicingApp();

async function orderFacts(orderId: number) {
  const [o] = await ctx.a.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await ctx.a.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { order: o!, lines };
}

describe("invoices exactly once", () => {
  it("duplicate payment callbacks on two instances, two jobs at once: one invoice row, one document issued", async () => {
    ctx.fake.reset();
    const id = await order({ paid: false });
    const answers = await Promise.all([
      sendPaidCallback(ctx.a, id, CALLBACK_KEY),
      sendPaidCallback(ctx.b, id, CALLBACK_KEY),
      sendPaidCallback(ctx.a, id, CALLBACK_KEY),
      sendPaidCallback(ctx.b, id, CALLBACK_KEY),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const queued = await documents(id);
    expect(queued.map((d) => [d.kind, d.status])).toEqual([["invoice", "pending"]]);

    const runs = await Promise.all([
      ctx.a.services.invoicing.issueDue(),
      ctx.b.services.invoicing.issueDue(),
      ctx.a.services.invoicing.issueDue(),
    ]);
    expect(runs.reduce((s, r) => s + r.issued, 0)).toBe(1);
    expect(ctx.fake.calls.filter((c) => c.op === "issue")).toEqual([
      { op: "issue", kind: "invoice", reference: `LOJA-${id}` },
    ]);
    const [doc] = await documents(id);
    const issued = ctx.fake.issued[0]!;
    expect(doc).toMatchObject({
      status: "issued",
      number: issued.number,
      atcud: issued.atcud,
      externalId: issued.externalId,
      pdfUrl: issued.pdfUrl,
      attempts: 1,
    });
    expect(doc!.issuedAt).not.toBeNull();

    // The request is the order as charged: its lines, delivery as 'Portes de envio', the order's total to the cent.
    const { order: o, lines } = await orderFacts(id);
    const request = issued.request;
    expect(request.totalCents).toBe(o.totalCents);
    expect(request.items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0)).toBe(o.totalCents);
    expect(request.items.slice(0, lines.length).map((i) => [i.quantity, i.unitPriceCents, i.vatRateBp])).toEqual(
      [...lines].sort((p, q) => p.id - q.id).map((l) => [l.quantity, l.unitPriceCents, l.vatRateBp]),
    );
    expect(request.items.at(-1)).toMatchObject({
      name: "Portes de envio",
      quantity: 1,
      unitPriceCents: o.shippingCents,
      vatRateBp: o.shippingVatRateBp,
    });
    expect(request.client).toMatchObject({ nif: null, name: o.deliveryName, postalCode: o.deliveryPostalCode });
    expect((await events(id)).map((e) => e.message)).toContain(`Fatura ${issued.number} emitida`);
  });

  it("an expired order reinstated by the admin gets its invoice in the same transaction; rolled back, none", async () => {
    ctx.fake.reset();
    const id = await order({ paid: false });
    await ctx.a.db.update(orders).set({ status: "expired" }).where(eq(orders.id, id));
    const actor = { userId: ctx.admin.id, name: "Admin" };
    const done = await ctx.a.db.transaction((tx) => reinstatePaidOrder(tx, id, new Date(), actor, "Encomenda reposta"));
    expect(done.ok).toBe(true);
    const [queued] = await documents(id);
    const { order: o } = await orderFacts(id);
    expect(queued).toMatchObject({ kind: "invoice", status: "pending", totalCents: o.totalCents });
    // Rolled back with its transaction: a refused reinstatement leaves no invoice behind.
    const other = await order({ paid: false });
    await ctx.a.db.update(orders).set({ status: "expired" }).where(eq(orders.id, other));
    await expect(
      ctx.a.db.transaction(async (tx) => {
        expect((await reinstatePaidOrder(tx, other, new Date(), actor, "x")).ok).toBe(true);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await documents(other)).toEqual([]);
    await ctx.a.services.invoicing.issueDue();
    expect(ctx.fake.issued.map((d) => d.reference)).toEqual([`LOJA-${id}`]);
  });

  it("the buyer's NIF goes on the invoice", async () => {
    ctx.fake.reset();
    const id = await order({ nif: "PT 501 964 843" });
    await ctx.a.services.invoicing.issueDue();
    expect(ctx.fake.issued.map((d) => d.request.client.nif)).toEqual(["501964843"]);
    expect((await documents(id))[0]!.status).toBe("issued");
  });

  it("service down: retried with backoff, then one invoice (the retry asks the service first)", async () => {
    ctx.fake.reset();
    const id = await order();
    ctx.fake.failNext(3, { kind: "error", retryable: true, message: "O InvoiceXpress não respondeu (HTTP 503)." });
    const first = await ctx.a.services.invoicing.issueDue();
    expect(first).toMatchObject({ issued: 0, retried: 1 });
    const [waiting] = await documents(id);
    expect(waiting).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "O InvoiceXpress não respondeu (HTTP 503).",
    });
    // Not due yet: the backoff keeps it waiting.
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await ctx.b.services.invoicing.issueDue()).retried).toBe(0);

    for (let i = 0; i < 3; i++) {
      await dueNow();
      await ctx.b.services.invoicing.issueDue();
    }
    const [doc] = await documents(id);
    expect(doc).toMatchObject({ status: "issued", attempts: 4, lastError: null, number: ctx.fake.issued[0]!.number });
    expect(ctx.fake.issued).toHaveLength(1);
    // Attempts 2–4 each asked for the reference before issuing.
    expect(ctx.fake.calls.map((c) => c.op)).toEqual(["issue", "find", "issue", "find", "issue", "find", "issue"]);
  });

  it("killed after the service issued, before the commit: the next claim finds it and issues nothing new", async () => {
    ctx.fake.reset();
    const id = await order();
    ctx.fake.failNext(1, { kind: "hang-after-issue" });
    // Instance A claims with a lease that runs out at once, the service issues, and A never comes back.
    void issueDueDocuments({ db: ctx.a.db, provider: ctx.fake.provider, retryBaseMs: 100, leaseMs: 0 });
    await expect.poll(() => ctx.fake.issued.length).toBe(1);
    const [leased] = await documents(id);
    expect(leased).toMatchObject({ status: "pending", attempts: 1 });

    const run = await ctx.b.services.invoicing.issueDue();
    expect(run.issued).toBe(1);
    const [doc] = await documents(id);
    expect(doc).toMatchObject({ status: "issued", attempts: 2, number: ctx.fake.issued[0]!.number });
    expect(ctx.fake.issued).toHaveLength(1);
    expect(ctx.fake.calls.map((c) => c.op)).toEqual(["issue", "find"]);
  });

  it("an instance without a provider never hands over to the admin a document a service may already hold", async () => {
    ctx.fake.reset();
    const id = await order();
    ctx.fake.failNext(1, { kind: "hang-after-issue" });
    // A real provider's claim: the service issues, no answer comes back, the lease runs out.
    void issueDueDocuments({ db: ctx.a.db, provider: ctx.fake.provider, retryBaseMs: 100, leaseMs: 0 });
    await expect.poll(() => ctx.fake.issued.length).toBe(1);
    // An instance configured without a provider runs its job meanwhile: issuing this one by hand would certify it twice.
    const run = await issueDueDocuments({ db: ctx.b.db, provider: manualInvoicing, retryBaseMs: 100 });
    expect(run.manual).toBe(0);
    expect((await documents(id))[0]).toMatchObject({ status: "pending", attempts: 1 });
    // The real provider's next claim finds the service's document and records it.
    expect((await ctx.b.services.invoicing.issueDue()).issued).toBe(1);
    expect((await documents(id))[0]).toMatchObject({ status: "issued", number: ctx.fake.issued[0]!.number });
    expect(ctx.fake.issued).toHaveLength(1);
  });

  it("a validation error fails at once, shows the service's message, and 'Tentar novamente' issues it", async () => {
    ctx.fake.reset();
    const id = await order();
    ctx.fake.failNext(1, {
      kind: "error",
      retryable: false,
      message: "O InvoiceXpress recusou o documento: NIF inválido.",
    });
    expect((await ctx.a.services.invoicing.issueDue()).failed).toBe(1);
    const [failed] = await documents(id);
    expect(failed).toMatchObject({ status: "failed", lastError: "O InvoiceXpress recusou o documento: NIF inválido." });
    expect((await events(id)).at(-1)!.message).toBe(
      "Fatura não emitida: O InvoiceXpress recusou o documento: NIF inválido.",
    );
    // Failed documents are not retried by the job.
    expect((await ctx.b.services.invoicing.issueDue()).issued).toBe(0);

    const res = await ctx.a.app.inject({
      method: "POST",
      url: `/api/invoices/${failed!.id}/retry`,
      headers: ctx.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, document: { id: failed!.id, status: "pending" } });
    expect((await ctx.b.services.invoicing.issueDue()).issued).toBe(1);
    const [doc] = await documents(id);
    expect(doc).toMatchObject({ status: "issued", number: ctx.fake.issued[0]!.number, lastError: null });
    expect(ctx.fake.calls.map((c) => c.op)).toEqual(["issue", "find", "issue"]);
    // A second 'Tentar novamente' on an issued document is refused and changes nothing.
    const again = await ctx.a.app.inject({
      method: "POST",
      url: `/api/invoices/${failed!.id}/retry`,
      headers: ctx.admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect((await documents(id))[0]!.status).toBe("issued");
  });

  it("retryable failures past the attempts limit end as failed", async () => {
    ctx.fake.reset();
    const id = await order();
    ctx.fake.failNext(3, { kind: "error", retryable: true, message: "Tempo esgotado." });
    const deps = { db: ctx.a.db, provider: ctx.fake.provider, retryBaseMs: 100, maxAttempts: 3 };
    for (let i = 0; i < 3; i++) {
      await dueNow();
      await issueDueDocuments(deps);
    }
    expect((await documents(id))[0]).toMatchObject({ status: "failed", attempts: 3, lastError: "Tempo esgotado." });
    expect(ctx.fake.issued).toHaveLength(0);
  });

  it("a credit note waits for the invoice, then refers to it with the refunded amount", async () => {
    ctx.fake.reset();
    const id = await order();
    const { order: o } = await orderFacts(id);
    await ctx.a.db.transaction((tx) =>
      queueCreditNote(tx, { orderId: id, refundId: 9001, amountCents: o.totalCents, reason: "Encomenda cancelada" }),
    );
    // Credit notes before their invoice are not taken; one run issues the invoice first, then the note.
    await ctx.a.services.invoicing.issueDue();
    const docs = await documents(id);
    expect(docs.map((d) => [d.kind, d.status])).toEqual([
      ["invoice", "issued"],
      ["credit_note", "issued"],
    ]);
    const note = ctx.fake.issued.find((d) => d.kind === "credit_note")!;
    const invoice = ctx.fake.issued.find((d) => d.kind === "invoice")!;
    expect(note.reference).toBe(`LOJA-${id}-NC-9001`);
    expect(note.request).toMatchObject({
      invoice: { externalId: invoice.externalId, number: invoice.number },
      reason: "Encomenda cancelada",
      totalCents: o.totalCents,
    });
    expect(note.request.items).toEqual(invoice.request.items);
    expect(docs[1]).toMatchObject({ relatedInvoiceId: docs[0]!.id, refundId: 9001, number: note.number });

    // More than what is left to credit is refused, and nothing is written.
    await expect(
      ctx.a.db.transaction((tx) =>
        queueCreditNote(tx, { orderId: id, refundId: 9002, amountCents: 1, reason: "Outra" }),
      ),
    ).rejects.toThrow("O valor a creditar excede o que falta creditar da fatura.");
    expect(await documents(id)).toHaveLength(2);
  });

  it("a partial credit note of returned lines credits those lines and the delivery the refund includes", async () => {
    ctx.fake.reset();
    const id = await order();
    await ctx.a.services.invoicing.issueDue();
    const { order: o, lines } = await orderFacts(id);
    const cheap = lines.find((l) => l.unitPriceCents === 435)!;
    const amount = 2 * cheap.unitPriceCents + o.shippingCents;
    await ctx.a.db.transaction((tx) =>
      queueCreditNote(tx, {
        orderId: id,
        refundId: 9100,
        amountCents: amount,
        lines: [{ orderLineId: cheap.id, quantity: 2 }],
        reason: "Devolução (livre resolução)",
      }),
    );
    await ctx.a.services.invoicing.issueDue();
    const note = ctx.fake.issued.find((d) => d.kind === "credit_note")!;
    expect(note.request.items.map((i) => [i.quantity, i.unitPriceCents])).toEqual([
      [2, cheap.unitPriceCents],
      [1, o.shippingCents],
    ]);
    expect(note.request.totalCents).toBe(amount);
    const [row] = await ctx.a.db.select().from(invoices).where(eq(invoices.refundId, 9100));
    expect(row).toMatchObject({ status: "issued", totalCents: amount });
  });
});
