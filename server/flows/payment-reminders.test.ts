import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import { parseMail } from "#tests/support/mail.ts";
import { checkout, seedProduct } from "#tests/support/orders.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { createPaymentReminders } from "./payment-reminders.ts";

/*
 * The reminder one day before a Multibanco or Payshop reference expires: exactly one per payment even when two
 * instances run the job at the same moment (two connection pools), none for MB WAY, none for references that are
 * not due, and the mail carries the payment row's own data.
 */

let t: TestApp;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  t = await createTestApp({ MB_ENTITY: "12345", MB_SUBENTITY: "123" });
});
afterAll(() => t.close());

/** An order paid by `method`, its reference issued 2.5 days ago and ending in `hoursLeft`. */
async function orderEnding(method: "mb" | "payshop" | "mbway", hoursLeft: number, priceCents: number) {
  const buyer = await signIn(t, "cliente");
  const { product, variants } = await seedProduct(t, priceCents, 2);
  const res = await checkout(t, buyer.headers, {
    metodo_pagamento: method,
    telemovel: method === "mbway" ? "912345678" : undefined,
    items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order_id as number;
  const [payment] = await t.db
    .update(payments)
    .set({
      createdAt: sql`now() - interval '60 hours'`,
      expiresAt: sql`now() + make_interval(hours => ${hoursLeft})`,
    })
    .where(eq(payments.orderId, orderId))
    .returning();
  return { orderId, payment: payment!, email: buyer.email };
}

const reminderKeys = async () =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment-reminder"))).map((m) => m.dedupeKey);

describe("payment reminders (job payments.remind)", () => {
  it("one reminder per due Multibanco/Payshop reference, even with two instances at once; none for MB WAY", async () => {
    const mb = await orderEnding("mb", 20, 1890);
    const payshop = await orderEnding("payshop", 3, 2640);
    const mbway = await orderEnding("mbway", 2, 3120);
    const notDue = await orderEnding("mb", 30, 1170);

    const other = createDatabase(t.config.databaseUrl!);
    try {
      const instanceA = createPaymentReminders({ db: t.db, publicUrl: "http://a", onMailQueued: () => {} });
      const instanceB = createPaymentReminders({ db: other, publicUrl: "http://b", onMailQueued: () => {} });
      const counts = await Promise.all([instanceA.sendDue(), instanceB.sendDue(), instanceA.sendDue()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await instanceB.sendDue()).toBe(0);
    } finally {
      await other.$client.end();
    }
    expect((await reminderKeys()).sort()).toEqual(
      [`payment-reminder:${mb.payment.id}`, `payment-reminder:${payshop.payment.id}`].sort(),
    );
    const marked = await t.db
      .select({ id: payments.id, at: payments.reminderSentAt })
      .from(payments)
      .where(inArray(payments.id, [mb.payment.id, payshop.payment.id, mbway.payment.id, notDue.payment.id]))
      .orderBy(asc(payments.id));
    expect(marked.map((p) => p.at !== null)).toEqual([true, true, false, false]);
  });

  it("the reminder carries the payment row's reference, amount and validity, to the buyer", async () => {
    const due = await orderEnding("mb", 10, 5230);
    await t.services.paymentReminders.sendDue();
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: "loja@teste.pt", dataDir: t.config.dataDir });
    await drainOutbox(t.db, transport, logger);
    transport.close();
    const dir = path.join(t.config.dataDir, "mail");
    const mails = await Promise.all(
      readdirSync(dir)
        .filter((f) => f.endsWith(".eml"))
        .map((f) => parseMail(readFileSync(path.join(dir, f)))),
    );
    const reminder = mails.find(
      (m) => m.subject === `Lembrete: a referência da encomenda #${due.orderId} termina amanhã`,
    );
    expect(reminder?.to).toEqual([due.email]);
    const text = (reminder?.text ?? "").replace(/[^\S\n]/g, " ");
    expect(/^Referência: ([\d ]+)$/m.exec(text)?.[1]?.replace(/ /g, "")).toBe(due.payment.reference);
    expect(text).toContain(`Entidade: ${due.payment.entity}`);
    const cents = due.payment.amountCents;
    expect(text).toContain(`Valor: ${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} €`);
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", dateStyle: "short" })
      .format(due.payment.expiresAt!)
      .replace(/\//g, "-");
    expect(text).toMatch(new RegExp(`^Validade: ${day} às \\d{2}:\\d{2}$`, "m"));
    expect(text).toContain(`/conta/encomendas/${due.orderId}`);
  });
});
