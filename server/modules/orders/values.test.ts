import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import {
  allPages,
  buildCatalogue,
  newShopper,
  payOrder,
  placeOrder,
  VALUES_ENV,
  variantKey,
  type BuiltCatalogue,
  type Shopper,
} from "#tests/support/values.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orderLines, orders } from "./schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import type { AdminOrder, AdminOrderLine, OrdersPerDay } from "#server/modules/orders/admin/schemas.ts";

/*
 * Value tests of the admin's order report, the payments it shows and the dashboard's lists:
 * real orders placed through POST /orders (three shoppers, three methods, one to three lines,
 * one paid through the gateway's callback), then every report line is compared with the rows of
 * orders, order_lines and payments and with /api/orders/{id}; the chart moves by exactly the
 * orders placed.
 */

let t: TestApp;
let c: BuiltCatalogue;
let shoppers: Shopper[];
const placed: number[] = [];
let chartBefore: OrdersPerDay;

async function json<T>(url: string, headers: AuthHeaders = c.admin): Promise<T> {
  const res = await t.app.inject({ method: "GET", url, headers });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
}

const v = (productKey: string, color: string, size?: string) =>
  c.variantIds[variantKey(productKey, { color, size, stock: 0 })]!;
const item = (productKey: string, color: string, size: string | undefined, quantity: number) => ({
  product_id: c.productIds[productKey]!,
  variant_id: v(productKey, color, size),
  quantity,
});

beforeAll(async () => {
  t = await createTestApp(VALUES_ENV);
  c = await buildCatalogue(t);
  shoppers = [await newShopper(t), await newShopper(t), await newShopper(t)];
  chartBefore = await json<OrdersPerDay>("/api/orders/por-tempo?days=7");
  placed.push(
    await placeOrder(t, shoppers[0]!, "mb", [
      item("caneca", "Azul Valor", "M-V", 2),
      item("tshirt", "Preto Valor", "L-V", 1),
    ]),
  );
  placed.push(await placeOrder(t, shoppers[1]!, "payshop", [item("saco", "Verde Valor", "L-V", 3)]));
  placed.push(
    await placeOrder(t, shoppers[2]!, "mbway", [
      item("tshirt", "Azul Valor", "M-V", 1),
      item("saco", "Verde Valor", "M-V", 2),
      item("caneca", "Branco Valor", "L-V", 1),
    ]),
  );
  placed.push(await placeOrder(t, shoppers[0]!, "payshop", [item("tshirt", "Azul Valor", "S-V", 2)]));
  await payOrder(t, placed[0]!);
});
afterAll(() => t.close());

describe("GET /api/orders/por-tempo", () => {
  it("moves today by exactly the orders placed and leaves the other days as they were", async () => {
    const after = await json<OrdersPerDay>("/api/orders/por-tempo?days=7");
    expect(after.map((d) => d.dia)).toEqual(chartBefore.map((d) => d.dia));
    expect(after.slice(0, -1)).toEqual(chartBefore.slice(0, -1));
    expect(after.at(-1)!.total_pedidos).toBe(chartBefore.at(-1)!.total_pedidos + placed.length);
    expect(after.reduce((s, d) => s + d.total_pedidos, 0)).toBe(await t.db.$count(orders));
  });
});

