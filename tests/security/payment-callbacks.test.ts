import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { orderWithPayment } from "#tests/support/orders.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentEvents, payments } from "#server/modules/payments/schema.ts";
import { MAX_PENDING_ORDERS_PER_ACCOUNT } from "#server/modules/orders/rules.ts";
import { buildCallbackUrl, CALLBACK_PATH } from "#server/modules/payments/callback.ts";

/*
 * Forged, replayed and wrong-amount payment callbacks, beyond server/modules/payments/payments-flow.test.ts
 * (which covers a wrong key → 403, ten replays → paid once, amount one cent short and an unknown
 * reference → not applied, a late callback after expiry). Here: missing / near-miss keys in both
 * forms, overpayment, another entity, a second payment notice for a paid order, a replay that
 * mixes one order's reference with another's amount, other methods, and the simulator's failure.
 */

let t: TestApp;
let buyer: AuthHeaders;
let admin: AuthHeaders;
const KEY = "chave-anti-phishing-segura-123";

let ordersOfBuyer = 0;

async function newOrder(method: "mb" | "payshop" | "mbway" = "mb") {
  // Most of these orders stay unpaid, and one account may hold only a few unpaid orders: a new buyer when full.
  if (++ordersOfBuyer > MAX_PENDING_ORDERS_PER_ACCOUNT) {
    const u = await createUser(t.db, "cliente");
    buyer = await login(t.app, u.email, u.password);
    ordersOfBuyer = 1;
  }
  return orderWithPayment(t, buyer, { method, priceCents: 1234, stock: 5, quantity: 1 });
}

type Payment = Awaited<ReturnType<typeof newOrder>>["payment"];

function url(
  key: string,
  payment: Payment,
  orderId: number,
  over: Partial<{ amountCents: number; entity: string; reference: string; paidAt: Date }> = {},
  form: "current" | "legacy" = "current",
) {
  const full = new URL(
    buildCallbackUrl(
      "http://localhost:3000",
      key,
      {
        amountCents: over.amountCents ?? payment.amountCents,
        entity: over.entity ?? payment.entity ?? undefined,
        reference: over.reference ?? payment.reference ?? undefined,
        requestId: payment.requestId ?? undefined,
        orderId,
        paidAt: over.paidAt,
      },
      { form },
    ),
  );
  return full.pathname + full.search;
}

const hit = (u: string) => t.app.inject({ method: "GET", url: u });
const orderStatus = async (orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const confirmations = (orderId: number) =>
  t.db.$count(emailOutbox, eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: KEY });
  const u = await createUser(t.db, "cliente");
  buyer = await login(t.app, u.email, u.password);
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
});
afterAll(() => t.close());

describe("forged callbacks (wrong key) change nothing", () => {
  it.each([
    ["no key at all", (u: string) => u.replace(/key=[^&]*&?/, "")],
    ["an empty key", (u: string) => u.replace(/key=[^&]*/, "key=")],
    ["the key in upper case", (u: string) => u.replace(/key=[^&]*/, `key=${KEY.toUpperCase()}`)],
    ["a prefix of the key", (u: string) => u.replace(/key=[^&]*/, `key=${KEY.slice(0, -1)}`)],
    ["the key plus a character", (u: string) => u.replace(/key=[^&]*/, `key=${KEY}x`)],
    ["the key with a trailing space", (u: string) => u.replace(/key=[^&]*/, `key=${KEY}%20`)],
    ["the key with a NUL", (u: string) => u.replace(/key=[^&]*/, `key=${KEY}%00`)],
    ["a SQL fragment as key", (u: string) => u.replace(/key=[^&]*/, "key=%27%20or%201%3D1%20--")],
    ["the key sent twice with a wrong one", (u: string) => u.replace(/key=[^&]*/, `key=${KEY}&key=errada`)],
  ])("%s: 403 (or ignored), order unpaid, no event recorded", async (_label, forge) => {
    const { orderId, payment } = await newOrder("mb");
    const eventsBefore = await t.db.$count(paymentEvents);
    const res = await hit(forge(url(KEY, payment, orderId)));
    // 403, or 200 for a malformed query (a duplicated parameter is dropped before the key is read).
    expect([200, 403]).toContain(res.statusCode);
    expect(await orderStatus(orderId)).toBe("pending_payment");
    expect(await confirmations(orderId)).toBe(0);
    expect(await t.db.$count(paymentEvents)).toBe(eventsBefore);
  });

  it("the older form (chave=…) with a wrong key is refused too, for Multibanco and MB WAY", async () => {
    for (const method of ["mb", "mbway"] as const) {
      const { orderId, payment } = await newOrder(method);
      const res = await hit(url("chave-errada-chave-errada-12", payment, orderId, {}, "legacy"));
      expect(res.statusCode, method).toBe(403);
      expect(await orderStatus(orderId)).toBe("pending_payment");
    }
  });

  it("only GET is the callback: a POST with the right key is a JSON 404", async () => {
    const { orderId, payment } = await newOrder("mb");
    const res = await t.app.inject({ method: "POST", url: url(KEY, payment, orderId) });
    expect(res.statusCode).toBe(404);
    expect(await orderStatus(orderId)).toBe("pending_payment");
  });

  it("the key never ends up in the stored event", async () => {
    const { orderId, payment } = await newOrder("payshop");
    expect((await hit(url(KEY, payment, orderId))).statusCode).toBe(200);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.length).toBe(1);
    expect(JSON.stringify(events[0]!.payload)).not.toContain(KEY);
  });
});

