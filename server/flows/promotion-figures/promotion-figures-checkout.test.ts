import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";

/**
 * The figures of item 5 on orders made by the real checkout (POST /orders with codigo_desconto) and paid by the
 * gateway's callback: each equals the sum of the paid orders' own stored amounts; an unpaid order is not counted.
 */

let t: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY });
  admin = (await signIn(t, "admin")).headers;
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

it("code and automatic figures equal the paid orders' stored discounts and totals", async () => {
  const a = await seedProduct(t, 1990, 20);
  const b = await seedProduct(t, 3450, 20);
  const code = (
    await api("POST", "/api/promocoes", {
      nome: "Quinze",
      codigo: "QUINZE",
      tipo: "percentagem",
      valor: 15,
      acumulavel: true,
    })
  ).json();
  const automatic = (
    await api("POST", "/api/promocoes", {
      nome: "Menos dois",
      codigo: null,
      tipo: "valor",
      valor: 2,
      produtos: [b.product.id],
    })
  ).json();
  expect([code.id, automatic.id]).toEqual([expect.any(Number), expect.any(Number)]);

  const lineA = (quantity: number) => ({ product_id: a.product.id, variant_id: a.variants[0]!.id, quantity });
  const lineB = (quantity: number) => ({ product_id: b.product.id, variant_id: b.variants[0]!.id, quantity });
  const carts: Array<{ items: object[]; codigo_desconto?: string; pay: boolean }> = [
    { items: [lineA(2)], codigo_desconto: "quinze", pay: true },
    { items: [lineA(1), lineB(1)], codigo_desconto: "QUINZE", pay: true },
    { items: [lineB(3)], pay: true },
    // Never paid: counted nowhere.
    { items: [lineA(3), lineB(2)], codigo_desconto: "QUINZE", pay: false },
  ];
  const ids: number[] = [];
  const paidIds: number[] = [];
  for (const cart of carts) {
    const buyer = (await signIn(t, "cliente")).headers;
    const res = await checkout(t, buyer, { items: cart.items, codigo_desconto: cart.codigo_desconto });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order_id as number;
    ids.push(id);
    if (cart.pay) {
      await payOrder(t, id);
      paidIds.push(id);
    }
  }

  // Read another way: the stored rows of the paid orders, summed here.
  const stored = await t.db.select().from(orders).where(inArray(orders.id, ids));
  const paid = stored.filter((o) => paidIds.includes(o.id));
  const withCode = paid.filter((o) => o.promotionId === code.id);
  expect(withCode).toHaveLength(2);
  // The unpaid order did use the code (so leaving it out is the figures' doing).
  expect(stored.filter((o) => o.promotionId === code.id)).toHaveLength(3);
  const euros = (cents: number) => Number((cents / 100).toFixed(2));
  const lines = await t.db.select().from(orderLines).where(inArray(orderLines.orderId, paidIds));
  const automaticPart = (orderId: number) =>
    lines.filter((l) => l.orderId === orderId).reduce((s, l) => s + l.automaticDiscountCents, 0);
  const codeFigures = await api("GET", `/api/promocoes/${code.id}/resultados`);
  expect(codeFigures.json()).toEqual({
    encomendas: 2,
    receita: euros(withCode.reduce((s, o) => s + o.totalCents, 0)),
    desconto: euros(withCode.reduce((s, o) => s + o.discountCents + o.shippingDiscountCents - automaticPart(o.id), 0)),
  });
  expect(codeFigures.json().desconto).toBeGreaterThan(0);

  const reduced = lines.filter((l) => l.automaticPromotionId === automatic.id);
  expect(new Set(reduced.map((l) => l.orderId)).size).toBe(2);
  const autoFigures = await api("GET", `/api/promocoes/${automatic.id}/resultados`);
  expect(autoFigures.json()).toEqual({
    encomendas: 2,
    receita: euros(reduced.reduce((s, l) => s + l.unitPriceCents * l.quantity - l.discountCents, 0)),
    desconto: euros(reduced.reduce((s, l) => s + l.automaticDiscountCents, 0)),
  });
  // 2 € off each of 4 units of B (one in order 2, three in order 3).
  expect(autoFigures.json().desconto).toBe(8);
  // Each cent of discount the paid orders got is in exactly one promotion's figures.
  const given = paid.reduce((s, o) => s + o.discountCents + o.shippingDiscountCents, 0);
  expect(Math.round((codeFigures.json().desconto + autoFigures.json().desconto) * 100)).toBe(given);
});
