import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawalRefund, type RefundedLine } from "#server/modules/aftersale/returns/refunds.ts";
import { products } from "#server/modules/catalog/schema.ts";
import { buildRequest } from "#server/modules/invoicing/job.ts";
import { createInvoiceXpressProvider } from "#server/modules/invoicing/providers/invoicexpress.ts";
import type { InvoiceProvider } from "#server/modules/invoicing/providers/provider.ts";
import { createVendusProvider } from "#server/modules/invoicing/providers/vendus.ts";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { queueCreditNote, queueInvoice } from "#server/modules/invoicing/service.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { promotions } from "#server/modules/promotions/schema.ts";
import { startInvoiceXpressStandIn, type IxStandIn } from "#tests/standins/invoicing/invoicexpress.ts";
import { startVendusStandIn, type VendusStandIn } from "#tests/standins/invoicing/vendus.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { signIn } from "#tests/support/factories.ts";
import { CALLBACK_KEY, checkout, delivery, payOrder, seedProduct } from "#tests/support/orders.ts";

/*
 * Issue 20's value test (decision 0022): every kind of promotion × mainland, Madeira and the Azores × with and
 * without NIF: the quote's total = the order's total = what the shopper paid (the sandbox payment's amount, paid by
 * its callback) = the certified invoice's total through BOTH adapters and their stand-ins (which refuse a document
 * whose total differs from the adapter's expected one). Then partial and full withdrawals of discounted orders add up
 * to what was paid (less the next-day supplement), each credit note equal to its refund through both stand-ins.
 */

let t: TestApp;
let ix: IxStandIn;
let vd: VendusStandIn;
let ixProvider: InvoiceProvider;
let vdProvider: InvoiceProvider;

beforeAll(async () => {
  [t, ix, vd] = await Promise.all([
    createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY }),
    startInvoiceXpressStandIn({ pdfReadyAfter: 0 }),
    startVendusStandIn(),
  ]);
  ixProvider = createInvoiceXpressProvider({ account: ix.account, apiKey: ix.apiKey, baseUrl: ix.url });
  vdProvider = createVendusProvider({ apiKey: vd.apiKey, baseUrl: vd.url, paymentMethodId: vd.paymentMethodId });
});
afterAll(async () => {
  await Promise.all([t?.close(), ix?.close(), vd?.close()]);
});

type Kind = "percentagem" | "valor" | "portes_gratis" | "auto_percent" | "auto_amount" | "code_and_auto";
const KINDS: Kind[] = ["percentagem", "valor", "portes_gratis", "auto_percent", "auto_amount", "code_and_auto"];
const ZONES = [
  ["continente", "1100-123"],
  ["madeira", "9000-100"],
  ["acores", "9500-100"],
] as const;

let n = 0;
/** Two products (prices that do not divide evenly) and the promotion(s) of `kind` restricted to them. */
async function scenario(kind: Kind) {
  const a = await seedProduct(t, 1999, 50);
  const b = await seedProduct(t, 1001, 50);
  const ids = [a.product.id, b.product.id];
  const code = `VALOR${++n}`;
  const insert = (values: Partial<typeof promotions.$inferInsert>) =>
    t.db
      .insert(promotions)
      .values({ name: `Promo ${n}`, kind: "percentagem", productIds: ids, ...values })
      .returning();
  if (kind === "percentagem") await insert({ code, percent: 15 });
  if (kind === "valor") await insert({ code, kind: "valor", amountCents: 1000 });
  if (kind === "portes_gratis") await insert({ code, kind: "portes_gratis" });
  if (kind === "auto_percent") await insert({ percent: 7, productIds: [a.product.id] });
  if (kind === "auto_amount") await insert({ kind: "valor", amountCents: 333, productIds: [b.product.id] });
  if (kind === "code_and_auto") {
    await insert({ percent: 10, productIds: [a.product.id] });
    await insert({ code, percent: 12, combinesWithAutomatic: true });
  }
  const usesCode = ["percentagem", "valor", "portes_gratis", "code_and_auto"].includes(kind);
  return {
    items: [
      { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 3 },
      { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 2 },
    ],
    code: usesCode ? code : undefined,
  };
}

async function freshBuyer(): Promise<AuthHeaders> {
  const u = await createUser(t.db, "cliente");
  return login(t.app, u.email, u.password);
}

/** The invoice through both adapters: each stand-in's certified total. */
async function certifiedTotals(orderId: number) {
  await t.db.transaction((tx) => queueInvoice(tx, orderId));
  const [row] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  const request = await buildRequest(t.db, row!);
  const [ixDoc, vdDoc] = await Promise.all([ixProvider.issueInvoice(request), vdProvider.issueInvoice(request)]);
  const ixStored = ix.documents.find((d) => String(d.id) === ixDoc!.externalId)!;
  const vdStored = vd.documents.find((d) => String(d.id) === vdDoc!.externalId)!;
  return { row: row!, ix: ixStored.totalCents, vendus: vdStored.totalCents, ixDoc: ixDoc!, vdDoc: vdDoc! };
}

