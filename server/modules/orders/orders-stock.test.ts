import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { useOrdersApp, type Buyer } from "#tests/support/orders-app.ts";
import { delivery } from "#tests/support/orders.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orderLines, orders } from "./schema.ts";

/** Checkout and stock: which variant a line takes, short lines, merged lines, concurrent carts; the cart check. */

const { app, product, order } = useOrdersApp();
let t: TestApp;
let buyer: Buyer;
beforeEach(() => {
  ({ t, buyer } = app);
});

describe("POST /orders", () => {
  it("picks the variant from the cart's colour and size, and asks when it cannot tell", async () => {
    const { product: p, colorName } = await product(1500, 4, { sizes: ["S", "L"] });
    const sizeL = `L-${p.id}`;
    const ok = await order(buyer.headers, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [{ product_id: p.id, quantity: 1, cor: colorName, tamanho: sizeL }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, ok.json().order_id));
    expect(line?.sizeName).toBe(sizeL);
    const vague = await order(buyer.headers, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [{ product_id: p.id, quantity: 1 }],
    });
    expect(vague.statusCode).toBe(400);
  });

  it("names the short line, with the units left or esgotado, and writes nothing", async () => {
    const {
      product: p,
      variants: [s, m],
    } = await product(800, 2, { sizes: ["S", "M"] });
    await t.db.update(variants).set({ stock: 0 }).where(eq(variants.id, m!.id));
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const ordersBefore = await t.db.$count(orders);

    const soldOut = await order(headers, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [
        { product_id: p.id, variant_id: s!.id, quantity: 1 },
        { product_id: p.id, variant_id: m!.id, quantity: 1 },
      ],
    });
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    expect(soldOut.json().message).toBe(`Stock insuficiente para "${p.name}": esgotado.`);
    expect(soldOut.json().details).toEqual({
      reason: "stock",
      shortages: [{ product_id: p.id, variant_id: m!.id, name: p.name, available: 0, requested: 1 }],
    });

    // Two lines of one variant count together: 2 + 1 units wanted, 2 on the shelf.
    const tooMany = await order(headers, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [
        { product_id: p.id, variant_id: s!.id, quantity: 2 },
        { product_id: p.id, variant_id: s!.id, quantity: 1 },
      ],
    });
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().message).toBe(`Stock insuficiente para "${p.name}": restam 2 unidade(s).`);
    expect(tooMany.json().details.shortages).toEqual([
      { product_id: p.id, variant_id: s!.id, name: p.name, available: 2, requested: 3 },
    ]);

    expect(await t.db.$count(orders)).toBe(ordersBefore);
    const rows = await t.db
      .select()
      .from(variants)
      .where(inArray(variants.id, [s!.id, m!.id]))
      .orderBy(variants.id);
    expect(rows.map((r) => [r.stock, r.reserved])).toEqual([
      [2, 0],
      [0, 0],
    ]);
    expect(await t.db.$count(stockMovements, inArray(stockMovements.variantId, [s!.id, m!.id]))).toBe(0);
  });

  it("merges repeated lines of one variant (first position kept) and records one movement per variant", async () => {
    const {
      product: p,
      variants: [s, m],
    } = await product(800, 5, { sizes: ["S", "M"] });
    const res = await order(buyer.headers, {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [
        { product_id: p.id, variant_id: m!.id, quantity: 1 },
        { product_id: p.id, variant_id: s!.id, quantity: 2 },
        { product_id: p.id, variant_id: m!.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
    expect(lines.map((l) => [l.variantId, l.quantity, l.unitPriceCents])).toEqual([
      [m!.id, 2, 800],
      [s!.id, 2, 800],
    ]);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId))
      .orderBy(stockMovements.variantId);
    expect(moves.map((mv) => [mv.variantId, mv.stockBefore, mv.stockAfter, mv.reason])).toEqual([
      [s!.id, 5, 3, `Reserva para a encomenda #${orderId}`],
      [m!.id, 5, 3, `Reserva para a encomenda #${orderId}`],
    ]);
    expect(res.json()).toMatchObject({
      total: 32 + res.json().portes,
      pagamento: { metodo: "MB", valor: 32 + res.json().portes },
    });
  });

  it("multi-variant carts in every order, concurrently: no deadlock, no oversell, movements chain before → after", async () => {
    const STOCK = 6;
    const { product: p, variants: vs } = await product(300, STOCK, { sizes: ["S", "M", "L"] });
    const [a, b, c] = vs as [(typeof vs)[number], (typeof vs)[number], (typeof vs)[number]];
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const u = await createUser(t.db, "cliente");
        return login(t.app, u.email, u.password);
      }),
    );
    // Carts name the variants in opposite orders, so unordered locking would deadlock.
    const carts = [
      [c, a],
      [a, b, c],
      [b, a],
      [c, b, a],
      [b, c],
    ];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        order(buyers[i % buyers.length]!, {
          metodo_pagamento: "mb",
          dados_entrega: delivery,
          items: carts[i % carts.length]!.map((v, j) => ({
            product_id: p.id,
            variant_id: v.id,
            quantity: 1 + ((i + j) % 2),
          })),
        }),
      ),
    );
    for (const r of results) {
      if (r.statusCode !== 201) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json().message).toMatch(/^Stock insuficiente para /);
      }
    }
    const okIds = results.filter((r) => r.statusCode === 201).map((r) => r.json().order_id as number);
    expect(okIds.length).toBeGreaterThan(0);
    expect(okIds.length).toBeLessThan(results.length); // demand (~100 units) outgrows the 18 units

    for (const v of [a, b, c]) {
      const [row] = await t.db.select().from(variants).where(eq(variants.id, v.id));
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.variantId, v.id));
      expect(lines.every((l) => okIds.includes(l.orderId))).toBe(true);
      const sold = lines.reduce((sum, l) => sum + l.quantity, 0);
      expect(row!.stock).toBeGreaterThanOrEqual(0);
      expect(row!.reserved).toBe(sold);
      expect(row!.stock + row!.reserved).toBe(STOCK);
      // The movements of one variant, in the order they were written, form one unbroken chain.
      const moves = await t.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.variantId, v.id))
        .orderBy(stockMovements.id);
      expect(moves.length).toBe(new Set(lines.map((l) => l.orderId)).size);
      let expected = STOCK;
      for (const mv of moves) {
        expect(mv.stockBefore).toBe(expected);
        const ordered = lines.filter((l) => l.orderId === mv.orderId).reduce((sum, l) => sum + l.quantity, 0);
        expect(mv.stockAfter).toBe(mv.stockBefore - ordered);
        expected = mv.stockAfter;
      }
      expect(expected).toBe(row!.stock);
    }
  });
});

