import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orderLines, orders } from "./schema.ts";
import {
  MAX_PENDING_ORDERS_PER_ACCOUNT,
  MAX_PENDING_UNITS_PER_ACCOUNT,
  MAX_UNITS_PER_LINE,
  pendingOrdersMessage,
  pendingUnitsMessage,
} from "./rules.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";

/*
 * Stock hoarding (issue 11, 3.1): a cliente reserved a variant's whole stock (1 000 units) for
 * days by repeating a line of 99. Lines of one variant are merged and capped, and what one
 * account holds unpaid is capped (orders and units).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY });
});
afterAll(() => t.close());

async function account(role: "cliente" | "admin" = "cliente"): Promise<{ id: number; headers: AuthHeaders }> {
  const u = await createUser(t.db, role);
  return { id: u.id, headers: await login(t.app, u.email, u.password) };
}

/** What the database says the account holds unpaid, read from the orders and their lines. */
async function held(userId: number) {
  const pending = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending_payment")));
  const ids = pending.map((o) => o.id);
  const lines = ids.length ? await t.db.select().from(orderLines).where(inArray(orderLines.orderId, ids)) : [];
  return { orders: ids.length, units: lines.reduce((sum, l) => sum + l.quantity, 0) };
}

const variantRow = async (id: number) => (await t.db.select().from(variants).where(eq(variants.id, id)))[0]!;