describe("every promotion × zone × NIF: quote = order = paid = invoice (both stand-ins)", () => {
  for (const kind of KINDS) {
    it(`${kind}`, async () => {
      const buyer = await freshBuyer();
      for (const [zone, postalCode] of ZONES) {
        for (const nif of [null, "501964843"]) {
          const { items, code } = await scenario(kind);
          const fast = zone !== "continente";
          const q = await t.app.inject({
            method: "POST",
            url: "/api/cart/quote",
            payload: { items, codigo_postal: postalCode, entrega_rapida: fast, codigo_desconto: code },
          });
          expect(q.statusCode, q.body).toBe(200);
          const quote = q.json();
          expect(quote.zona).toBe(zone);
          expect(quote.desconto, `${kind} gives a discount`).toBeGreaterThan(0);
          const quoteCents = Math.round(quote.total * 100);
          const res = await checkout(t, buyer, {
            items,
            codigo_desconto: code,
            total_esperado: quote.total,
            dados_entrega: { ...delivery, codigo_postal: postalCode, entrega_rapida: fast },
            ...(nif ? { dados_faturacao: { nif } } : {}),
          });
          expect(res.statusCode, res.body).toBe(201);
          const orderId = res.json().order_id as number;
          const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
          const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
          expect(order!.totalCents).toBe(quoteCents);
          expect(order!.totalCents).toBe(
            order!.subtotalCents - order!.discountCents + order!.shippingCents - order!.shippingDiscountCents,
          );
          expect(lines.reduce((s, l) => s + l.discountCents, 0)).toBe(order!.discountCents);
          expect(order!.billingNif).toBe(nif);
          const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
          expect(payment!.amountCents).toBe(quoteCents);
          await payOrder(t, orderId);
          const totals = await certifiedTotals(orderId);
          expect([totals.row.totalCents, totals.ix, totals.vendus], `${kind} ${zone} ${nif}`).toEqual([
            quoteCents,
            quoteCents,
            quoteCents,
          ]);
        }
      }
    });
  }
});

