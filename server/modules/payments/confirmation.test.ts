import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentEvents, payments } from "./schema.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";

/*
 * 'Enviar confirmação' (issue 11, 2.6): the admin's resend of a paid order's confirmation really
 * queues one e-mail per click, recorded with who and when; unpaid orders are refused and get nothing.
 */

let t: TestApp;
let admin: { id: number; email: string; headers: AuthHeaders };
let buyer: { id: number; email: string; headers: AuthHeaders };
let stranger: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY });
  const a = await createUser(t.db, "admin");
  admin = { id: a.id, email: a.email, headers: await login(t.app, a.email, a.password) };
  const b = await createUser(t.db, "cliente");
  buyer = { id: b.id, email: b.email, headers: await login(t.app, b.email, b.password) };
  const s = await createUser(t.db, "cliente");
  stranger = await login(t.app, s.email, s.password);
});
afterAll(() => t.close());

async function newOrder(): Promise<number> {
  const {
    product: p,
    variants: [v],
  } = await seedProduct(t, 1790, 5);
  const res = await checkout(t, buyer.headers, { items: [{ product_id: p.id, variant_id: v!.id, quantity: 1 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order_id;
}

const send = (headers: AuthHeaders, orderId: number) =>
  t.app.inject({ method: "POST", url: "/api/email/send-order-confirmation", headers, payload: { order_id: orderId } });

/** The confirmation e-mails of one order in the outbox, oldest first. */
const confirmations = (orderId: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "order-confirmation"), like(emailOutbox.subject, `%encomenda #${orderId}`)))
    .orderBy(asc(emailOutbox.id));

const resendEvents = async (orderId: number) =>
  (await t.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id))).filter(
    (e) =>
      (e.payload as { order_id?: number }).order_id === orderId &&
      (e.payload as { type?: string }).type === "confirmation_resend",
  );

describe("POST /api/email/send-order-confirmation", () => {
  it("refuses an unpaid order with the spec's message and writes no e-mail", async () => {
    const orderId = await newOrder();
    const res = await send(admin.headers, orderId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe("Apenas pagamentos confirmados podem ser notificados.");
    expect(await confirmations(orderId)).toHaveLength(0);
    expect(await resendEvents(orderId)).toHaveLength(0);
  });

  it("queues one e-mail to the buyer per admin click on a paid order, each recorded with who and when", async () => {
    const orderId = await newOrder();
    await payOrder(t, orderId);
    const afterPayment = await confirmations(orderId);
    expect(afterPayment).toHaveLength(1); // the one the payment queued

    const started = Date.now();
    for (let click = 1; click <= 2; click++) {
      const res = await send(admin.headers, orderId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: `Confirmação da encomenda #${orderId} enviada para ${buyer.email}.`,
      });
      const mails = await confirmations(orderId);
      expect(mails).toHaveLength(1 + click);
      const latest = mails.at(-1)!;
      expect(latest).toMatchObject({
        toAddress: buyer.email,
        status: "pending",
        subject: afterPayment[0]!.subject,
        text: afterPayment[0]!.text,
      });
    }

    const events = await resendEvents(orderId);
    const mails = await confirmations(orderId);
    expect(events).toHaveLength(2);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    events.forEach((e, i) => {
      expect(e.paymentId).toBe(payment!.id);
      expect(e.payload).toEqual({
        type: "confirmation_resend",
        order_id: orderId,
        by_user_id: admin.id,
        by_email: admin.email,
        outbox_id: mails[i + 1]!.id,
      });
      expect(e.receivedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.confirmationSentAt!.getTime()).toBe(events[1]!.receivedAt.getTime());
  });

  it("answers the buyer truthfully on the payment page (the payment already queued it) without a second copy", async () => {
    const orderId = await newOrder();
    await payOrder(t, orderId);
    const res = await send(buyer.headers, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await confirmations(orderId);
    expect(mails).toHaveLength(1);
    const expected =
      mails[0]!.status === "sent"
        ? "O email de confirmação desta encomenda já foi enviado."
        : "O email de confirmação desta encomenda já está na fila de envio.";
    expect(res.json()).toEqual({ success: true, message: expected });
    expect(await resendEvents(orderId)).toHaveLength(0);
  });

  it("refuses another cliente's order and writes nothing", async () => {
    const orderId = await newOrder();
    await payOrder(t, orderId);
    const res = await send(stranger, orderId);
    expect(res.statusCode).toBe(403);
    expect(await confirmations(orderId)).toHaveLength(1);
  });
});
