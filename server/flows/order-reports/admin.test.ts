import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { lisbonParts, lisbonTime } from "#server/core/time.ts";
import { ADMIN_ORDER_MESSAGES as M } from "#server/modules/orders/admin/schemas.ts";

let t: TestApp;
let admin: AuthHeaders;
let cliente: AuthHeaders;
let buyer: { id: number; email: string };
let product: { id: number; variant: number };

const get = (url: string, headers: AuthHeaders | null = admin) =>
  t.app.inject({ method: "GET", url, headers: headers ?? undefined });

/** Lisbon calendar day `daysAgo` days before today, as YYYY-MM-DD, and noon of that day. */
function lisbonDay(daysAgo: number): { dia: string; noon: Date } {
  const p = lisbonParts(new Date());
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day - daysAgo));
  return {
    dia: day.toISOString().slice(0, 10),
    noon: lisbonTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 12),
  };
}

interface OrderInput {
  createdAt: Date;
  method?: "mb" | "mbway" | "payshop";
  lines?: number;
  payment?: { status: "paid" | "pending" | "failed" | "expired"; reference?: string; requestId?: string } | null;
  confirmed?: Date;
}

async function insertOrder(input: OrderInput): Promise<number> {
  const method = input.method ?? "mb";
  const lineCount = input.lines ?? 1;
  const [o] = await t.db
    .insert(orders)
    .values({
      userId: buyer.id,
      status: input.payment?.status === "paid" ? "paid" : "pending_payment",
      paymentMethod: method,
      subtotalCents: 1250 * lineCount,
      shippingCents: 390,
      totalCents: 1250 * lineCount + 390,
      shippingZone: "continente",
      deliveryName: "Maria Silva",
      deliveryAddress: "Rua das Flores 1",
      deliveryPostalCode: "1000-001",
      deliveryCity: "Lisboa",
      deliveryPhone: "912345678",
      createdAt: input.createdAt,
      paidAt: input.payment?.status === "paid" ? input.createdAt : null,
      confirmationSentAt: input.confirmed ?? null,
    })
    .returning({ id: orders.id });
  await t.db.insert(orderLines).values(
    Array.from({ length: lineCount }, (_, i) => ({
      orderId: o!.id,
      productId: product.id,
      variantId: product.variant,
      productName: "Camisola Azulejo",
      colorName: "Azul",
      sizeName: "M",
      unitPriceCents: 1250,
      quantity: i + 1,
    })),
  );
  if (input.payment !== null) {
    const pay = input.payment ?? { status: "pending" as const, reference: "123456789" };
    await t.db.insert(payments).values({
      orderId: o!.id,
      provider: "sandbox",
      method,
      status: pay.status,
      amountCents: 1250 * lineCount + 390,
      entity: method === "mbway" ? null : "12345",
      reference: pay.reference ?? null,
      requestId: pay.requestId ?? null,
      phone: method === "mbway" ? "912345678" : null,
      expiresAt: lisbonTime(2031, 3, 15, 23, 59, 59),
    });
  }
  return o!.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  const c = await createUser(t.db, "cliente");
  cliente = await login(t.app, c.email, c.password);
  buyer = { id: c.id, email: c.email };
  await t.db.update(users).set({ name: "Maria Cliente" }).where(eq(users.id, c.id));

  const [p] = await t.db.insert(products).values({ name: "Camisola Azulejo", priceCents: 1250 }).returning();
  const [color] = await t.db.insert(colors).values({ name: "Azul" }).returning();
  const [size] = await t.db.insert(sizes).values({ name: "M" }).returning();
  const [v] = await t.db
    .insert(variants)
    .values({ productId: p!.id, colorId: color!.id, sizeId: size!.id, stock: 10 })
    .returning();
  product = { id: p!.id, variant: v!.id };

  // Days ago: 0 (2 orders), 2 (1), 5 (3), 31 (1). Newest is "today2".
  ids.old = await insertOrder({
    createdAt: lisbonDay(31).noon,
    payment: { status: "expired", reference: "111111111" },
  });
  ids.five1 = await insertOrder({
    createdAt: new Date(lisbonDay(5).noon.getTime() - 3_600_000),
    payment: { status: "failed", reference: "222222222" },
  });
  ids.five2 = await insertOrder({
    createdAt: lisbonDay(5).noon,
    method: "payshop",
    payment: { status: "pending", reference: "333333333333" },
  });
  ids.five3 = await insertOrder({ createdAt: new Date(lisbonDay(5).noon.getTime() + 3_600_000), payment: null });
  ids.two = await insertOrder({
    createdAt: lisbonDay(2).noon,
    lines: 3,
    payment: { status: "paid", reference: "444444444" },
    confirmed: lisbonDay(2).noon,
  });
  ids.today1 = await insertOrder({
    createdAt: new Date(Date.now() - 60_000),
    method: "mbway",
    payment: { status: "paid", requestId: "MBWAY-REQ-1" },
  });
  ids.today2 = await insertOrder({
    createdAt: new Date(Date.now() - 30_000),
    lines: 2,
    payment: { status: "pending", reference: "555555555" },
  });
});
afterAll(() => t.close());

