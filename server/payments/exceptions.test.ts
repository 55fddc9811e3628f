import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { parseMail, type ReadMail } from "#tests/support/mail.ts";
import { orderWithPayment } from "#tests/support/orders.ts";
import {
  emailOutbox,
  orderEvents,
  orderLines,
  orders,
  paymentEvents,
  paymentExceptions,
  payments,
  stockMovements,
  users,
  variants,
} from "../db/schema.ts";
import { createMailTransport } from "../mail/transport.ts";
import { drainOutbox } from "../mail/worker.ts";
import { buildCallbackUrl } from "./callback.ts";

/*
 * 'Exceções de pagamento': payments the callback cannot apply (after expiry, a different amount, an unknown
 * reference) arrive through the real callback route, are stored once, e-mailed to every admin, and resolved
 * by an admin (reinstate the order, refund, dismiss), each resolution checked against the database.
 */

let t: TestApp;
let buyer: { id: number; email: string; headers: AuthHeaders };
let admin: { id: number; name: string; email: string; headers: AuthHeaders };
let otherAdmin: { email: string };
let goneAdmin: { email: string };
let cliente: AuthHeaders;
const KEY = "chave-anti-phishing-de-teste";
/** When the gateway says the late payments were made (second precision, as the callback carries it). */
const PAID_AT = new Date("2026-11-20T10:15:30.000Z");

type Payment = typeof payments.$inferSelect;

const callback = (
  p: Pick<Payment, "amountCents" | "entity" | "reference" | "requestId" | "orderId">,
  paidAt = PAID_AT,
) => {
  const url = new URL(
    buildCallbackUrl("http://localhost:3000", KEY, {
      amountCents: p.amountCents,
      entity: p.entity ?? undefined,
      reference: p.reference ?? undefined,
      requestId: p.requestId ?? undefined,
      orderId: p.orderId,
      paidAt,
    }),
  );
  return t.app.inject({ method: "GET", url: url.pathname + url.search });
};

/** Cents as the e-mails and messages write them: 2390 → "23,90 €". */
const eur = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

/** An order of 2 units (10,00 € each) of a new product with `stock` units, by Multibanco unless told. */
const newOrder = (stock = 5, method: "mb" | "mbway" | "payshop" = "mb") =>
  orderWithPayment(t, buyer.headers, { method, priceCents: 1000, stock, quantity: 2 });

/** The order's payment passes its validity and the expiry job runs: the order expires, its units return. */
async function expire(paymentId: number) {
  await t.db
    .update(payments)
    .set({ expiresAt: new Date(Date.now() - 24 * 3600_000) }) // past any MB WAY grace
    .where(eq(payments.id, paymentId));
  await t.services.payments.expireDue();
  const [p] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  expect(p!.status).toBe("expired");
}

/** An expired order whose exact payment then arrives: its exception. */
async function latePayment(stock = 5) {
  const order = await newOrder(stock);
  await expire(order.payment.id);
  const res = await callback(order.payment);
  expect(res.statusCode).toBe(200);
  return { ...order, exception: await exceptionOfPayment(order.payment.id) };
}

const exceptionsOf = (where: ReturnType<typeof eq>) =>
  t.db.select().from(paymentExceptions).where(where).orderBy(asc(paymentExceptions.id));

async function exceptionOfPayment(paymentId: number) {
  const rows = await exceptionsOf(eq(paymentExceptions.paymentId, paymentId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const variantOf = async (id: number) => (await t.db.select().from(variants).where(eq(variants.id, id)))[0]!;
const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const movementsOf = (orderId: number) =>
  t.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId)).orderBy(asc(stockMovements.id));
const confirmations = (orderId: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));

const reinstate = (id: number, headers: Partial<AuthHeaders> = admin.headers) =>
  t.app.inject({ method: "POST", url: `/api/payments/exceptions/${id}/reinstate`, headers });
