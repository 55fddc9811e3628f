import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { delivery, seedProduct, signIn, type Session } from "#tests/support/factories.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orderLines, orders } from "./schema.ts";
import { payments } from "#server/modules/payments/schema.ts";

/*
 * POST /api/cart/quote (the price before the order button) and POST /orders with `total_esperado`.
 * Every figure is compared with the same sum computed from the database rows; the shipping rates are set
 * to values of their own so a zone mixed up with another shows.
 */

const RATES = { mainland: 415, islands: 835, fast: 260 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    MB_ENTITY: "12345",
    MB_SUBENTITY: "123",
    SHIPPING_MAINLAND_CENTS: String(RATES.mainland),
    SHIPPING_ISLANDS_CENTS: String(RATES.islands),
    SHIPPING_FAST_CENTS: String(RATES.fast),
  });
});
afterAll(() => t.close());

interface Item {
  product_id: number;
  variant_id: number;
  quantity: number;
  price?: number;
}

const quote = (payload: object) => t.app.inject({ method: "POST", url: "/api/cart/quote", payload });
const placeOrder = (buyer: Session, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/orders", headers: { ...buyer.headers, ...headers }, payload });

/** The subtotal of these items read straight from the products table (price_cents × quantity), in cents. */
async function dbSubtotalCents(items: readonly Item[]): Promise<number> {
  const rows = await t.db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          items.map((i) => i.product_id),
        ),
        eq(products.status, 1),
      ),
    );
  return items.reduce((sum, i) => sum + (rows.find((r) => r.id === i.product_id)?.priceCents ?? 0) * i.quantity, 0);
}

/** Three lines whose prices, quantities and stocks all differ. */
async function cartOfThree(): Promise<Item[]> {
  const a = await seedProduct(t, 1234, 10);
  const b = await seedProduct(t, 2599, 4);
  const c = await seedProduct(t, 745, 7);
  return [
    { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2, price: 12.34 },
    { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1, price: 25.99 },
    { product_id: c.product.id, variant_id: c.variants[0]!.id, quantity: 3, price: 7.45 },
  ];
}

const cents = (euros: number) => Math.round(euros * 100);