describe("access", () => {
  it("answers 401 to visitors and 403 to clientes", async () => {
    for (const url of ["/api/orders", "/api/orders/por-tempo", `/api/orders/${ids.two}`]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, cliente)).statusCode, url).toBe(403);
    }
  });
});

describe("GET /api/orders", () => {
  it("lists order lines, newest order first, with X-Total-Count", async () => {
    const res = await get("/api/orders");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("10");
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body.map((l) => l.id)).toEqual([
      ids.today2,
      ids.today2,
      ids.today1,
      ids.two,
      ids.two,
      ids.two,
      ids.five3,
      ids.five2,
      ids.five1,
      ids.old,
    ]);
    expect(body[0]).toEqual({
      id: ids.today2,
      line_id: expect.any(Number),
      payment_reference: "555555555",
      user_id: buyer.id,
      cliente_nome: "Maria Cliente",
      cliente_email: buyer.email,
      product_id: product.id,
      product_name: "Camisola Azulejo",
      quantity: 1,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      payment_status: "pending",
      paymentConfirmed: false,
      confirmedAt: null,
      amount: 28.9,
      metodo_pagamento: "mb",
      order_status: "pending_payment",
    });
    expect(body[1]!.quantity).toBe(2);
    expect(body[2]).toMatchObject({
      payment_reference: "MBWAY-REQ-1",
      payment_status: "paid",
      metodo_pagamento: "mbway",
      amount: 16.4,
    });
    expect(body[3]).toMatchObject({
      paymentConfirmed: true,
      confirmedAt: lisbonDay(2).noon.toISOString(),
      amount: 41.4,
    });
    expect(body[6]).toMatchObject({ id: ids.five3, payment_reference: null, payment_status: null });
  });

  it("filters by payment status and counts the matching lines", async () => {
    const paid = await get("/api/orders?status=paid");
    expect(paid.headers["x-total-count"]).toBe("4");
    expect(paid.json().map((l: { id: number }) => l.id)).toEqual([ids.today1, ids.two, ids.two, ids.two]);
    const failed = await get("/api/orders?status=failed");
    expect(failed.headers["x-total-count"]).toBe("1");
    expect(failed.json()[0].id).toBe(ids.five1);
  });

  it("shows the order's latest payment when it has more than one", async () => {
    // Checkout creates one payment per order; a second one (never made today) must not duplicate lines.
    await t.db.insert(payments).values({
      orderId: ids.five1!,
      provider: "sandbox",
      method: "mb",
      status: "paid",
      amountCents: 1640,
      entity: "12345",
      reference: "999999999",
    });
    const all = await get("/api/orders");
    expect(all.headers["x-total-count"]).toBe("10");
    const line = all.json().find((l: { id: number }) => l.id === ids.five1);
    expect(line).toMatchObject({ payment_reference: "999999999", payment_status: "paid" });
    const paid = await get("/api/orders?status=paid");
    expect(paid.headers["x-total-count"]).toBe("5");
    expect(paid.json().filter((l: { id: number }) => l.id === ids.five1)).toHaveLength(1);
    const detail = (await get(`/api/orders/${ids.five1}`)).json();
    expect(detail.payment).toMatchObject({ status: "paid", referencia: "999999999" });
  });

  it("pages without gaps or repeats", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await get(`/api/orders?page=${page}&limit=3`);
      expect(res.headers["x-total-count"]).toBe("10");
      seen.push(...res.json().map((l: { line_id: number }) => l.line_id));
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect((await get("/api/orders?page=50")).json()).toEqual([]);
  });

  it("refuses bad parameters with a pt-PT message", async () => {
    for (const [q, message] of [
      ["status=shipped", M.invalidStatus],
      ["limit=201", "Limite inválido: indique um número entre 1 e 200."],
      ["page=0", "Página inválida."],
    ] as const) {
      const res = await get(`/api/orders?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });
});

describe("GET /api/orders/:id", () => {
  it("returns the order with delivery data, payment and lines", async () => {
    const res = await get(`/api/orders/${ids.two}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ids.two,
      user_id: buyer.id,
      cliente_nome: "Maria Cliente",
      cliente_email: buyer.email,
      status: "paid",
      metodo_pagamento: "mb",
      created_at: lisbonDay(2).noon.toISOString(),
      paid_at: lisbonDay(2).noon.toISOString(),
      subtotal: 37.5,
      shipping: 3.9,
      total: 41.4,
      dados_entrega: {
        nome: "Maria Silva",
        morada: "Rua das Flores 1",
        codigo_postal: "1000-001",
        cidade: "Lisboa",
        telefone: "912345678",
        entrega_rapida: false,
      },
      payment: {
        status: "paid",
        entidade: "12345",
        referencia: "444444444",
        request_id: null,
        telefone: null,
        validade: "20310315",
        valor: 41.4,
      },
      lines: [1, 2, 3].map((quantity) => ({
        product_id: product.id,
        product_name: "Camisola Azulejo",
        color: "Azul",
        size: "M",
        quantity,
        unit_price: 12.5,
      })),
      paymentConfirmed: true,
      confirmedAt: lisbonDay(2).noon.toISOString(),
    });
  });

  it("shows MB WAY without validity and orders without payment as null", async () => {
    const mbway = (await get(`/api/orders/${ids.today1}`)).json();
    expect(mbway.payment).toMatchObject({
      request_id: "MBWAY-REQ-1",
      telefone: "912345678",
      validade: null,
      entidade: null,
    });
    const none = (await get(`/api/orders/${ids.five3}`)).json();
    expect(none.payment).toBeNull();
    expect(none.paymentConfirmed).toBe(false);
  });

  it("answers 404 for an unknown order and 400 for a bad id", async () => {
    const missing = await get("/api/orders/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: M.orderNotFound });
    const bad = await get("/api/orders/abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.invalidOrderId);
  });
});