const resolve = (id: number, payload: object, headers: Partial<AuthHeaders> = admin.headers) =>
  t.app.inject({ method: "POST", url: `/api/payments/exceptions/${id}/resolution`, headers, payload });
const list = (query = "", headers: Partial<AuthHeaders> = admin.headers) =>
  t.app.inject({ method: "GET", url: `/api/payments/exceptions${query}`, headers });

/** Every queued e-mail written out as .eml by the outbox worker (no SMTP_URL): the file of one outbox row, parsed. */
async function emlOf(outboxId: number): Promise<ReadMail> {
  const transport = createMailTransport({
    smtpUrl: undefined,
    mailFrom: "Loja <loja@teste.pt>",
    dataDir: t.config.dataDir,
  });
  await drainOutbox(t.db, transport, pino({ level: "silent" }));
  transport.close();
  const dir = path.join(t.config.dataDir, "mail");
  const file = readdirSync(dir).find((f) => new RegExp(`-${outboxId}-[a-z-]+\\.eml$`).test(f));
  expect(file, `no .eml for outbox row ${outboxId}`).toBeDefined();
  return parseMail(readFileSync(path.join(dir, file!)));
}

/** The exception e-mails queued for one exception, by recipient. */
const exceptionMails = async (exceptionId: number) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-exception"))).filter((m) =>
    m.dedupeKey?.startsWith(`payment-exception:${exceptionId}:`),
  );

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: KEY });
  const b = await createUser(t.db, "cliente");
  buyer = { id: b.id, email: b.email, headers: await login(t.app, b.email, b.password) };
  const a = await createUser(t.db, "admin");
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, a.id));
  admin = { id: a.id, name: row!.name, email: a.email, headers: await login(t.app, a.email, a.password) };
  otherAdmin = await createUser(t.db, "admin");
  goneAdmin = await createUser(t.db, "admin");
  await t.db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.email, goneAdmin.email));
  const c = await createUser(t.db, "cliente");
  cliente = await login(t.app, c.email, c.password);
});
afterAll(() => t.close());

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
});

