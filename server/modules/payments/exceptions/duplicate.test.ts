import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import { orderEvents } from "#server/modules/orders/schema.ts";
import { paymentEvents, paymentExceptions } from "#server/modules/payments/schema.ts";
import { lockPayment } from "#server/modules/payments/status.ts";
import { applyPayment } from "#server/flows/payment-received/payment-received.ts";
import {
  callback,
  confirmations,
  ctx,
  emlOf,
  eur,
  exceptionMails,
  exceptionsOf,
  list,
  newOrder,
  orderOf,
  PAID_AT,
  paymentOf,
  resolve,
  useExceptionsApp,
  variantOf,
} from "#tests/support/payment-exceptions-kit.ts";

/*
 * Issue 20 item 10: a reference paid twice is never silently dropped. A second callback for an already-paid
 * reference with another payment_datetime is a second real payment: it becomes a payment exception 'Pagamento em
 * duplicado' (once per event, whatever the replays), every admin gets an e-mail, /payment-status offers the refund
 * path, the gateway still gets 200, and the order, its payment and its stock do not move.
 */

useExceptionsApp();
let t: TestApp;
let admin: typeof ctx.admin;
let otherAdmin: typeof ctx.otherAdmin;
beforeAll(() => {
  ({ t, admin, otherAdmin } = ctx);
});

const SECOND = new Date(PAID_AT.getTime() + 3 * 3600_000);
const THIRD = new Date(PAID_AT.getTime() + 26 * 3600_000);

describe("a second payment of an already-paid reference", () => {
  it("is one 'duplicate' exception per event, e-mailed once to each admin, with the refund path; the gateway gets 200", async () => {
    const { orderId, payment, variantId } = await newOrder();
    expect((await callback(payment, PAID_AT)).statusCode).toBe(200);
    const paid = await paymentOf(payment.id);
    expect(paid.status).toBe("paid");
    const stockAfterPaying = await variantOf(variantId);
    // The same notice again is a replay: nothing at all.
    expect((await callback(payment, PAID_AT)).statusCode).toBe(200);
    expect(await exceptionsOf(eq(paymentExceptions.paymentId, payment.id))).toHaveLength(0);

    // Another payment_datetime: the buyer paid the reference a second time. Replayed three times.
    for (let i = 0; i < 3; i++) {
      const res = await callback(payment, SECOND);
      expect(res.statusCode).toBe(200);
    }
    const rows = await exceptionsOf(eq(paymentExceptions.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    const exception = rows[0]!;
    expect(exception).toMatchObject({
      kind: "duplicate",
      status: "open",
      orderId,
      method: "mb",
      entity: payment.entity,
      reference: payment.reference,
      amountCents: payment.amountCents,
      expectedCents: payment.amountCents,
    });
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, exception.paymentEventId!));
    expect(event!.paymentId).toBe(payment.id);

    // Nothing else moved: still paid once, at the first time, one confirmation, the stock sold once.
    expect((await orderOf(orderId)).status).toBe("paid");
    expect(await paymentOf(payment.id)).toEqual(paid);
    expect(await confirmations(orderId)).toHaveLength(1);
    expect(await variantOf(variantId)).toEqual(stockAfterPaying);

    // The timeline says what arrived.
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "payment")));
    expect(events.map((e) => e.message)).toContain(
      `Pagamento em duplicado: recebidos ${eur(payment.amountCents)} (exceção de pagamento #${exception.id}).`,
    );

    // Each admin once (not the anonymised one), with what to do.
    const mails = await exceptionMails(exception.id);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([admin.email, otherAdmin.email].sort());
    const eml = await emlOf(mails.find((m) => m.toAddress === admin.email)!.id);
    expect(eml.subject).toBe(`Exceção de pagamento: pagamento em duplicado (encomenda #${orderId})`);
    expect(eml.text).toContain("Situação: Pagamento em duplicado");
    expect(eml.text).toContain(`Valor recebido: ${eur(payment.amountCents)}`);
    expect(eml.text).toContain(`Referência: ${payment.reference}`);
    expect(eml.text).toContain(`Encomenda: #${orderId} (Paga)`);
    expect(eml.text).toContain("marque-o para reembolso");
    expect(eml.text).toContain("http://localhost:3000/payment-status");

    // /payment-status: the refund path (never 'Repor encomenda').
    const listed = await list("?limit=100");
    expect(listed.statusCode).toBe(200);
    const item = (listed.json() as { id: number; kind: string; actions: string[] }[]).find(
      (e) => e.id === exception.id,
    );
    expect(item).toMatchObject({ kind: "duplicate", actions: ["refund_due", "refunded", "dismissed"] });
    const due = await resolve(exception.id, { resolution: "refund_due" });
    expect(due.statusCode, due.body).toBe(200);
    const done = await resolve(exception.id, { resolution: "refunded", note: "Transferência feita." });
    expect(done.json().exception).toMatchObject({ status: "refunded", actions: [] });

    // A third payment (yet another time) is its own exception; its replay is not.
    await callback(payment, THIRD);
    await callback(payment, THIRD);
    expect((await exceptionsOf(eq(paymentExceptions.paymentId, payment.id))).map((e) => e.kind)).toEqual([
      "duplicate",
      "duplicate",
    ]);
  });

  it("the first notice of a payment the admin's 'Verificar' already applied is not a duplicate", async () => {
    const { orderId, payment } = await newOrder();
    // What 'Verificar' does once the provider confirms the payment: applied without any gateway notice.
    await t.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id, ["pending"]);
      await applyPayment(tx, locked!, PAID_AT, "http://localhost:3000");
    });
    expect((await callback(payment, SECOND)).statusCode).toBe(200);
    expect((await orderOf(orderId)).status).toBe("paid");
    expect(await exceptionsOf(eq(paymentExceptions.paymentId, payment.id))).toHaveLength(0);
    // Its notice is then linked to the payment: a later, other payment of it is a duplicate.
    await callback(payment, THIRD);
    expect((await exceptionsOf(eq(paymentExceptions.paymentId, payment.id))).map((e) => e.kind)).toEqual(["duplicate"]);
  });
});
