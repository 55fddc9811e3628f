import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import { useOrdersApp, type Buyer } from "#tests/support/orders-app.ts";
import { delivery } from "#tests/support/orders.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orderLines, orders } from "./schema.ts";
import { isValidMultibancoReference } from "#server/modules/payments/multibanco.ts";

/** Checkout (POST /orders): prices, shipping, payment methods, idempotency, refusals. */

const { app, product, order } = useOrdersApp();
let t: TestApp;
let buyer: Buyer;
let other: Buyer;
beforeEach(() => {
  ({ t, buyer, other } = app);
});

describe("POST /orders", () => {
  it("prices from the database, reserves stock and answers the payment data (Multibanco)", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(1250, 10);
    const res = await order(buyer.headers, {
      user_id: buyer.id,
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [{ product_id: p.id, quantity: 2, variant_id: v!.id, price: 0.01 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.pagamento).toMatchObject({
      metodo: "MB",
      entidade: "12345",
      valor: 25 + body.portes,
      orderId: body.order_id,
    });
    expect(body.pagamento.validade).toMatch(/^\d{8}$/);
    expect(isValidMultibancoReference("12345", body.pagamento.referencia, Math.round(body.pagamento.valor * 100))).toBe(
      true,
    );
    const [row] = await t.db.select().from(variants).where(eq(variants.id, v!.id));
    expect(row).toMatchObject({ stock: 8, reserved: 2 });
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.variantId, v!.id));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ stockBefore: 10, stockAfter: 8, orderId: body.order_id });
  });

  it("computes island shipping and the fast-delivery surcharge", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(1000, 5);
    const base = { metodo_pagamento: "payshop", items: [{ product_id: p.id, quantity: 1, variant_id: v!.id }] };
    const mainland = (await order(buyer.headers, { ...base, dados_entrega: delivery })).json();
    const madeira = (
      await order(buyer.headers, {
        ...base,
        dados_entrega: { ...delivery, codigo_postal: "9000-018", entrega_rapida: true },
      })
    ).json();
    expect(madeira.portes).toBeGreaterThan(mainland.portes);
    expect(madeira.pagamento.referencia).toMatch(/^\d{13}$/);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, madeira.order_id));
    expect(o).toMatchObject({ shippingZone: "madeira", fastDelivery: true });
  });

  it("creates an MB WAY payment for a valid phone and refuses an invalid one", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(999, 5);
    const items = [{ product_id: p.id, quantity: 1, variant_id: v!.id }];
    const bad = await order(buyer.headers, {
      metodo_pagamento: "mbway",
      telemovel: "961",
      dados_entrega: delivery,
      items,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Introduza um número de telemóvel MB WAY válido.");
    const ok = await order(buyer.headers, {
      metodo_pagamento: "mbway",
      telemovel: "912345678",
      dados_entrega: delivery,
      items,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().pagamento).toMatchObject({ metodo: "mbway", telefone: "912345678", validade: null });
  });

  it("never sells more units than exist: 50 concurrent buyers, 5 units", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(500, 5);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        order(buyer.headers, {
          metodo_pagamento: "mb",
          dados_entrega: delivery,
          items: [{ product_id: p.id, quantity: 1, variant_id: v!.id }],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    const [row] = await t.db.select().from(variants).where(eq(variants.id, v!.id));
    expect(row).toMatchObject({ stock: 0, reserved: 5 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.variantId, v!.id));
    expect(lines.reduce((s, l) => s + l.quantity, 0)).toBe(5);
  });

  it("creates one order for a repeated idempotency key", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(700, 10);
    const body = {
      metodo_pagamento: "mb",
      dados_entrega: delivery,
      items: [{ product_id: p.id, quantity: 1, variant_id: v!.id }],
    };
    const key = { "idempotency-key": "checkout-abc-12345" };
    const [a, b] = await Promise.all([order(buyer.headers, body, key), order(buyer.headers, body, key)]);
    const c = await order(buyer.headers, body, key);
    const ok = [a, b, c].filter((r) => r.statusCode === 201).map((r) => r.json().order_id);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ok).size).toBe(1);
    expect(await t.db.$count(orderLines, eq(orderLines.variantId, v!.id))).toBe(1);
    const [row] = await t.db.select().from(variants).where(eq(variants.id, v!.id));
    expect(row!.stock).toBe(9);
  });

  it("refuses a foreign user_id, bad quantities, unknown or hidden products, and writes nothing", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(700, 10);
    const hidden = await product(700, 10, { status: 0 });
    const before = await t.db.$count(orders);
    const cases: Array<[object, number]> = [
      [{ user_id: other.id, items: [{ product_id: p.id, quantity: 1, variant_id: v!.id }] }, 403],
      [{ items: [{ product_id: p.id, quantity: 0, variant_id: v!.id }] }, 400],
      [{ items: [{ product_id: p.id, quantity: 1e9, variant_id: v!.id }] }, 400],
      [{ items: [{ product_id: p.id, quantity: -3, variant_id: v!.id }] }, 400],
      [{ items: [{ product_id: 999999, quantity: 1 }] }, 404],
      [{ items: [{ product_id: hidden.product.id, quantity: 1, variant_id: hidden.variants[0]!.id }] }, 409],
      [{ items: [] }, 400],
      [{ items: [{ product_id: "1; drop table orders", quantity: 1 }] }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await order(buyer.headers, { metodo_pagamento: "mb", dados_entrega: delivery, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    expect(await t.db.$count(orders)).toBe(before);
    const [row] = await t.db.select().from(variants).where(eq(variants.id, v!.id));
    expect(row!.stock).toBe(10);
  });

  it("requires the delivery fields and a payment method, with the spec's messages", async () => {
    const {
      product: p,
      variants: [v],
    } = await product(700, 10);
    const items = [{ product_id: p.id, quantity: 1, variant_id: v!.id }];
    const noMethod = await order(buyer.headers, { dados_entrega: delivery, items });
    expect(noMethod.json().message).toBe("Por favor, selecione um método de pagamento.");
    const noCity = await order(buyer.headers, {
      metodo_pagamento: "mb",
      dados_entrega: { ...delivery, cidade: " " },
      items,
    });
    expect(noCity.json().message).toBe("Por favor, preencha todos os campos obrigatórios.");
  });

  it("answers 401 to visitors", async () => {
    const res = await t.app.inject({ method: "POST", url: "/orders", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