describe("POST /api/cart/quote", () => {
  it("prices the cart from the database: mainland without a postal code (zona null), and with one", async () => {
    const items = await cartOfThree();
    const subtotal = await dbSubtotalCents(items);
    expect(subtotal).toBe(1234 * 2 + 2599 + 745 * 3);

    const none = await quote({ items });
    expect(none.statusCode, none.body).toBe(200);
    const q = none.json();
    expect(cents(q.subtotal)).toBe(subtotal);
    expect(cents(q.portes)).toBe(RATES.mainland);
    expect(cents(q.total)).toBe(subtotal + RATES.mainland);
    expect(q).toMatchObject({ zona: null, entrega_rapida: false, ok: true });
    // The lines are the cart check's: each one's price is its product row's.
    const rows = await t.db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          items.map((i) => i.product_id),
        ),
      );
    for (const [i, line] of q.lines.entries()) {
      const row = rows.find((r) => r.id === items[i]!.product_id)!;
      expect(line).toMatchObject({ status: "ok", name: row.name, quantity: items[i]!.quantity });
      expect(cents(line.price)).toBe(row.priceCents);
    }
    // The same cart through /api/cart/check answers the same lines.
    const check = await t.app.inject({ method: "POST", url: "/api/cart/check", payload: { items } });
    // The check's lines, with the list price and no discount (no promotion: issue 20's fields are zero).
    expect(
      (check.json().lines as Array<{ price: number | null }>).map((l) => ({
        ...l,
        preco_original: l.price,
        desconto: 0,
        desconto_automatico: 0,
      })),
    ).toEqual(q.lines);

    const lisboa = (await quote({ items, codigo_postal: "1100-123" })).json();
    expect(lisboa).toMatchObject({ zona: "continente", subtotal: q.subtotal, portes: q.portes, total: q.total });
  });

  it.each([
    ["Madeira", "9000-018", "madeira", false, RATES.islands],
    ["Madeira, code without its dash", "9000018", "madeira", false, RATES.islands],
    ["the Azores", "9500-321", "acores", false, RATES.islands],
    ["the Azores, next day", "9500-321", "acores", true, RATES.islands + RATES.fast],
    ["the mainland, next day", "4000-100", "continente", true, RATES.mainland + RATES.fast],
  ])("delivery to %s", async (_label, codigo_postal, zona, entrega_rapida, shipping) => {
    const items = await cartOfThree();
    const subtotal = await dbSubtotalCents(items);
    const res = await quote({ items, codigo_postal, entrega_rapida });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({ zona, entrega_rapida, ok: true });
    expect(cents(q.subtotal)).toBe(subtotal);
    expect(cents(q.portes)).toBe(shipping);
    expect(cents(q.total)).toBe(subtotal + shipping);
  });

  it("flags an unavailable line and leaves it out of the subtotal", async () => {
    const items = await cartOfThree();
    const hidden = await seedProduct(t, 9999, 5, { status: 0 });
    const withHidden = [...items, { product_id: hidden.product.id, variant_id: hidden.variants[0]!.id, quantity: 1 }];
    const q = (await quote({ items: withHidden, codigo_postal: "9500-321" })).json();
    expect(q.ok).toBe(false);
    expect(q.lines[3]).toMatchObject({ status: "unavailable", price: null, name: null });
    expect(q.lines.slice(0, 3).map((l: { status: string }) => l.status)).toEqual(["ok", "ok", "ok"]);
    // dbSubtotalCents counts only products on sale (status 1): the hidden 99,99 € is not in it.
    const subtotal = await dbSubtotalCents(withHidden);
    expect(subtotal).toBe(await dbSubtotalCents(items));
    expect(cents(q.subtotal)).toBe(subtotal);
    expect(cents(q.total)).toBe(subtotal + RATES.islands);
  });

  it("flags a changed price and prices the line at the database's price", async () => {
    const items = await cartOfThree();
    await t.db.update(products).set({ priceCents: 1310 }).where(eq(products.id, items[1]!.product_id));
    const q = (await quote({ items })).json();
    expect(q.ok).toBe(false);
    expect(q.lines[1]).toMatchObject({ status: "price_changed", price: 13.1, message: "O preço mudou para 13,10 €." });
    const subtotal = await dbSubtotalCents(items);
    expect(subtotal).toBe(1234 * 2 + 1310 + 745 * 3);
    expect(cents(q.subtotal)).toBe(subtotal);
    expect(cents(q.total)).toBe(subtotal + RATES.mainland);
  });

  it("refuses bad delivery choices with a pt-PT message", async () => {
    const items = await cartOfThree();
    const badCode = await quote({ items, codigo_postal: "12-34" });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe("Código postal inválido: use o formato 0000-000.");
    const badFast = await quote({ items, entrega_rapida: "sim" });
    expect(badFast.statusCode).toBe(400);
    expect(badFast.json().message).toBe("Indique se quer entrega rápida (verdadeiro ou falso).");
    const empty = await quote({ items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("O carrinho está vazio.");
  });
});

