import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { CALLBACK_KEY, orderWithPayment, payOrder } from "#tests/support/orders.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentExceptions, payments } from "#server/modules/payments/schema.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";

/*
 * Issue 20 item 9: an account cannot be deleted while the shop owes its owner money. A paid order the admin cancelled
 * (refund 'due') or a payment exception not yet refunded (late payment, another amount) on one of the account's
 * orders refuses POST /api/users/me/delete with 409, naming the orders, and nothing changes; once the refund is made,
 * the account goes.
 */

let t: TestApp;
let admin: AuthHeaders;

const MESSAGE = (ids: number[]) =>
  `Não é possível eliminar a conta enquanto a loja lhe dever um reembolso (${ids.map((id) => `#${id}`).join(", ")}). ` +
  "Poderá eliminá-la depois do reembolso.";

async function shopper() {
  const u = await createUser(t.db, "cliente");
  return { ...u, headers: await login(t.app, u.email, u.password) };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

const remove = (s: Shopper) =>
  t.app.inject({ method: "POST", url: "/api/users/me/delete", headers: s.headers, payload: { password: s.password } });
const anonymised = async (s: Shopper) =>
  (await t.db.select().from(users).where(eq(users.id, s.id)))[0]!.anonymisedAt !== null;

/** The gateway's paid notification for this payment, with an amount of our choosing. */
function callback(p: typeof payments.$inferSelect, amountCents = p.amountCents) {
  const url = new URL(
    buildCallbackUrl("http://localhost:3000", CALLBACK_KEY, {
      amountCents,
      entity: p.entity ?? undefined,
      reference: p.reference ?? undefined,
      requestId: p.requestId ?? undefined,
      orderId: p.orderId,
      paidAt: new Date("2026-11-20T10:15:30.000Z"),
    }),
  );
  return t.app.inject({ method: "GET", url: url.pathname + url.search });
}

/** The order's payment passes its validity and the expiry job runs. */
async function expire(paymentId: number) {
  await t.db
    .update(payments)
    .set({ expiresAt: new Date(Date.now() - 24 * 3600_000) })
    .where(eq(payments.id, paymentId));
  await t.services.payments.expireDue();
}

const resolve = (id: number, resolution: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/payments/exceptions/${id}/resolution`,
    headers: admin,
    payload: { resolution, note: "Transferência feita." },
  });

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY });
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
});
afterAll(() => t.close());

describe("POST /api/users/me/delete while the shop owes money", () => {
  it("a paid order the admin cancelled, refund 'due': 409 naming it, until the refund is marked done", async () => {
    const ana = await shopper();
    const { orderId } = await orderWithPayment(t, ana.headers, {
      method: "mb",
      priceCents: 1500,
      stock: 5,
      quantity: 1,
    });
    await payOrder(t, orderId);
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/orders/${orderId}/status`,
      headers: admin,
      payload: { status: "cancelled", reason: "Sem stock." },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect([row!.status, row!.refundStatus]).toEqual(["cancelled", "due"]);

    const refused = await remove(ana);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGE([orderId]));
    expect(await anonymised(ana)).toBe(false);
    expect((await t.app.inject({ url: "/api/users/me", headers: ana.headers })).statusCode).toBe(200);

    const done = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/refund-done`, headers: admin });
    expect(done.statusCode, done.body).toBe(200);
    const deleted = await remove(ana);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await anonymised(ana)).toBe(true);
  });

  it("a late payment's open exception, then marked for refund: 409; once refunded, the account goes", async () => {
    const rui = await shopper();
    const { orderId, payment } = await orderWithPayment(t, rui.headers, {
      method: "mb",
      priceCents: 1000,
      stock: 5,
      quantity: 2,
    });
    await expire(payment.id);
    expect((await callback(payment)).statusCode).toBe(200);
    const [exception] = await t.db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, orderId));
    expect([exception!.kind, exception!.status]).toEqual(["late", "open"]);

    const refused = await remove(rui);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGE([orderId]));

    expect((await resolve(exception!.id, "refund_due")).statusCode).toBe(200);
    expect((await remove(rui)).statusCode).toBe(409);
    expect(await anonymised(rui)).toBe(false);

    expect((await resolve(exception!.id, "refunded")).statusCode).toBe(200);
    const deleted = await remove(rui);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it("another amount paid on an order that then expired: 409 while the exception is open; a dismissed one does not hold it", async () => {
    const eva = await shopper();
    const { orderId, payment } = await orderWithPayment(t, eva.headers, {
      method: "mb",
      priceCents: 1000,
      stock: 5,
      quantity: 1,
    });
    expect((await callback(payment, 500)).statusCode).toBe(200);
    await expire(payment.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("expired");
    const [exception] = await t.db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, orderId));
    expect([exception!.kind, exception!.status]).toEqual(["amount_mismatch", "open"]);

    const refused = await remove(eva);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGE([orderId]));

    expect((await resolve(exception!.id, "dismissed")).statusCode).toBe(200);
    expect((await remove(eva)).statusCode).toBe(200);
  });
});