describe("refunds of discounted orders add up to what was paid", () => {
  it("partial then full withdrawal: parts = lines' net + standard delivery, credit notes equal through both", async () => {
    const buyer = await freshBuyer();
    // Automatic 10 % on A and a 10,01 € code on top, Madeira, next-day: B's share (251) does not divide by its 2 units.
    const { items } = await scenario("auto_percent");
    const code = `PARTES${n}`;
    await t.db.insert(promotions).values({
      name: "Partes",
      code,
      kind: "valor",
      amountCents: 1001,
      combinesWithAutomatic: true,
      productIds: items.map((i) => i.product_id),
    });
    const res = await checkout(t, buyer, {
      items,
      codigo_desconto: code,
      dados_entrega: { ...delivery, codigo_postal: "9000-100", entrega_rapida: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    await payOrder(t, orderId);
    const { ixDoc, vdDoc } = await certifiedTotals(orderId);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    expect(lines.some((l) => l.discountCents % l.quantity !== 0)).toBe(true);
    expect(order!.expressSupplementCents).toBeGreaterThan(0);

    // Three withdrawals: 1 unit of line A, then 1 more of A and 1 of B, then the rest (full).
    const states: RefundedLine[] = lines.map((l) => ({ ...l, returned: 0 }));
    const steps = [
      [[0, 1]],
      [
        [0, 1],
        [1, 1],
      ],
      [
        [0, 1],
        [1, 1],
      ],
    ] as const;
    let refunded = 0;
    for (const step of steps) {
      const chosen = step.map(([i, q]) => ({ line: states[i]!, quantity: q }));
      const { refundCents } = withdrawalRefund(order!, states, chosen);
      const credited = chosen.map((c) => ({ orderLineId: c.line.id, quantity: c.quantity, fromUnit: c.line.returned }));
      await t.db.transaction((tx) =>
        queueCreditNote(tx, {
          orderId,
          refundId: null,
          amountCents: refundCents,
          lines: credited,
          reason: "Devolução",
        }),
      );
      const [row] = await t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note")))
        .orderBy(asc(invoices.id))
        .offset(steps.indexOf(step))
        .limit(1);
      const request = await buildRequest(t.db, row!);
      const [ixNote, vdNote] = await Promise.all([
        ixProvider.issueCreditNote({ ...request, invoice: ixDoc, reason: "Devolução" }),
        vdProvider.issueCreditNote({ ...request, invoice: vdDoc, reason: "Devolução" }),
      ]);
      expect(ix.documents.find((d) => String(d.id) === ixNote!.externalId)!.totalCents).toBe(refundCents);
      expect(vd.documents.find((d) => String(d.id) === vdNote!.externalId)!.totalCents).toBe(refundCents);
      for (const c of chosen) c.line.returned += c.quantity;
      refunded += refundCents;
    }
    // Everything paid came back but the next-day supplement (DL 24/2014 art. 12.º 3).
    expect(refunded).toBe(order!.totalCents - order!.expressSupplementCents);
    const net = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity - l.discountCents, 0);
    expect(refunded).toBe(net + order!.shippingCents - order!.shippingDiscountCents - order!.expressSupplementCents);
    expect(await t.db.$count(products)).toBeGreaterThan(0);
  });

  it("a free-delivery code's full withdrawal refunds no delivery (none was paid) and never the supplement", async () => {
    const buyer = await freshBuyer();
    const { items, code } = await scenario("portes_gratis");
    const res = await checkout(t, buyer, {
      items,
      codigo_desconto: code,
      dados_entrega: { ...delivery, codigo_postal: "9500-100", entrega_rapida: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().order_id));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const states = lines.map((l) => ({ ...l, returned: 0 }));
    const all = withdrawalRefund(
      order!,
      states,
      states.map((line) => ({ line, quantity: line.quantity })),
    );
    expect(all).toMatchObject({ includesDelivery: false, deliveryCents: 0 });
    expect(all.refundCents).toBe(order!.totalCents - order!.expressSupplementCents);
  });
});

describe("the discount shown where the order is read", () => {
  it("/conta's and the admin's order pages, the IVA breakdown, the CSV export and the RGPD export", async () => {
    const u = await createUser(t.db, "cliente");
    const buyer = await login(t.app, u.email, u.password);
    const admin = await signIn(t, "admin");
    const { items, code } = await scenario("code_and_auto");
    const res = await checkout(t, buyer, { items, codigo_desconto: code });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    const discount = (order!.discountCents + order!.shippingDiscountCents) / 100;
    expect(discount).toBeGreaterThan(0);

    const mine = await t.app.inject({ method: "GET", url: `/api/users/me/orders/${orderId}`, headers: buyer });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ desconto: discount, codigo_desconto: code, total: order!.totalCents / 100 });
    // IVA is on what was paid: the breakdown adds up to the order's total, not to the list prices.
    expect(Math.round(mine.json().iva.total * 100)).toBe(order!.totalCents);

    const detail = await t.app.inject({ method: "GET", url: `/api/orders/${orderId}/detail`, headers: admin.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ desconto: discount, codigo_desconto: code });
    expect(detail.json().lines.map((l: { desconto: number }) => l.desconto)).toEqual(
      lines.map((l) => l.discountCents / 100),
    );

    const csv = await t.app.inject({ method: "GET", url: "/api/orders/export.csv", headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split("\r\n").find((line) => line.startsWith(`${orderId};`))!;
    const cells = row.split(";");
    expect(cells.slice(-2)).toEqual([discount.toFixed(2).replace(".", ","), code]);

    const rgpd = await t.app.inject({ method: "GET", url: "/api/users/me/export", headers: buyer });
    expect(rgpd.statusCode).toBe(200);
    const exported = (rgpd.json().encomendas as Array<Record<string, unknown>>).find((o) => o.numero === orderId)!;
    expect(exported).toMatchObject({ desconto: discount, codigo_desconto: code });
  });
});

describe("the stand-ins refuse a document whose total is not the adapter's expected one", () => {
  it("a cent off between the items and the expected total is a validation error, nothing certified", async () => {
    // The adapter's expected total, one cent more than its items: what a discount lost on the way would look like.
    const tamper: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      const want = headers.get("x-loja-total-esperado");
      if (want) headers.set("x-loja-total-esperado", (Number(want) + 0.01).toFixed(2));
      return fetch(input, { ...init, headers });
    };
    const buyer = await freshBuyer();
    const { items, code } = await scenario("valor");
    const res = await checkout(t, buyer, { items, codigo_desconto: code });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    await payOrder(t, orderId);
    await t.db.transaction((tx) => queueInvoice(tx, orderId));
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const request = await buildRequest(t.db, row!);
    const badIx = createInvoiceXpressProvider({
      account: ix.account,
      apiKey: ix.apiKey,
      baseUrl: ix.url,
      fetch: tamper,
    });
    const badVd = createVendusProvider({
      apiKey: vd.apiKey,
      baseUrl: vd.url,
      paymentMethodId: vd.paymentMethodId,
      fetch: tamper,
    });
    await expect(badIx.issueInvoice(request)).rejects.toMatchObject({ retryable: false });
    await expect(badVd.issueInvoice(request)).rejects.toMatchObject({ retryable: false });
    expect(ix.documents.filter((d) => d.reference === request.reference && d.status === "final")).toEqual([]);
    expect(vd.documents.filter((d) => d.externalReference === request.reference)).toEqual([]);
  });
});
