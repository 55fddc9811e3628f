import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./db.ts";
import { createUser, login, type AuthHeaders } from "./http.ts";
import { parseMail, type ReadMail } from "./mail.ts";
import { orderWithPayment } from "./orders.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentExceptions, payments } from "#server/modules/payments/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";

/*
 * The payment exceptions' API tests (exceptions*.test.ts): one app with the callback key, a buyer, two admins
 * who get the e-mails and one anonymised admin who does not, a cliente; the gateway's callback, orders that
 * expire, the exception of a payment, the admin's calls, and the .eml the outbox writes for a queued e-mail.
 */

let t: TestApp;
let buyer: { id: number; email: string; headers: AuthHeaders };
let admin: { id: number; name: string; email: string; headers: AuthHeaders };
let otherAdmin: { email: string };
let goneAdmin: { email: string };
let cliente: AuthHeaders;

/** The accounts and the app, set before the tests run (read them in a beforeAll of the test file). */
export const ctx = {} as {
  t: TestApp;
  buyer: typeof buyer;
  admin: typeof admin;
  otherAdmin: typeof otherAdmin;
  cliente: AuthHeaders;
};
const KEY = "chave-anti-phishing-de-teste";
/** When the gateway says the late payments were made (second precision, as the callback carries it). */
export const PAID_AT = new Date("2026-11-20T10:15:30.000Z");

type Payment = typeof payments.$inferSelect;

export const callback = (
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
export const eur = (cents: number) =>
  new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" }).format(cents / 100);

/** An order of 2 units (10,00 € each) of a new product with `stock` units, by Multibanco unless told. */
export const newOrder = (stock = 5, method: "mb" | "mbway" | "payshop" = "mb") =>
  orderWithPayment(t, buyer.headers, { method, priceCents: 1000, stock, quantity: 2 });

/** The order's payment passes its validity and the expiry job runs: the order expires, its units return. */
export async function expire(paymentId: number) {
  await t.db
    .update(payments)
    .set({ expiresAt: new Date(Date.now() - 24 * 3600_000) }) // past any MB WAY grace
    .where(eq(payments.id, paymentId));
  await t.services.payments.expireDue();
  const [p] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  expect(p!.status).toBe("expired");
}

/** An expired order whose exact payment then arrives: its exception. */
export async function latePayment(stock = 5) {
  const order = await newOrder(stock);
  await expire(order.payment.id);
  const res = await callback(order.payment);
  expect(res.statusCode).toBe(200);
  return { ...order, exception: await exceptionOfPayment(order.payment.id) };
}

export const exceptionsOf = (where: ReturnType<typeof eq>) =>
  t.db.select().from(paymentExceptions).where(where).orderBy(asc(paymentExceptions.id));

export async function exceptionOfPayment(paymentId: number) {
  const rows = await exceptionsOf(eq(paymentExceptions.paymentId, paymentId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

export const variantOf = async (id: number) => (await t.db.select().from(variants).where(eq(variants.id, id)))[0]!;
export const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
export const paymentOf = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
export const movementsOf = (orderId: number) =>
  t.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId)).orderBy(asc(stockMovements.id));
export const confirmations = (orderId: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));

export const reinstate = (id: number, headers: Partial<AuthHeaders> = admin.headers) =>
  t.app.inject({ method: "POST", url: `/api/payments/exceptions/${id}/reinstate`, headers });
export const resolve = (id: number, payload: object, headers: Partial<AuthHeaders> = admin.headers) =>
  t.app.inject({ method: "POST", url: `/api/payments/exceptions/${id}/resolution`, headers, payload });
export const list = (query = "", headers: Partial<AuthHeaders> = admin.headers) =>
  t.app.inject({ method: "GET", url: `/api/payments/exceptions${query}`, headers });

/** Every queued e-mail written out as .eml by the outbox worker (no SMTP_URL): the file of one outbox row, parsed. */
export async function emlOf(outboxId: number): Promise<ReadMail> {
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
export const exceptionMails = async (exceptionId: number) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-exception"))).filter((m) =>
    m.dedupeKey?.startsWith(`payment-exception:${exceptionId}:`),
  );

export function useExceptionsApp() {
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
    Object.assign(ctx, { t, buyer, admin, otherAdmin, cliente });
  });
  afterAll(() => t.close());
}