describe("POST /orders with the total shown (total_esperado)", () => {
  let buyer: Session;
  beforeAll(async () => {
    buyer = await signIn(t, "cliente");
  });

  it("creates the order when the total is the one quoted, and charges exactly it", async () => {
    const items = await cartOfThree();
    const dados_entrega = { ...delivery, codigo_postal: "9500-321", entrega_rapida: true };
    const q = (await quote({ items, codigo_postal: "9500-321", entrega_rapida: true })).json();
    const res = await placeOrder(buyer, {
      metodo_pagamento: "mb",
      dados_entrega,
      items,
      total_esperado: q.total,
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.totalCents).toBe(cents(q.total));
    expect(row!.subtotalCents).toBe(cents(q.subtotal));
    expect(row!.shippingCents).toBe(cents(q.portes));
    expect(row!.shippingZone).toBe("acores");
    // The lines stored sum to the subtotal quoted; the payment asks for the total quoted.
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)).toBe(cents(q.subtotal));
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.amountCents).toBe(cents(q.total));
  });

  it("refuses a stale total with 409 and the new figures, creating nothing and moving no stock", async () => {
    const items = await cartOfThree();
    const shown = (await quote({ items, codigo_postal: "1100-123" })).json();
    await t.db.update(products).set({ priceCents: 2750 }).where(eq(products.id, items[0]!.product_id));
    const ordersBefore = await t.db.$count(orders, eq(orders.userId, buyer.id));
    const stockBefore = await t.db
      .select({ id: variants.id, stock: variants.stock, reserved: variants.reserved })
      .from(variants)
      .where(
        inArray(
          variants.id,
          items.map((i) => i.variant_id),
        ),
      );

    const res = await placeOrder(buyer, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items,
      total_esperado: shown.total,
    });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    const subtotal = await dbSubtotalCents(items);
    expect(subtotal).toBe(2750 * 2 + 2599 + 745 * 3);
    const total = subtotal + RATES.mainland;
    const text = (total / 100).toFixed(2).replace(".", ",");
    expect(body.message).toBe(
      `O total da encomenda mudou para ${text} € (portes incluídos). Confirme o novo total para continuar.`,
    );
    expect(body.details).toEqual({
      reason: "total_changed",
      subtotal: subtotal / 100,
      portes: RATES.mainland / 100,
      desconto: 0,
      total: total / 100,
    });
    expect(await t.db.$count(orders, eq(orders.userId, buyer.id))).toBe(ordersBefore);
    const stockAfter = await t.db
      .select({ id: variants.id, stock: variants.stock, reserved: variants.reserved })
      .from(variants)
      .where(
        inArray(
          variants.id,
          items.map((i) => i.variant_id),
        ),
      );
    expect(stockAfter).toEqual(stockBefore);
    expect(
      await t.db.$count(
        stockMovements,
        inArray(
          stockMovements.variantId,
          items.map((i) => i.variant_id),
        ),
      ),
    ).toBe(0);

    // Confirming the new figure places the order at exactly it.
    const again = await placeOrder(buyer, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items,
      total_esperado: body.details.total,
    });
    expect(again.statusCode, again.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, again.json().order_id));
    expect(row!.totalCents).toBe(total);
  });

  it("refuses a total quoted for another zone (shipping changed), and keeps today's behaviour without one", async () => {
    const items = await cartOfThree();
    const mainland = (await quote({ items })).json();
    const azores = { ...delivery, codigo_postal: "9500-321" };
    const res = await placeOrder(buyer, {
      metodo_pagamento: "mb",
      dados_entrega: azores,
      items,
      total_esperado: mainland.total,
    });
    expect(res.statusCode).toBe(409);
    const subtotal = await dbSubtotalCents(items);
    expect(res.json().details).toMatchObject({ portes: RATES.islands / 100, total: (subtotal + RATES.islands) / 100 });
    expect(
      await t.db.$count(
        stockMovements,
        inArray(
          stockMovements.variantId,
          items.map((i) => i.variant_id),
        ),
      ),
    ).toBe(0);

    const apiClient = await placeOrder(buyer, { metodo_pagamento: "mb", dados_entrega: azores, items });
    expect(apiClient.statusCode, apiClient.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, apiClient.json().order_id));
    expect(row!.totalCents).toBe(subtotal + RATES.islands);
  });

  it("answers a retry of a placed order with that order even if the price changed since", async () => {
    const items = await cartOfThree();
    const q = (await quote({ items })).json();
    const body = { metodo_pagamento: "mb", dados_entrega: delivery, items, total_esperado: q.total };
    const key = { "idempotency-key": `quote-retry-${items[0]!.product_id}` };
    const first = await placeOrder(buyer, body, key);
    expect(first.statusCode, first.body).toBe(201);
    await t.db.update(products).set({ priceCents: 100 }).where(eq(products.id, items[2]!.product_id));
    const retry = await placeOrder(buyer, body, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().order_id).toBe(first.json().order_id);
    expect(await t.db.$count(orders, eq(orders.idempotencyKey, key["idempotency-key"]))).toBe(1);
  });

  it("refuses a total that is not a sum of euros", async () => {
    const items = await cartOfThree();
    for (const total_esperado of [-1, "doze", null]) {
      const res = await placeOrder(buyer, { metodo_pagamento: "mb", dados_entrega: delivery, items, total_esperado });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("O total esperado deve ser um valor em euros.");
    }
  });
});