describe("'Repor encomenda'", () => {
  it("takes the units from the shelf again, pays the order and the payment, confirms to the buyer", async () => {
    const { orderId, payment, variantId, exception } = await latePayment(5);
    const before = await variantOf(variantId);
    const movesBefore = await movementsOf(orderId);
    const res = await reinstate(exception.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Encomenda #${orderId} reposta e paga; a confirmação foi enviada ao cliente.`);

    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    const after = await variantOf(variantId);
    expect(after.stock).toBe(before.stock - units);
    expect(after.reserved).toBe(0);
    const moves = (await movementsOf(orderId)).slice(movesBefore.length);
    expect(moves.map((m) => [m.variantId, m.stockBefore, m.stockAfter, m.actorUserId])).toEqual([
      [variantId, before.stock, before.stock - units, admin.id],
    ]);

    const order = await orderOf(orderId);
    expect(order.status).toBe("paid");
    expect(order.paidAt?.toISOString()).toBe(PAID_AT.toISOString());
    const paid = await paymentOf(payment.id);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt?.toISOString()).toBe(PAID_AT.toISOString());

    const [row] = await exceptionsOf(eq(paymentExceptions.id, exception.id));
    expect(row).toMatchObject({ status: "reinstated", resolvedByUserId: admin.id });
    expect(res.json().exception).toMatchObject({ status: "reinstated", resolved_by: admin.name, actions: [] });

    const timeline = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "status")));
    expect(timeline.map((e) => [e.fromStatus, e.toStatus, e.actorUserId])).toContainEqual([
      "expired",
      "paid",
      admin.id,
    ]);

    const [mail] = await confirmations(orderId);
    expect(mail!.toAddress).toBe(buyer.email);
    const eml = await emlOf(mail!.id);
    expect(eml.subject).toBe(`Pagamento recebido: encomenda #${orderId}`);
    expect(eml.text).toContain(`${lines[0]!.quantity} × ${lines[0]!.productName}`);
    expect(eml.text).toContain(`Total pago (Multibanco): ${eur(order.totalCents)}`);
    expect(order.totalCents).toBe(payment.amountCents);

    // A second click changes nothing more.
    const again = await reinstate(exception.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Esta exceção de pagamento já foi resolvida.");
    expect((await variantOf(variantId)).stock).toBe(before.stock - units);
  });

  it("without stock: 409 naming the item, and nothing changed", async () => {
    const { orderId, payment, variantId, exception } = await latePayment(5);
    await t.db.update(variants).set({ stock: 1 }).where(eq(variants.id, variantId));
    const movesBefore = await movementsOf(orderId);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));

    const res = await reinstate(exception.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Sem stock para repor a encomenda #${orderId}: ${line!.productName} (${line!.colorName} / ${line!.sizeName}) precisa de 2 unidades e há 1 em stock.`,
    );
    expect(await variantOf(variantId)).toMatchObject({ stock: 1, reserved: 0 });
    expect(await movementsOf(orderId)).toEqual(movesBefore);
    expect((await orderOf(orderId)).status).toBe("expired");
    expect((await paymentOf(payment.id)).status).toBe("expired");
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]).toMatchObject({
      status: "open",
      resolvedAt: null,
    });
    expect(await confirmations(orderId)).toHaveLength(0);
  });

  it("is refused for a different amount and for an amount mismatch on a pending order", async () => {
    const { payment } = await newOrder();
    await expire(payment.id);
    await callback({ ...payment, amountCents: payment.amountCents + 100 });
    const lateWrong = await exceptionOfPayment(payment.id);
    const res = await reinstate(lateWrong.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `O valor recebido (${eur(payment.amountCents + 100)}) não é o da encomenda (${eur(payment.amountCents)}): marque-o para reembolso.`,
    );

    const pending = await newOrder();
    await callback({ ...pending.payment, amountCents: 500 });
    const mismatch = await exceptionOfPayment(pending.payment.id);
    expect((await reinstate(mismatch.id)).statusCode).toBe(409);
    expect((await orderOf(pending.orderId)).status).toBe("pending_payment");

    const items = (await list("?limit=100")).json() as { id: number; actions: string[] }[];
    expect(items.find((i) => i.id === lateWrong.id)!.actions).toEqual(["refund_due", "refunded", "dismissed"]);
    expect(items.find((i) => i.id === mismatch.id)!.actions).toEqual(["refund_due", "refunded", "dismissed"]);
  });
});

