import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { lisbonParts } from "#tests/support/lisbon.ts";
import { parseMail, type ReadMail } from "#tests/support/mail.ts";
import { checkout, insertOrder, seedProduct } from "#tests/support/orders.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { orderEvents, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { ORPHAN_GRACE_MINUTES } from "#server/modules/orders/expiry.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";

/*
 * The e-mails that follow an unpaid order, read from the .eml files the outbox writes and compared with the
 * payments row: how to pay (Multibanco, Payshop, MB WAY), the notice that the order expired or was cancelled.
 */

let t: TestApp;
let buyer: Session;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  t = await createTestApp({ MB_ENTITY: "12345", MB_SUBENTITY: "123", PUBLIC_URL: "https://loja.example.pt" });
});
afterAll(() => t.close());
beforeEach(async () => {
  buyer = await signIn(t, "cliente");
});

/** Delivers the outbox as .eml files (no SMTP_URL) and reads every file written so far. */
async function writtenMails(): Promise<ReadMail[]> {
  const transport = createMailTransport({
    smtpUrl: undefined,
    mailFrom: "Loja <loja@teste.pt>",
    dataDir: t.config.dataDir,
  });
  await drainOutbox(t.db, transport, logger);
  transport.close();
  const dir = path.join(t.config.dataDir, "mail");
  const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  return Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f)))));
}

async function mailWithSubject(subject: string): Promise<ReadMail> {
  const found = (await writtenMails()).filter((m) => m.subject === subject);
  expect(found, subject).toHaveLength(1);
  return found[0]!;
}

async function placeOrder(method: "mb" | "mbway" | "payshop", priceCents: number) {
  const { product, variants } = await seedProduct(t, priceCents, 3);
  const res = await checkout(t, buyer.headers, {
    metodo_pagamento: method,
    telemovel: method === "mbway" ? "+351 936 000 111" : undefined,
    items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order_id as number;
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { orderId, payment: payment!, page: res.json().pagamento };
}

/** Amount as a shopper in Portugal reads it, e.g. "21,80 €" (spaces of any kind made plain). */
const plain = (s: string | undefined) => (s ?? "").replace(/[^\S\n]/g, " ");
const eurosText = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} €`;
/** The Lisbon calendar date and time of an instant, read through Intl (not the shop's own formatter). */
function lisbon(at: Date): string {
  const part = lisbonParts(at, "en-GB", { day: "2-digit", month: "2-digit" });
  return `${part("day")}-${part("month")}-${part("year")} às ${part("hour")}:${part("minute")}`;
}

describe("payment instructions e-mail, queued with the payment", () => {
  it("Multibanco: entity, the page's reference in groups of three, amount, validity and the order's link", async () => {
    const { orderId, payment, page } = await placeOrder("mb", 2180);
    const mail = await mailWithSubject(`Encomenda #${orderId}: dados para pagamento`);
    expect(mail.to).toEqual([buyer.email]);
    const text = plain(mail.text);
    const shown = /Referência: (\d{3} \d{3} \d{3})$/m.exec(text)?.[1];
    expect(shown?.replace(/ /g, "")).toBe(payment.reference);
    expect(page.referencia).toBe(payment.reference); // the payment page showed this very reference
    expect(text).toContain(`Entidade: ${payment.entity}`);
    expect(text).toContain(`Valor: ${eurosText(payment.amountCents)}`);
    expect(text).toContain(`Validade: ${lisbon(payment.expiresAt!)}`);
    expect(text).toContain(`https://loja.example.pt/conta/encomendas/${orderId}`);
    const html = plain(mail.html);
    expect(html).toContain(`<strong>${shown}</strong>`);
    expect(html).toContain(`href="https://loja.example.pt/conta/encomendas/${orderId}"`);
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `payment-instructions:${payment.id}`));
    expect(row?.kind).toBe("payment-instructions");
  });

  it("Payshop: reference, amount and validity; MB WAY: the phone and the 4 minutes, no reference", async () => {
    const payshop = await placeOrder("payshop", 990);
    const p = plain((await mailWithSubject(`Encomenda #${payshop.orderId}: dados para pagamento`)).text);
    expect(/Referência: ([\d ]+)$/m.exec(p)?.[1]?.replace(/ /g, "")).toBe(payshop.payment.reference);
    expect(p).not.toContain("Entidade");
    expect(p).toContain(`Valor: ${eurosText(payshop.payment.amountCents)}`);
    expect(p).toContain(`Validade: ${lisbon(payshop.payment.expiresAt!)}`);
    expect(p).toContain("agente Payshop ou CTT");

    const mbway = await placeOrder("mbway", 4570);
    const m = plain((await mailWithSubject(`Encomenda #${mbway.orderId}: aceite o pagamento MB WAY`)).text);
    expect(mbway.payment.phone).toBe("936000111");
    expect(m).toContain(`Telemóvel: ${mbway.payment.phone}`);
    expect(m).toContain("aceite o pedido no prazo de 4 minutos");
    expect(m).toContain(`Valor: ${eurosText(mbway.payment.amountCents)}`);
    expect(m).not.toMatch(/Referência|Validade/);
  });
});

describe("expired and cancelled orders", () => {
  it("an expired reference: the order expires, the shopper is told once, the timeline records it", async () => {
    const { orderId, payment } = await placeOrder("mb", 1500);
    await t.db
      .update(payments)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(payments.id, payment.id));
    expect(await t.services.payments.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.services.payments.expireDue()).toBe(0);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("expired");
    const mail = await mailWithSubject(`Encomenda #${orderId} anulada: prazo de pagamento terminado`);
    expect(mail.to).toEqual([buyer.email]);
    expect(plain(mail.text)).toContain(`encomenda #${orderId} terminou sem recebermos o pagamento`);
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "status")));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorName])).toEqual([
      ["pending_payment", "expired", "Sistema"],
    ]);
  });

  it("an order left without a payment is cancelled after the grace period, with an e-mail and a timeline event", async () => {
    const { id: orderId } = await insertOrder(t, buyer.id, {
      createdAt: new Date(Date.now() - (ORPHAN_GRACE_MINUTES + 1) * 60_000),
    });
    await t.services.payments.expireDue();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("cancelled");
    const mail = await mailWithSubject(`Encomenda #${orderId} cancelada`);
    expect(plain(mail.text)).toContain("Não foi possível criar o pagamento.");
    const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(event).toMatchObject({ kind: "status", fromStatus: "pending_payment", toStatus: "cancelled" });
  });
});