describe("GET /api/orders", () => {
  it("answers one line per order line, each equal to the rows and to /api/orders/{id}", async () => {
    const lines = await allPages<AdminOrderLine>(t, c.admin, "/api/orders", 2);
    const dbLines = await t.db.select().from(orderLines).orderBy(desc(orderLines.orderId), asc(orderLines.id));
    expect(lines.map((l) => l.line_id)).toEqual(dbLines.map((l) => l.id));
    expect(new Set(lines.map((l) => l.id))).toEqual(new Set(placed));

    for (const line of lines) {
      const row = dbLines.find((l) => l.id === line.line_id)!;
      const [order] = await t.db.select().from(orders).where(eq(orders.id, line.id));
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, line.id));
      const [user] = await t.db.select().from(users).where(eq(users.id, order!.userId));
      const detail = await json<AdminOrder>(`/api/orders/${line.id}`);

      expect([line.product_id, line.product_name, line.quantity]).toEqual([
        row.productId,
        row.productName,
        row.quantity,
      ]);
      expect(line.user_id).toBe(order!.userId);
      expect([line.cliente_nome, line.cliente_email]).toEqual([user!.name, user!.email]);
      expect(line.payment_reference).toBe(payment!.reference ?? payment!.requestId);
      expect(line.payment_status).toBe(payment!.status);
      expect(line.amount).toBe(order!.totalCents / 100);
      expect(line.metodo_pagamento).toBe(order!.paymentMethod);
      expect(line.created_at).toBe(order!.createdAt.toISOString());
      expect(line.paymentConfirmed).toBe(order!.confirmationSentAt !== null);

      // The same order read by id.
      expect(detail.user_id).toBe(line.user_id);
      expect(detail.cliente_nome).toBe(line.cliente_nome);
      expect(detail.total).toBe(line.amount);
      expect(detail.payment?.status).toBe(line.payment_status);
      expect(detail.payment?.referencia ?? detail.payment?.request_id).toBe(line.payment_reference);
      expect(detail.lines.some((l) => l.product_id === line.product_id && l.quantity === line.quantity)).toBe(true);
    }
  });

  it("filters by payment status: exactly the lines of orders whose payment has that status", async () => {
    const all = await allPages<AdminOrderLine>(t, c.admin, "/api/orders", 50);
    for (const status of ["paid", "pending", "failed", "expired"] as const) {
      const lines = await allPages<AdminOrderLine>(t, c.admin, `/api/orders?status=${status}`, 50);
      expect(
        lines.map((l) => l.line_id),
        status,
      ).toEqual(all.filter((l) => l.payment_status === status).map((l) => l.line_id));
      const withStatus = await t.db
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.status, status));
      expect(new Set(lines.map((l) => l.id)), status).toEqual(new Set(withStatus.map((p) => p.orderId)));
    }
    expect(all.filter((l) => l.payment_status === "paid").map((l) => l.id)).toEqual(
      expect.arrayContaining([placed[0]]),
    );
  });
});

describe("GET /api/orders/{id}", () => {
  it("adds up: lines times prices make the subtotal, plus shipping the total, which is the payment's value", async () => {
    for (const id of placed) {
      const detail = await json<AdminOrder>(`/api/orders/${id}`);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
      const rows = await t.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
      expect(detail.lines.map((l) => [l.product_id, l.quantity, l.unit_price])).toEqual(
        rows.map((r) => [r.productId, r.quantity, r.unitPriceCents / 100]),
      );
      const subtotalCents = rows.reduce((s, r) => s + r.unitPriceCents * r.quantity, 0);
      expect(Math.round(detail.subtotal * 100)).toBe(subtotalCents);
      expect(Math.round(detail.total * 100)).toBe(subtotalCents + order!.shippingCents);
      expect(Math.round(detail.payment!.valor * 100)).toBe(payment!.amountCents);
      expect(payment!.amountCents).toBe(order!.totalCents);
      expect(detail.status).toBe(order!.status);
      expect(detail.metodo_pagamento).toBe(order!.paymentMethod);
      // Each line's price is the product's price read by id.
      for (const l of detail.lines) {
        const product = await json<{ price_cents: number }>(`/api/product/${l.product_id}`);
        expect(Math.round(l.unit_price * 100)).toBe(product.price_cents);
      }
    }
  });
});

describe("payments as the dashboard reads them", () => {
  it("GET /api/payments/verify-all answers each pending payment once, with the status the payments table then holds", async () => {
    const pendingBefore = await t.db.select().from(payments).where(eq(payments.status, "pending"));
    const res = await json<{ success: boolean; resultados: Array<Record<string, unknown>> }>(
      "/api/payments/verify-all",
    );
    expect(res.resultados.map((r) => r.order_id).sort()).toEqual(pendingBefore.map((p) => p.orderId).sort());
    for (const r of res.resultados) {
      const [payment] = await t.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, r.order_id as number));
      expect(r.status ?? r.payment_status).toBe(payment!.status);
      expect(r.referencia).toBe(payment!.reference ?? payment!.requestId);
    }
  });

  it("GET /api/users lists every account as the users table holds it", async () => {
    const list = await json<Array<{ id: number; name: string; email: string; function: string }>>("/api/users");
    const rows = await t.db.select().from(users).orderBy(asc(users.id));
    expect(list.map((u) => [u.id, u.name, u.email, u.function]).sort()).toEqual(
      rows.map((u) => [u.id, u.name, u.email, u.function]).sort(),
    );
    for (const s of shoppers)
      expect(list.find((u) => u.id === s.id)).toMatchObject({ name: s.name, email: s.email, function: "cliente" });
  });
});