describe("wrong amounts and mismatched identifiers", () => {
  it.each([
    ["one cent more", 1],
    ["double", 1234 + 40],
    ["a huge amount", 99_999_999],
  ])("overpaying (%s) is not applied", async (_label, extra) => {
    const { orderId, payment } = await newOrder("mb");
    const res = await hit(url(KEY, payment, orderId, { amountCents: payment.amountCents + extra }));
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe("pending_payment");
  });

  it.each(["0", "-12.34", "abc", "12.345", "1e3", "NaN", "Infinity"])(
    "a malformed amount %j is ignored",
    async (amount) => {
      const { orderId, payment } = await newOrder("mb");
      const u = url(KEY, payment, orderId).replace(/amount=[^&]*/, `amount=${encodeURIComponent(amount)}`);
      const res = await hit(u);
      expect(res.statusCode).toBeLessThan(500);
      expect(await orderStatus(orderId)).toBe("pending_payment");
    },
  );

  it("the right reference with another entity is not applied", async () => {
    const { orderId, payment } = await newOrder("mb");
    expect(payment.entity).toBeTruthy();
    const other = payment.entity === "11111" ? "22222" : "11111";
    expect((await hit(url(KEY, payment, orderId, { entity: other }))).statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe("pending_payment");
  });

  it("a cheap order's amount with an expensive order's reference pays neither", async () => {
    const cheap = await newOrder("mb");
    const dear = await newOrder("mb");
    await t.db.update(payments).set({ amountCents: 99_900 }).where(eq(payments.id, dear.payment.id));
    const res = await hit(
      url(KEY, cheap.payment, cheap.orderId, { reference: dear.payment.reference!, entity: dear.payment.entity! }),
    );
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(dear.orderId)).toBe("pending_payment");
    expect(await orderStatus(cheap.orderId)).toBe("pending_payment");
  });

  it("a wrong-amount notice first does not block the right one afterwards (paid once)", async () => {
    const { orderId, payment } = await newOrder("payshop");
    await hit(url(KEY, payment, orderId, { amountCents: payment.amountCents - 1 }));
    expect((await hit(url(KEY, payment, orderId))).statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await confirmations(orderId)).toBe(1);
  });
});

describe("replays", () => {
  it("a second, different payment notice for an already paid order changes nothing (one e-mail, stock sold once)", async () => {
    const { orderId, payment, variantId } = await newOrder("mb");
    // The first notice stamped two seconds ago; the next ones now (other time stamp = another event key).
    expect((await hit(url(KEY, payment, orderId, { paidAt: new Date(Date.now() - 2_000) }))).statusCode).toBe(200);
    const [v1] = await t.db.select().from(variants).where(eq(variants.id, variantId));
    expect((await hit(url(KEY, payment, orderId))).statusCode).toBe(200);
    expect((await hit(url(KEY, payment, orderId, {}, "legacy"))).statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await confirmations(orderId)).toBe(1);
    const [v2] = await t.db.select().from(variants).where(eq(variants.id, variantId));
    expect(v2).toMatchObject({ stock: v1!.stock, reserved: v1!.reserved });
  });

  it("concurrent replays of one notice pay once", async () => {
    const { orderId, payment } = await newOrder("mbway");
    const u = url(KEY, payment, orderId);
    const results = await Promise.all(Array.from({ length: 8 }, () => hit(u)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await confirmations(orderId)).toBe(1);
  });

  it("a callback for a cancelled order's payment does not revive it", async () => {
    const { orderId, payment } = await newOrder("mb");
    await t.db.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    await t.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId));
    expect((await hit(url(KEY, payment, orderId))).statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe("cancelled");
    expect(await confirmations(orderId)).toBe(0);
  });
});

describe("sandbox simulation", () => {
  it("answers 502 with a pt-PT message when the callback cannot be delivered (nothing paid)", async () => {
    // This app is not listening, so its own callback address does not answer.
    const { orderId, payment } = await newOrder("mb");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/simulate",
      headers: admin,
      payload: { reference: payment.reference },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Não foi possível entregar/);
    expect(await orderStatus(orderId)).toBe("pending_payment");
  });

  it("the callback path is the one the route table lists", () => {
    expect(CALLBACK_PATH).toBe("/api/payments/callback");
  });
});
