import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { cancelUnpaidOrder } from "#server/modules/orders/status.ts";
import { expireOrder } from "#server/modules/orders/expiry.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { promotions } from "#server/modules/promotions/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { checkout, delivery, seedProduct } from "#tests/support/orders.ts";

/*
 * Discount codes at checkout (issue 20 item 1, decision 0022): the quote's figures, the order's stored discounts,
 * every refusal message (400, nothing reserved), the use given back when an unpaid order ends, and 20 buyers racing
 * over real HTTP for the last use of a code: exactly one order gets it.
 */

let t: TestApp;
let buyer: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t.db, "cliente");
  buyer = await login(t.app, u.email, u.password);
});
afterAll(() => t?.close());

/** A buyer of their own (an account may hold only 5 unpaid orders). */
async function freshBuyer(): Promise<AuthHeaders> {
  const u = await createUser(t.db, "cliente");
  return login(t.app, u.email, u.password);
}

let codeCounter = 0;
async function promotion(values: Partial<typeof promotions.$inferInsert>) {
  const [row] = await t.db
    .insert(promotions)
    .values({ name: "Promoção de teste", kind: "percentagem", percent: 10, code: `TESTE${++codeCounter}`, ...values })
    .returning();
  return row!;
}

const quote = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/cart/quote", headers, payload: body });

describe("a discount code in the quote and at checkout", () => {
  it("quotes the discount per line and in total, and the order stores and charges exactly it", async () => {
    const a = await seedProduct(t, 1999, 10);
    const b = await seedProduct(t, 1001, 10);
    const code = await promotion({ kind: "valor", percent: null, amountCents: 500, productIds: [a.product.id] });
    const items = [
      { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 3 },
      { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1 },
    ];
    const q = await quote({ items, codigo_postal: "1100-123", codigo_desconto: ` ${code.code!.toLowerCase()} ` });
    expect(q.statusCode, q.body).toBe(200);
    const body = q.json();
    expect(body).toMatchObject({
      subtotal: 69.98,
      desconto: 5,
      portes_desconto: 0,
      codigo_desconto: code.code,
    });
    expect(body.lines.map((l: { desconto: number; preco_original: number }) => [l.preco_original, l.desconto])).toEqual(
      [
        [19.99, 5],
        [10.01, 0],
      ],
    );
    expect(body.total).toBeCloseTo(69.98 - 5 + body.portes, 2);

    const res = await checkout(t, buyer, { items, codigo_desconto: code.code, total_esperado: body.total });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    expect(res.json().total).toBe(body.total);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      promotionId: code.id,
      discountCode: code.code,
      discountCents: 500,
      shippingDiscountCents: 0,
      subtotalCents: 6998,
      totalCents: Math.round(body.total * 100),
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
    expect(lines.map((l) => l.discountCents)).toEqual([500, 0]);
    const [after] = await t.db.select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, code.id));
    expect(after!.uses).toBe(1);
  });

  it("a free-delivery code takes off the standard delivery, never the next-day supplement", async () => {
    const a = await seedProduct(t, 1000, 10);
    const code = await promotion({ kind: "portes_gratis", percent: null });
    const items = [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 1 }];
    const plain = (await quote({ items, codigo_postal: "9500-100", entrega_rapida: true })).json();
    const q = (
      await quote({ items, codigo_postal: "9500-100", entrega_rapida: true, codigo_desconto: code.code })
    ).json();
    const rates = (await t.services.settings.get()).delivery;
    expect(q.portes).toBe(plain.portes);
    expect(q.portes_desconto * 100).toBe(rates.islandsCents);
    expect(Math.round(q.total * 100)).toBe(1000 + rates.fastCents);
    const res = await checkout(t, buyer, {
      items,
      codigo_desconto: code.code,
      total_esperado: q.total,
      dados_entrega: { ...delivery, codigo_postal: "9500-100", entrega_rapida: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().order_id));
    expect(order).toMatchObject({
      shippingZone: "acores",
      shippingDiscountCents: rates.islandsCents,
      expressSupplementCents: rates.fastCents,
      totalCents: 1000 + rates.fastCents,
    });
  });

  it("refuses each code that does not apply with its pt-PT message (400), reserving nothing", async () => {
    const a = await seedProduct(t, 1000, 5);
    const items = [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 }];
    const hour = 3_600_000;
    const cases: Array<[string | null, string]> = [
      [null, "Código de desconto desconhecido."],
      [(await promotion({ endsAt: new Date(Date.now() - hour) })).code, "Este código de desconto já expirou."],
      [
        (await promotion({ startsAt: new Date(Date.now() + hour) })).code,
        "Este código de desconto ainda não está em vigor.",
      ],
      [
        (await promotion({ minimumCents: 2050 })).code,
        "Este código de desconto exige um mínimo de 20,50 € em compras.",
      ],
      [(await promotion({ maxUses: 3, uses: 3 })).code, "Este código de desconto já foi totalmente utilizado."],
      [
        (await promotion({ productIds: [a.product.id + 100_000] })).code,
        "Este código de desconto não se aplica aos artigos do carrinho.",
      ],
    ];
    // The per-customer limit: this buyer already holds a use of it (the first test's order is of another code).
    const once = await promotion({ maxUsesPerCustomer: 1 });
    const first = await checkout(t, buyer, { items, codigo_desconto: once.code });
    expect(first.statusCode, first.body).toBe(201);
    cases.push([once.code, "Já utilizou este código de desconto o número máximo de vezes."]);

    const stockBefore = (await t.db.select().from(variants).where(eq(variants.id, a.variants[0]!.id)))[0]!.stock;
    const ordersBefore = await t.db.$count(orders);
    for (const [code, message] of cases) {
      const typed = code ?? "NAOEXISTE";
      const q = await quote({ items, codigo_desconto: typed }, buyer);
      expect([q.statusCode, q.json().error ?? q.json().message], typed).toEqual([400, message]);
      const res = await checkout(t, buyer, { items, codigo_desconto: typed });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual({ reason: "discount_code" });
      expect([res.json().error ?? res.json().message]).toEqual([message]);
    }
    expect(await t.db.$count(orders)).toBe(ordersBefore);
    const stockAfter = (await t.db.select().from(variants).where(eq(variants.id, a.variants[0]!.id)))[0]!.stock;
    expect(stockAfter).toBe(stockBefore);
  });

  it("gives the use back when an unpaid order expires or is cancelled", async () => {
    const buyer = await freshBuyer();
    const a = await seedProduct(t, 1000, 10);
    const code = await promotion({ maxUses: 2 });
    const items = [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 1 }];
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await checkout(t, buyer, { items, codigo_desconto: code.code });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().order_id);
    }
    const uses = async () =>
      (await t.db.select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, code.id)))[0]!.uses;
    expect(await uses()).toBe(2);
    expect((await checkout(t, buyer, { items, codigo_desconto: code.code })).statusCode).toBe(400);
    await t.db.transaction((tx) => expireOrder(tx, ids[0]!));
    expect(await uses()).toBe(1);
    await t.db.transaction((tx) => cancelUnpaidOrder(tx, ids[1]!, "teste"));
    expect(await uses()).toBe(0);
    // Once more: nothing changes for an order no longer waiting.
    await t.db.transaction((tx) => expireOrder(tx, ids[0]!));
    expect(await uses()).toBe(0);
    expect((await checkout(t, buyer, { items, codigo_desconto: code.code })).statusCode).toBe(201);
    expect(await uses()).toBe(1);
  });
});

