import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "#tests/support/db.ts";
import { orderEvents } from "#server/modules/orders/schema.ts";
import { paymentEvents, paymentExceptions, payments } from "#server/modules/payments/schema.ts";
import {
  callback,
  ctx,
  emlOf,
  eur,
  exceptionMails,
  exceptionOfPayment,
  exceptionsOf,
  expire,
  newOrder,
  orderOf,
  paymentOf,
  useExceptionsApp,
  variantOf,
} from "#tests/support/payment-exceptions-kit.ts";

/*
 * 'Exceções de pagamento', as the gateway's callback creates them: after expiry, a different amount, an unknown
 * reference arrive through the real callback route, are stored once whatever the replays, and every admin account
 * (not an anonymised one) gets an e-mail, read from the .eml the outbox writes.
 */

useExceptionsApp();
let t: TestApp;
let admin: typeof ctx.admin;
let otherAdmin: typeof ctx.otherAdmin;
beforeAll(() => {
  ({ t, admin, otherAdmin } = ctx);
});

describe("the callback records each kind once and tells every admin", () => {
  it("late: an expired order's exact payment is one exception, kept once over replays, e-mailed to the admins", async () => {
    const { orderId, payment, variantId } = await newOrder();
    await expire(payment.id);
    expect(await variantOf(variantId)).toMatchObject({ stock: 5, reserved: 0 });
    for (let i = 0; i < 3; i++) expect((await callback(payment)).statusCode).toBe(200);

    const exception = await exceptionOfPayment(payment.id);
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, exception.paymentEventId!));
    expect(event!.paymentId).toBe(payment.id);
    expect(exception).toMatchObject({
      kind: "late",
      status: "open",
      orderId,
      method: "mb",
      entity: payment.entity,
      reference: payment.reference,
      amountCents: payment.amountCents,
      expectedCents: payment.amountCents,
    });
    // Nothing else moved: the order stays expired, the stock on the shelf.
    expect((await orderOf(orderId)).status).toBe("expired");
    expect(await variantOf(variantId)).toMatchObject({ stock: 5, reserved: 0 });

    const mails = await exceptionMails(exception.id);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([admin.email, otherAdmin.email].sort());
    const eml = await emlOf(mails.find((m) => m.toAddress === admin.email)!.id);
    expect(eml.to).toEqual([admin.email]);
    expect(eml.subject).toBe(`Exceção de pagamento: pagamento após expiração (encomenda #${orderId})`);
    expect(eml.text).toContain(`Olá ${admin.name},`);
    expect(eml.text).toContain(`Valor recebido: ${eur(payment.amountCents)}`);
    expect(eml.text).toContain(`Valor esperado: ${eur(payment.amountCents)}`);
    expect(eml.text).toContain(`Referência: ${payment.reference}`);
    expect(eml.text).toContain(`Entidade: ${payment.entity}`);
    expect(eml.text).toContain(`Encomenda: #${orderId} (Expirada)`);
    expect(eml.text).toContain("'Repor encomenda'");
    expect(eml.text).toContain("http://localhost:3000/payment-status");
    expect(eml.html).toContain('href="http://localhost:3000/payment-status"');
    expect(eml.html).toContain(`${payment.reference}`);

    // The order's timeline says what arrived.
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.kind === "payment").map((e) => e.message)).toEqual([
      `Pagamento após expiração: recebidos ${eur(payment.amountCents)} (exceção de pagamento #${exception.id}).`,
    ]);
  });

  it("amount_mismatch: a different amount for a pending payment is recorded with both amounts; the order keeps waiting", async () => {
    const { orderId, payment } = await newOrder();
    const res = await callback({ ...payment, amountCents: payment.amountCents - 150 });
    expect(res.statusCode).toBe(200);
    expect((await callback({ ...payment, amountCents: payment.amountCents - 150 })).statusCode).toBe(200);
    const exception = await exceptionOfPayment(payment.id);
    expect(exception).toMatchObject({
      kind: "amount_mismatch",
      orderId,
      amountCents: payment.amountCents - 150,
      expectedCents: payment.amountCents,
      reference: payment.reference,
    });
    expect((await orderOf(orderId)).status).toBe("pending_payment");
    expect((await paymentOf(payment.id)).status).toBe("pending");
    const mails = await exceptionMails(exception.id);
    expect(mails).toHaveLength(2);
    const eml = await emlOf(mails[0]!.id);
    expect(eml.subject).toBe(`Exceção de pagamento: valor diferente (encomenda #${orderId})`);
    expect(eml.text).toContain(`Valor recebido: ${eur(payment.amountCents - 150)}`);
    expect(eml.text).toContain(`Valor esperado: ${eur(payment.amountCents)}`);
  });

  it("unknown_reference: a reference no payment has is recorded without payment or order", async () => {
    const res = await callback({
      amountCents: 4321,
      entity: "12345",
      reference: "999888777",
      requestId: null,
      orderId: 0,
    });
    expect(res.statusCode).toBe(200);
    const [exception] = await exceptionsOf(eq(paymentExceptions.reference, "999888777"));
    expect(exception).toMatchObject({
      kind: "unknown_reference",
      paymentId: null,
      orderId: null,
      method: "mb",
      entity: "12345",
      amountCents: 4321,
      expectedCents: null,
    });
    const mails = await exceptionMails(exception!.id);
    expect(mails).toHaveLength(2);
    const eml = await emlOf(mails[0]!.id);
    expect(eml.subject).toBe("Exceção de pagamento: referência desconhecida (referência 999888777)");
    expect(eml.text).toContain(`Valor recebido: ${eur(4321)}`);
    expect(eml.text).not.toContain("Valor esperado");
  });

  it("late MB WAY (matched by request id) and a paid order's normal payment make no other exception", async () => {
    const { payment } = await newOrder(5, "mbway");
    await expire(payment.id);
    await callback(payment);
    expect(await exceptionOfPayment(payment.id)).toMatchObject({
      kind: "late",
      method: "mbway",
      requestId: payment.requestId,
    });

    const paid = await newOrder();
    await callback(paid.payment);
    expect((await orderOf(paid.orderId)).status).toBe("paid");
    expect(await exceptionsOf(eq(paymentExceptions.paymentId, paid.payment.id))).toHaveLength(0);
  });

  it("late after a declined MB WAY whose order still waits: recorded, and the e-mail advises a refund", async () => {
    const { orderId, payment } = await newOrder(5, "mbway");
    // Declined in the app (what the sandbox's 'fail' does): the order keeps waiting, e.g. for Multibanco.
    await t.db.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    expect((await callback(payment)).statusCode).toBe(200);
    const exception = await exceptionOfPayment(payment.id);
    expect(exception).toMatchObject({ kind: "late", orderId, expectedCents: payment.amountCents });
    expect((await orderOf(orderId)).status).toBe("pending_payment");
    // Not reinstatable: the order was never given up.
    const { items } = await t.services.payments.exceptions.list({ page: 1, limit: 100 });
    expect(items.find((i) => i.id === exception.id)!.actions).toEqual(["refund_due", "refunded", "dismissed"]);
    const [mail] = await exceptionMails(exception.id);
    const eml = await emlOf(mail!.id);
    expect(eml.text).toContain(`Encomenda: #${orderId} (A aguardar pagamento)`);
    expect(eml.text).toContain(
      "O que fazer: A encomenda já não está expirada nem cancelada (foi paga ou aguarda outro pagamento): marque este pagamento para reembolso.",
    );
  });
});