describe("refund and dismiss", () => {
  it("open → refund_due → refunded, each with who, when and the note; then nothing more", async () => {
    const { orderId, payment, exception } = await latePayment();
    const paid = eur(payment.amountCents);
    const due = await resolve(exception.id, { resolution: "refund_due", note: "Cliente pediu o dinheiro." });
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json()).toMatchObject({
      message: "Pagamento marcado para reembolso.",
      exception: { status: "refund_due", resolved_by: admin.name, resolution_note: "Cliente pediu o dinheiro." },
    });
    expect(due.json().exception.actions).toEqual(["refunded", "dismissed"]);
    expect((await reinstate(exception.id)).statusCode).toBe(409);

    const done = await resolve(exception.id, { resolution: "refunded", note: "Transferência 24/11." });
    expect(done.statusCode).toBe(200);
    const [row] = await exceptionsOf(eq(paymentExceptions.id, exception.id));
    expect(row).toMatchObject({
      status: "refunded",
      resolvedByUserId: admin.id,
      resolutionNote: "Transferência 24/11.",
    });
    expect(Date.now() - row!.resolvedAt!.getTime()).toBeLessThan(60_000);

    for (const resolution of ["refund_due", "refunded"]) {
      const res = await resolve(exception.id, { resolution });
      expect(res.statusCode).toBe(409);
    }
    const late = await resolve(exception.id, { resolution: "dismissed", note: "x" });
    expect(late.json().message).toBe("Esta exceção de pagamento já está 'Reembolsado': não pode ser ignorada.");
    expect((await orderOf(orderId)).status).toBe("expired");
    const notes = await t.db
      .select({ message: orderEvents.message })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "payment")));
    expect(notes.map((n) => n.message)).toEqual([
      `Pagamento após expiração: recebidos ${paid} (exceção de pagamento #${exception.id}).`,
      `Pagamento de ${paid} (exceção de pagamento #${exception.id}): marcado para reembolso. Cliente pediu o dinheiro.`,
      `Pagamento de ${paid} (exceção de pagamento #${exception.id}): reembolso feito. Transferência 24/11.`,
    ]);
  });

  it("'Ignorar' needs a note (400, nothing changed); with one it is dismissed", async () => {
    const { exception } = await latePayment();
    for (const note of [undefined, "   "]) {
      const res = await resolve(exception.id, { resolution: "dismissed", note });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Para ignorar uma exceção de pagamento escreva uma nota a explicar porquê.");
    }
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]!.status).toBe("open");
    const res = await resolve(exception.id, { resolution: "dismissed", note: "Pagamento de teste do banco." });
    expect(res.statusCode).toBe(200);
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]).toMatchObject({
      status: "dismissed",
      resolutionNote: "Pagamento de teste do banco.",
    });
    expect((await reinstate(exception.id)).statusCode).toBe(409);
  });

  it("bad input is a pt-PT 400/404 and changes nothing", async () => {
    const { exception } = await latePayment();
    const bad = await resolve(exception.id, { resolution: "reembolsar" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Resolução inválida: use refund_due, refunded ou dismissed.");
    expect((await resolve(exception.id, { resolution: "refunded", note: "x".repeat(1001) })).statusCode).toBe(400);
    expect((await reinstate(999_999)).statusCode).toBe(404);
    expect((await reinstate(999_999)).json().message).toBe("Exceção de pagamento não encontrada.");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/payments/exceptions/abc/reinstate", headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]!.status).toBe("open");
  });
});

describe("the list and who may use it", () => {
  it("lists open ones first, newest first, paged with the total", async () => {
    const all = await t.db.select().from(paymentExceptions);
    const expected = [...all]
      .sort(
        (a, b) =>
          Number(b.status === "open") - Number(a.status === "open") ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          b.id - a.id,
      )
      .map((e) => e.id);
    const first = await list("?limit=3&page=1");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe(String(all.length));
    const second = await list("?limit=3&page=2");
    expect([...first.json(), ...second.json()].map((e: { id: number }) => e.id)).toEqual(expected.slice(0, 6));
    const byId = new Map(all.map((e) => [e.id, e]));
    for (const item of first.json() as {
      id: number;
      amount: number;
      expected_amount: number | null;
      status: string;
    }[]) {
      const row = byId.get(item.id)!;
      expect(item.amount * 100).toBeCloseTo(row.amountCents, 6);
      expect(item.expected_amount === null ? null : Math.round(item.expected_amount * 100)).toBe(row.expectedCents);
      expect(item.status).toBe(row.status);
    }
    expect(await t.services.payments.exceptions.countOpen()).toBe(all.filter((e) => e.status === "open").length);
  });

  it("a cliente gets 403 and an anonymous caller 401 on every call, and nothing changes", async () => {
    const { exception } = await latePayment();
    const calls = [
      (h: Partial<AuthHeaders>) => list("", h),
      (h: Partial<AuthHeaders>) => reinstate(exception.id, h),
      (h: Partial<AuthHeaders>) => resolve(exception.id, { resolution: "refunded" }, h),
    ];
    for (const call of calls) {
      expect((await call(cliente)).statusCode).toBe(403);
      expect((await call({})).statusCode).toBe(401);
    }
    expect((await exceptionsOf(eq(paymentExceptions.id, exception.id)))[0]!.status).toBe("open");
  });
});
