import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { orderWithPayment } from "#tests/support/orders.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { payments } from "./schema.ts";
import { buildCallbackUrl } from "./callback.ts";
import { MBWAY_SWITCH_GRACE_MINUTES } from "#server/modules/orders/expiry.ts";

let t: TestApp;
let buyer: AuthHeaders;
let admin: AuthHeaders;
let stranger: AuthHeaders;
const KEY = "chave-anti-phishing-de-teste";

/** An order of 2 units of a new one-variant product at 10,00 €, with its payment. */
const newOrder = (method: "mb" | "payshop" | "mbway", stock = 5) =>
  orderWithPayment(t, buyer, { method, priceCents: 1000, stock, quantity: 2 });

const callback = (
  key: string,
  p: {
    amountCents: number;
    entity?: string | null;
    reference?: string | null;
    requestId?: string | null;
    orderId: number;
  },
) => {
  const url = new URL(
    buildCallbackUrl("http://localhost:3000", key, {
      amountCents: p.amountCents,
      entity: p.entity ?? undefined,
      reference: p.reference ?? undefined,
      requestId: p.requestId ?? undefined,
      orderId: p.orderId,
    }),
  );
  return t.app.inject({ method: "GET", url: url.pathname + url.search });
};

const confirmations = (orderId: number) =>
  t.db.$count(emailOutbox, eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: KEY });
  const u = await createUser(t.db, "cliente");
  buyer = await login(t.app, u.email, u.password);
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  const s = await createUser(t.db, "cliente");
  stranger = await login(t.app, s.email, s.password);
});
afterAll(() => t.close());

describe("payment callback", () => {
  it("marks a Multibanco order paid exactly once over ten replays, with one confirmation e-mail", async () => {
    const { orderId, payment, variantId } = await newOrder("mb");
    for (let i = 0; i < 10; i++) {
      const res = await callback(KEY, { ...payment, orderId });
      expect(res.statusCode).toBe(200);
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("paid");
    expect(order?.confirmationSentAt).toBeTruthy();
    expect(await confirmations(orderId)).toBe(1);
    const [v] = await t.db.select().from(variants).where(eq(variants.id, variantId));
    expect(v).toMatchObject({ stock: 3, reserved: 0 });
  });

  it("refuses a wrong anti-phishing key with 403 and changes nothing", async () => {
    const { orderId, payment } = await newOrder("payshop");
    const res = await callback("chave-errada-chave-errada", { ...payment, orderId });
    expect(res.statusCode).toBe(403);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("pending_payment");
  });

  it("records but does not apply a wrong amount or an unknown reference (200, so the gateway stops)", async () => {
    const { orderId, payment } = await newOrder("mb");
    const wrongAmount = await callback(KEY, { ...payment, orderId, amountCents: payment.amountCents - 1 });
    expect(wrongAmount.statusCode).toBe(200);
    const unknown = await callback(KEY, { ...payment, orderId, reference: "000000000" });
    expect(unknown.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("pending_payment");
    expect(await confirmations(orderId)).toBe(0);
  });

  it("pays MB WAY by request id", async () => {
    const { orderId, payment } = await newOrder("mbway");
    expect(payment.requestId).toBeTruthy();
    const res = await callback(KEY, { amountCents: payment.amountCents, requestId: payment.requestId, orderId });
    expect(res.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("paid");
  });
});

describe("expiry", () => {
  it("expires unpaid orders past their validity and returns the reserved stock, recorded as movements", async () => {
    const { orderId, payment, variantId } = await newOrder("mbway", 4);
    expect((await t.db.select().from(variants).where(eq(variants.id, variantId)))[0]).toMatchObject({
      stock: 2,
      reserved: 2,
    });
    // An MB WAY order waits MBWAY_SWITCH_GRACE_MINUTES after the request (for 'Pagar por Multibanco').
    await t.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - (MBWAY_SWITCH_GRACE_MINUTES + 1) * 60_000) })
      .where(eq(payments.id, payment.id));
    expect(await t.services.payments.expireDue()).toBeGreaterThanOrEqual(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("expired");
    expect((await t.db.select().from(variants).where(eq(variants.id, variantId)))[0]).toMatchObject({
      stock: 4,
      reserved: 0,
    });
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId));
    expect(moves.map((m) => [m.stockBefore, m.stockAfter])).toEqual([
      [4, 2],
      [2, 4],
    ]);
    // A late callback for the expired payment changes nothing.
    await callback(KEY, { amountCents: payment.amountCents, requestId: payment.requestId, orderId });
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("expired");
  });
});

describe("verification and confirmation calls", () => {
  it("verifies by reference with the provider: pending, then paid after the callback; unknown is no_data", async () => {
    const { orderId, payment } = await newOrder("mb");
    const pending = await t.app.inject({ url: `/api/payments/verify/${payment.reference}`, headers: admin });
    expect(pending.json()).toMatchObject({
      success: true,
      payment_status: "pending",
      message: "Status do pagamento: pending",
    });
    await callback(KEY, { ...payment, orderId });
    const paid = await t.app.inject({ url: `/api/payments/verify/${payment.reference}`, headers: admin });
    expect(paid.json()).toMatchObject({ payment_status: "paid" });
    const unknown = await t.app.inject({ url: "/api/payments/verify/ABCDEF", headers: admin });
    expect(unknown.json()).toMatchObject({
      success: false,
      payment_status: "no_data",
      message: "Pedido não encontrado",
    });
    const all = await t.app.inject({ url: "/api/payments/verify-all", headers: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().resultados.every((r: { status: string }) => r.status === "pending")).toBe(true);
  });

  it("confirms only paid orders, only to their owner, and never sends a second e-mail", async () => {
    const { orderId, payment } = await newOrder("payshop");
    const send = (headers: AuthHeaders) =>
      t.app.inject({
        method: "POST",
        url: "/api/email/send-order-confirmation",
        headers,
        payload: { order_id: orderId, payment_data: { status: "paid" } },
      });
    const early = await send(buyer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Apenas pagamentos confirmados podem ser notificados.");
    await callback(KEY, { ...payment, orderId });
    expect((await send(stranger)).statusCode).toBe(403);
    const ok = await send(buyer);
    expect(ok.statusCode).toBe(200);
    expect((await send(buyer)).statusCode).toBe(200);
    expect(await confirmations(orderId)).toBe(1);
  });
});

describe("admin sandbox simulation (POST /api/payments/sandbox/simulate)", () => {
  it("delivers the real callback over HTTP: the order becomes paid once, with one e-mail; clientes are refused", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { orderId, payment } = await newOrder("mb");
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: buyer,
      payload: { reference: payment.reference },
    });
    expect(refused.statusCode).toBe(403);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: admin,
      payload: { reference: payment.reference, outcome: "twice" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      order_id: orderId,
      deliveries: [{ status: 200 }, { status: 200 }],
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("paid");
    expect(await confirmations(orderId)).toBe(1);
  });

  it("a simulated failure (wrong amount) leaves the order unpaid; unknown references get 404; missing target 400", async () => {
    const { orderId, payment } = await newOrder("payshop");
    const fail = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: admin,
      payload: { reference: payment.reference, outcome: "fail" },
    });
    expect(fail.statusCode, fail.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("pending_payment");

    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: admin,
      payload: { reference: "000000000" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Dados de pagamento não encontrados");
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: admin,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});