describe("POST /api/cart/check", () => {
  const check = (items: object[]) => t.app.inject({ method: "POST", url: "/api/cart/check", payload: { items } });

  it("tells a visitor, line by line, what changed: price, stock, removed products, unknown ids — and changes nothing", async () => {
    const fine = await product(1000, 5);
    const repriced = await product(1500, 5);
    const short = await product(800, 2);
    const removed = await product(900, 5, { status: 0 });
    const res = await check([
      { product_id: fine.product.id, variant_id: fine.variants[0]!.id, quantity: 1, price: 10 },
      { product_id: repriced.product.id, variant_id: repriced.variants[0]!.id, quantity: 1, price: 12 },
      { product_id: short.product.id, variant_id: short.variants[0]!.id, quantity: 3, price: 8 },
      { product_id: removed.product.id, quantity: 1, price: 9 },
      { product_id: 999_999, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.lines.map((l: { status: string }) => l.status)).toEqual([
      "ok",
      "price_changed",
      "insufficient_stock",
      "unavailable",
      "unavailable",
    ]);
    expect(body.lines[1]).toMatchObject({ price: 15, message: "O preço mudou para 15,00 €." });
    expect(body.lines[2]).toMatchObject({ available: 2, message: "Só restam 2 unidades disponíveis." });
    const [row] = await t.db.select().from(variants).where(eq(variants.id, short.variants[0]!.id));
    expect(row).toMatchObject({ stock: 2, reserved: 0 });
  });

  it("is ok for a cart that matches the database, and refuses bad input with 400", async () => {
    const fine = await product(1000, 5);
    const ok = await check([{ product_id: fine.product.id, cor: fine.colorName, quantity: 5, price: 10 }]);
    expect(ok.json()).toMatchObject({
      ok: true,
      lines: [{ status: "ok", variant_id: fine.variants[0]!.id, available: 5 }],
    });
    for (const items of [[], [{ product_id: fine.product.id, quantity: 0 }], [{ product_id: "x", quantity: 1 }]]) {
      const bad = await check(items);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
  });
});
