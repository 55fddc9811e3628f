import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { CALLBACK_KEY, checkout, seedProduct } from "#tests/support/orders.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orderEvents, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { MBWAY_SWITCH_GRACE_MINUTES } from "#server/modules/orders/expiry.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";
import { isValidMultibancoReference } from "#server/modules/payments/multibanco.ts";
import { SWITCH_MESSAGES } from "./payment-page.ts";

/*
 * The payment page's calls: GET /api/users/me/orders/:id/status (own order only) and
 * POST /api/users/me/orders/:id/pay-multibanco (a failed or expired MB WAY becomes a Multibanco reference for the
 * same order, stock kept), checked against the rows they should have written or left alone.
 */

let t: TestApp;
let buyer: Session;
let stranger: Session;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY, MB_ENTITY: "12345", MB_SUBENTITY: "123" });
  stranger = await signIn(t, "cliente");
});
afterAll(() => t.close());
beforeEach(async () => {
  // One account holds only a few unpaid orders (orders/rules.ts): a fresh buyer per test.
  buyer = await signIn(t, "cliente");
});

/** An order of two different lines, paid with `method`; returns its id and its variants. */
async function placeOrder(method: "mb" | "mbway" | "payshop") {
  const a = await seedProduct(t, 1790, 6);
  const b = await seedProduct(t, 2350, 4);
  const res = await checkout(t, buyer.headers, {
    metodo_pagamento: method,
    telemovel: method === "mbway" ? "912345678" : undefined,
    items: [
      { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 },
      { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { orderId: res.json().order_id as number, variantIds: [a.variants[0]!.id, b.variants[0]!.id] };
}

const status = (orderId: number | string, headers: Record<string, string> = buyer.headers) =>
  t.app.inject({ method: "GET", url: `/api/users/me/orders/${orderId}/status`, headers });
const switchToMb = (orderId: number, headers: Record<string, string> = buyer.headers) =>
  t.app.inject({ method: "POST", url: `/api/users/me/orders/${orderId}/pay-multibanco`, headers });

const paymentsOf = (orderId: number) =>
  t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const orderRow = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const variantRows = (ids: number[]) =>
  t.db
    .select({ id: variants.id, stock: variants.stock, reserved: variants.reserved })
    .from(variants)
    .where(inArray(variants.id, ids))
    .orderBy(asc(variants.id));
const mailsOf = async (kind: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).map((m) => m.dedupeKey);

/** The MB WAY request's 4 minutes are over (minutesAgo after its end). */
async function endMbway(orderId: number, minutesAgo = 1) {
  await t.db
    .update(payments)
    .set({ expiresAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(payments.orderId, orderId));
}

/** Plays the gateway: the paid notification for this very payment row. */
async function notifyPaid(payment: typeof payments.$inferSelect) {
  const url = new URL(
    buildCallbackUrl("http://localhost:3000", CALLBACK_KEY, {
      amountCents: payment.amountCents,
      entity: payment.entity ?? undefined,
      reference: payment.reference ?? undefined,
      requestId: payment.requestId ?? undefined,
      orderId: payment.orderId,
    }),
  );
  return t.app.inject({ method: "GET", url: url.pathname + url.search });
}

describe("GET /api/users/me/orders/:id/status", () => {
  it("answers the own order's status and its payment as stored; follows it to paid", async () => {
    const { orderId } = await placeOrder("mb");
    const [payment] = await paymentsOf(orderId);
    const order = await orderRow(orderId);
    const res = await status(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      order_id: orderId,
      estado: "pending_payment",
      estado_texto: "A aguardar pagamento",
      pago: false,
      pagamento_estado: "pending",
      pode_pagar_multibanco: false,
    });
    expect(body.pagamento).toMatchObject({
      metodo: "MB",
      entidade: payment!.entity,
      referencia: payment!.reference,
      valor: payment!.amountCents / 100,
      expira_em: payment!.expiresAt!.toISOString(),
      order_id: orderId,
    });
    // The amount is the order's total (lines + delivery), both read from the database.
    expect(payment!.amountCents).toBe(order.totalCents);
    expect(order.totalCents).toBe(2 * 1790 + 2350 + order.shippingCents);
    expect(Math.abs(Date.parse(body.agora) - Date.now())).toBeLessThan(60_000);

    expect((await notifyPaid(payment!)).statusCode).toBe(200);
    const paid = (await status(orderId)).json();
    expect(paid).toMatchObject({ estado: "paid", pago: true, pagamento_estado: "paid", pode_pagar_multibanco: false });
  });

  it("answers 404 for someone else's order and for one that does not exist, 401 without a session, 400 for a bad id", async () => {
    const { orderId } = await placeOrder("payshop");
    const foreign = await status(orderId, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Encomenda não encontrada.");
    expect((await status(orderId + 100_000)).statusCode).toBe(404);
    const anonymous = await status(orderId, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().pagamento).toBeUndefined();
    const bad = await status("abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Número de encomenda inválido.");
  });
});

describe("POST /api/users/me/orders/:id/pay-multibanco", () => {
  it("turns an expired MB WAY into a Multibanco reference for the same order: stock kept, timeline, e-mail", async () => {
    const { orderId, variantIds } = await placeOrder("mbway");
    const stockBefore = await variantRows(variantIds);
    const movementsBefore = await t.db.$count(stockMovements, eq(stockMovements.orderId, orderId));

    // While the request can still be accepted in the app, the switch is refused and changes nothing.
    expect((await status(orderId)).json().pode_pagar_multibanco).toBe(false);
    const early = await switchToMb(orderId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SWITCH_MESSAGES.mbwayPending);
    expect(await paymentsOf(orderId)).toHaveLength(1);

    await endMbway(orderId);
    // The expiry job leaves the order waiting during the grace period, stock still reserved.
    await t.services.payments.expireDue();
    expect((await orderRow(orderId)).status).toBe("pending_payment");
    expect((await status(orderId)).json()).toMatchObject({ pode_pagar_multibanco: true, pagamento_estado: "pending" });

    const res = await switchToMb(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const [mbway, mb] = await paymentsOf(orderId);
    const order = await orderRow(orderId);
    expect(mbway).toMatchObject({ method: "mbway", status: "expired" });
    expect(mb).toMatchObject({ method: "mb", status: "pending", amountCents: order.totalCents, entity: "12345" });
    expect(isValidMultibancoReference("12345", mb!.reference!, order.totalCents)).toBe(true);
    expect(order).toMatchObject({ status: "pending_payment", paymentMethod: "mb" });
    expect(res.json()).toMatchObject({
      estado: "pending_payment",
      pode_pagar_multibanco: false,
      pagamento_estado: "pending",
      pagamento: { metodo: "MB", entidade: "12345", referencia: mb!.reference, valor: order.totalCents / 100 },
    });
    // Stock untouched: same shelf and reserved units, no movement.
    expect(await variantRows(variantIds)).toEqual(stockBefore);
    expect(await t.db.$count(stockMovements, eq(stockMovements.orderId, orderId))).toBe(movementsBefore);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.kind === "payment")).toEqual([
      expect.objectContaining({
        actorName: "Cliente",
        data: expect.objectContaining({ from_payment_id: mbway!.id, payment_id: mb!.id, reference: mb!.reference }),
      }),
    ]);
    expect(await mailsOf("payment-instructions")).toEqual(
      expect.arrayContaining([`payment-instructions:${mbway!.id}`, `payment-instructions:${mb!.id}`]),
    );

    // A second click answers the same reference and writes nothing new.
    const again = await switchToMb(orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json().pagamento.referencia).toBe(mb!.reference);
    expect(await paymentsOf(orderId)).toHaveLength(2);
    expect((await mailsOf("payment-instructions")).filter((k) => k === `payment-instructions:${mb!.id}`)).toHaveLength(
      1,
    );

    // The retired MB WAY request succeeding late cannot pay the order: only the Multibanco reference can.
    expect((await notifyPaid(mbway!)).statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe("pending_payment");
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(["expired", "pending"]);
    expect((await notifyPaid(mb!)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid" });
    const paidAgain = await switchToMb(orderId);
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json().message).toBe(SWITCH_MESSAGES.paid);
  });

  it("two clicks at the same moment store one reference and answer it to both", async () => {
    const { orderId } = await placeOrder("mbway");
    await endMbway(orderId);
    const [a, b] = await Promise.all([switchToMb(orderId), switchToMb(orderId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await paymentsOf(orderId);
    expect(rows.map((p) => [p.method, p.status])).toEqual([
      ["mbway", "expired"],
      ["mb", "pending"],
    ]);
    expect(a.json().pagamento.referencia).toBe(rows[1]!.reference);
    expect(b.json().pagamento.referencia).toBe(rows[1]!.reference);
  });

  it("a declined MB WAY (sandbox 'fail') can be paid by Multibanco at once", async () => {
    const { orderId } = await placeOrder("mbway");
    const admin = await signIn(t, "admin");
    const declined = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: admin.headers,
      payload: { order_id: orderId, outcome: "fail" },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await status(orderId)).json()).toMatchObject({ pode_pagar_multibanco: true, pagamento_estado: "failed" });
    const res = await switchToMb(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentsOf(orderId)).map((p) => [p.method, p.status])).toEqual([
      ["mbway", "failed"],
      ["mb", "pending"],
    ]);
  });

  it("a declined MB WAY left alone expires after the grace; a switched one waits on its reference", async () => {
    const alone = await placeOrder("mbway");
    const stockBefore = await variantRows(alone.variantIds);
    await t.db.update(payments).set({ status: "failed" }).where(eq(payments.orderId, alone.orderId));
    await endMbway(alone.orderId, 1);
    await t.services.payments.expireDue();
    expect((await orderRow(alone.orderId)).status).toBe("pending_payment");
    await endMbway(alone.orderId, MBWAY_SWITCH_GRACE_MINUTES + 1);
    await t.services.payments.expireDue();
    expect((await orderRow(alone.orderId)).status).toBe("expired");
    const after = await variantRows(alone.variantIds);
    expect(after.map((v) => v.stock)).toEqual([stockBefore[0]!.stock + 2, stockBefore[1]!.stock + 1]);

    const moved = await placeOrder("mbway");
    await t.db.update(payments).set({ status: "failed" }).where(eq(payments.orderId, moved.orderId));
    expect((await switchToMb(moved.orderId)).statusCode).toBe(200);
    const [mbway] = await paymentsOf(moved.orderId);
    await t.db
      .update(payments)
      .set({ expiresAt: sql`now() - make_interval(mins => ${MBWAY_SWITCH_GRACE_MINUTES + 1})` })
      .where(eq(payments.id, mbway!.id));
    await t.services.payments.expireDue();
    expect((await orderRow(moved.orderId)).status).toBe("pending_payment");
    expect((await paymentsOf(moved.orderId)).map((p) => p.status)).toEqual(["failed", "pending"]);
  });

  it("refuses a Multibanco or Payshop order, an expired one and someone else's, changing nothing", async () => {
    const mb = await placeOrder("mb");
    const refused = await switchToMb(mb.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SWITCH_MESSAGES.notMbway);
    const payshop = await placeOrder("payshop");
    expect((await switchToMb(payshop.orderId)).json().message).toBe(SWITCH_MESSAGES.notMbway);

    const late = await placeOrder("mbway");
    const stockBefore = await variantRows(late.variantIds);
    expect((await switchToMb(late.orderId, stranger.headers)).statusCode).toBe(404);
    // Past the grace period the expiry job gives the stock back; the switch is then refused.
    await endMbway(late.orderId, MBWAY_SWITCH_GRACE_MINUTES + 1);
    await t.services.payments.expireDue();
    expect((await orderRow(late.orderId)).status).toBe("expired");
    const expired = await switchToMb(late.orderId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(SWITCH_MESSAGES.expired);
    expect(await paymentsOf(late.orderId)).toHaveLength(1);
    // The reserved units went back to the shelf, one for one.
    const after = await variantRows(late.variantIds);
    expect(after.map((v) => v.stock)).toEqual([stockBefore[0]!.stock + 2, stockBefore[1]!.stock + 1]);
    expect(after.map((v) => v.reserved)).toEqual([stockBefore[0]!.reserved - 2, stockBefore[1]!.reserved - 1]);
  });
});