describe("GET /api/orders/por-tempo", () => {
  it("returns every one of the last 30 Lisbon days, zeros included, oldest first", async () => {
    const res = await get("/api/orders/por-tempo");
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ dia: string; total_pedidos: number }>;
    expect(body).toHaveLength(30);
    expect(body.map((d) => d.dia)).toEqual(Array.from({ length: 30 }, (_, i) => lisbonDay(29 - i).dia));
    const counts = Object.fromEntries(body.map((d) => [d.dia, d.total_pedidos]));
    expect(counts[lisbonDay(0).dia]).toBe(2);
    expect(counts[lisbonDay(2).dia]).toBe(1);
    expect(counts[lisbonDay(5).dia]).toBe(3);
    expect(body.reduce((sum, d) => sum + d.total_pedidos, 0)).toBe(6);
    expect(body.filter((d) => d.total_pedidos === 0)).toHaveLength(27);
  });

  it("honours days, including the order of 31 days ago only when asked", async () => {
    const one = (await get("/api/orders/por-tempo?days=1")).json();
    expect(one).toEqual([{ dia: lisbonDay(0).dia, total_pedidos: 2 }]);
    const long = (await get("/api/orders/por-tempo?days=32")).json() as Array<{ dia: string; total_pedidos: number }>;
    expect(long).toHaveLength(32);
    expect(long[0]).toEqual({ dia: lisbonDay(31).dia, total_pedidos: 0 + 1 });
    expect((await get("/api/orders/por-tempo?days=366")).json()).toHaveLength(366);
  });

  it("refuses days outside 1..366", async () => {
    for (const days of ["0", "367", "abc", "-3"]) {
      const res = await get(`/api/orders/por-tempo?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toBe(M.invalidDays);
    }
  });
});