describe("the last use of a code under concurrency", () => {
  it("20 buyers racing over HTTP for the last use: exactly one order gets it", async () => {
    const a = await seedProduct(t, 2500, 100);
    const code = await promotion({ kind: "valor", percent: null, amountCents: 700, maxUses: 5, uses: 4 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const u = await createUser(t.db, "cliente");
        return login(t.app, u.email, u.password);
      }),
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const items = [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 1 }];
    const answers = await Promise.all(
      buyers.map(async (headers) => {
        const res = await fetch(`http://127.0.0.1:${port}/orders`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ metodo_pagamento: "mb", dados_entrega: delivery, items, codigo_desconto: code.code }),
        });
        return { status: res.status, body: (await res.json()) as { error?: string; message?: string } };
      }),
    );
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 400);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r.body.error ?? r.body.message).toBe("Este código de desconto já foi totalmente utilizado.");
    const [row] = await t.db.select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, code.id));
    expect(row!.uses).toBe(5);
    const withCode = await t.db
      .select({ id: orders.id, discountCents: orders.discountCents })
      .from(orders)
      .where(and(eq(orders.promotionId, code.id), isNotNull(orders.id)));
    expect(withCode).toEqual([{ id: expect.any(Number), discountCents: 700 }]);
    // Only the one order reserved stock.
    const [v] = await t.db.select().from(variants).where(eq(variants.id, a.variants[0]!.id));
    expect(v!.reserved).toBe(1);
  });
});

describe("automatic reductions", () => {
  it("checkout without a code still prices automatic reductions", async () => {
    const buyer = await freshBuyer();
    const a = await seedProduct(t, 1999, 10);
    await promotion({ code: null, name: "Saldos", kind: "percentagem", percent: 15, productIds: [a.product.id] });
    const items = [{ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 }];
    const q = (await quote({ items })).json();
    // 15 % of 19,99 = 2,9985 → 3,00 per unit
    expect(q.desconto).toBe(6);
    expect(q.codigo_desconto).toBeNull();
    const res = await checkout(t, buyer, { items, total_esperado: q.total });
    expect(res.statusCode, res.body).toBe(201);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, res.json().order_id));
    expect(line).toMatchObject({ discountCents: 600 });
    expect(line!.automaticPromotionId).not.toBeNull();
  });

  it("the quote tells the automatic part of each line's discount from the code's, and the parts add up", async () => {
    const a = await seedProduct(t, 2500, 10);
    const b = await seedProduct(t, 1230, 10);
    await promotion({ code: null, name: "Saldos", kind: "percentagem", percent: 20, productIds: [a.product.id] });
    const code = await promotion({ kind: "valor", percent: null, amountCents: 300, combinesWithAutomatic: true });
    const items = [
      { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 },
      { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1 },
    ];
    const q = (await quote({ items, codigo_desconto: code.code })).json();
    // Automatic: 20 % of 25,00 = 5,00 per unit on the first line only; the code's 3,00 is shared over both lines.
    expect(q.lines.map((l: { desconto_automatico: number }) => l.desconto_automatico)).toEqual([10, 0]);
    expect(q.desconto_automatico).toBe(10);
    expect(q.desconto).toBe(13);
    const lineSum = q.lines.reduce((sum: number, l: { desconto: number }) => sum + Math.round(l.desconto * 100), 0);
    expect(lineSum + Math.round(q.portes_desconto * 100)).toBe(1300);
    expect(q.total).toBeCloseTo(50 + 12.3 - 13 + q.portes, 2);
  });
});