describe("checkout limits against stock hoarding", () => {
  it("the limits are the product's: 99 units of one variant per order, 5 unpaid orders and 100 unpaid units per account", () => {
    expect([MAX_UNITS_PER_LINE, MAX_PENDING_ORDERS_PER_ACCOUNT, MAX_PENDING_UNITS_PER_ACCOUNT]).toEqual([99, 5, 100]);
  });

  it("merges repeated lines of one variant into one line, and refuses more than 99 units of it, writing nothing", async () => {
    const {
      product: p,
      variants: [v],
    } = await seedProduct(t, 500, 1000);
    const buyer = await account();
    const merged = await checkout(t, buyer.headers, {
      items: [
        { product_id: p.id, variant_id: v!.id, quantity: 30 },
        { product_id: p.id, variant_id: v!.id, quantity: 20 },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(201);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, merged.json().order_id));
    expect(lines.map((l) => [l.variantId, l.quantity, l.unitPriceCents])).toEqual([[v!.id, 50, 500]]);

    const ordersBefore = await t.db.$count(orders);
    const movesBefore = await t.db.$count(stockMovements, eq(stockMovements.variantId, v!.id));
    const other = await account();
    // The probe's cart: one line of 99, repeated.
    const hoard = await checkout(t, other.headers, {
      items: Array.from({ length: 11 }, () => ({ product_id: p.id, variant_id: v!.id, quantity: 99 })),
    });
    expect(hoard.statusCode, hoard.body).toBe(400);
    expect(hoard.json().message).toBe("Quantidade máxima por artigo: 99 unidades.");
    const two = await checkout(t, other.headers, {
      items: [
        { product_id: p.id, variant_id: v!.id, quantity: 99 },
        { product_id: p.id, variant_id: v!.id, quantity: 1 },
      ],
    });
    expect(two.statusCode, two.body).toBe(400);
    expect(await t.db.$count(orders)).toBe(ordersBefore);
    expect(await t.db.$count(stockMovements, eq(stockMovements.variantId, v!.id))).toBe(movesBefore);
    expect(await variantRow(v!.id)).toMatchObject({ stock: 950, reserved: 50 });
  });

  it("one account cannot hold more than 100 units unpaid: the 1 000-unit variant keeps 900 for the others", async () => {
    const {
      product: p,
      variants: [v],
    } = await seedProduct(t, 250, 1000);
    const hoarder = await account();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await checkout(t, hoarder.headers, {
          items: [{ product_id: p.id, variant_id: v!.id, quantity: i === 0 ? 99 : 2 }],
        }),
      );
    }
    expect(answers[0]!.statusCode, answers[0]!.body).toBe(201);
    for (const refused of answers.slice(1)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(pendingUnitsMessage(99));
      expect(refused.json().message).toBe(
        "As encomendas por pagar de uma conta não podem reservar mais de 100 unidades (já tem 99 reservadas). Pague as encomendas pendentes ou reduza as quantidades.",
      );
    }
    // Exactly up to the limit is fine.
    const last = await checkout(t, hoarder.headers, { items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }] });
    expect(last.statusCode, last.body).toBe(201);
    expect(await held(hoarder.id)).toEqual({ orders: 2, units: 100 });
    expect(await variantRow(v!.id)).toMatchObject({ stock: 900, reserved: 100 });
    // Once paid, the units are sold, not held: the account may order again.
    await payOrder(t, answers[0]!.json().order_id);
    const again = await checkout(t, hoarder.headers, {
      items: [{ product_id: p.id, variant_id: v!.id, quantity: 99 }],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await held(hoarder.id)).toEqual({ orders: 2, units: 100 });
  });

  it("one account cannot have more than 5 orders waiting for payment; paying one frees a place", async () => {
    const {
      product: p,
      variants: [v],
    } = await seedProduct(t, 300, 50);
    const buyer = await account();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await checkout(t, buyer.headers, { items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().order_id);
    }
    const sixth = await checkout(t, buyer.headers, { items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }] });
    expect(sixth.statusCode, sixth.body).toBe(409);
    expect(sixth.json().message).toBe(pendingOrdersMessage());
    expect(sixth.json().message).toBe(
      "Já tem 5 encomendas por pagar. Pague uma delas ou aguarde que expire antes de fazer uma nova encomenda.",
    );
    expect(await held(buyer.id)).toEqual({ orders: 5, units: 5 });
    expect(await variantRow(v!.id)).toMatchObject({ stock: 45, reserved: 5 });

    await payOrder(t, ids[2]!);
    const afterPaying = await checkout(t, buyer.headers, {
      items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }],
    });
    expect(afterPaying.statusCode, afterPaying.body).toBe(201);
    expect(await held(buyer.id)).toEqual({ orders: 5, units: 5 });
  });

  it("a retried checkout (same idempotency key) answers its order even when the account is at the limit", async () => {
    const {
      product: p,
      variants: [v],
    } = await seedProduct(t, 300, 50);
    const buyer = await account();
    let lastId = 0;
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/orders",
        headers: { ...buyer.headers, "idempotency-key": `retry-key-${buyer.id}-${i}` },
        payload: {
          metodo_pagamento: "mb",
          dados_entrega: {
            nome: "Ana",
            morada: "Rua 1",
            codigo_postal: "1000-001",
            cidade: "Lisboa",
            telefone: "912345678",
          },
          items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      lastId = res.json().order_id;
    }
    const retry = await t.app.inject({
      method: "POST",
      url: "/orders",
      headers: { ...buyer.headers, "idempotency-key": `retry-key-${buyer.id}-4` },
      payload: {
        metodo_pagamento: "mb",
        dados_entrega: {
          nome: "Ana",
          morada: "Rua 1",
          codigo_postal: "1000-001",
          cidade: "Lisboa",
          telefone: "912345678",
        },
        items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }],
      },
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().order_id).toBe(lastId);
    expect(await held(buyer.id)).toEqual({ orders: 5, units: 5 });
  });

  it("concurrent checkouts of one account never leave it over the limit", async () => {
    const {
      product: p,
      variants: [v],
    } = await seedProduct(t, 300, 500);
    const buyer = await account();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        checkout(t, buyer.headers, { items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 + (i % 3) }] }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().message).toBe(pendingOrdersMessage());
    }
    const hold = await held(buyer.id);
    expect(hold.orders).toBeLessThanOrEqual(MAX_PENDING_ORDERS_PER_ACCOUNT);
    expect(hold.orders).toBe(ok.length);
    expect(ok.length).toBeGreaterThan(0);
    // Units undone by a refused order are back on the shelf: reserved equals what the kept orders hold.
    expect(await variantRow(v!.id)).toMatchObject({ stock: 500 - hold.units, reserved: hold.units });
  });

  it("staff accounts are not limited (they set the stock directly anyway)", async () => {
    const {
      product: p,
      variants: [v],
    } = await seedProduct(t, 300, 50);
    const admin = await account("admin");
    for (let i = 0; i < MAX_PENDING_ORDERS_PER_ACCOUNT + 1; i++) {
      const res = await checkout(t, admin.headers, { items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await held(admin.id)).toEqual({ orders: 6, units: 6 });
  });
});
