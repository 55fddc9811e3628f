import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { orderEvents, orders } from "#server/modules/orders/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { parseMail } from "#tests/support/mail.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";

/*
 * The fulfilment tests' app (server/modules/aftersale/fulfilment/*.test.ts): an admin, a buyer and another cliente;
 * paid orders of two lines that differ in price and quantity, placed through the real checkout and paid
 * through the real callback; the order's row and timeline as stored; the outbox written as .eml files.
 */

export interface FulfilmentApp {
  t: TestApp;
  admin: Session;
  buyer: Session;
  other: Session;
}

export function useFulfilmentApp() {
  const ctx = {} as FulfilmentApp;
  beforeAll(async () => {
    ctx.t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY, MB_ENTITY: "12345", MB_SUBENTITY: "123" });
    ctx.admin = await signIn(ctx.t, "admin");
    ctx.buyer = await signIn(ctx.t, "cliente");
    ctx.other = await signIn(ctx.t, "cliente");
  });
  afterAll(() => ctx.t.close());

  /** An order of 2 × A (12,90 €) and 3 × B (4,35 €), each variant with 10 units; paid unless `paid: false`. */
  async function order(opts: { paid?: boolean } = {}) {
    const a = await seedProduct(ctx.t, 1290, 10);
    const b = await seedProduct(ctx.t, 435, 10);
    const res = await checkout(ctx.t, ctx.buyer.headers, {
      items: [
        { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 },
        { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 3 },
      ],
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    const id = res.json().order_id as number;
    if (opts.paid !== false) await payOrder(ctx.t, id);
    return { id, variants: [a.variants[0]!.id, b.variants[0]!.id] as const };
  }

  const post = (url: string, payload: object, session: Session | null = ctx.admin) =>
    ctx.t.app.inject({ method: "POST", url, headers: session?.headers, payload });
  const get = (url: string, session: Session | null = ctx.admin) =>
    ctx.t.app.inject({ method: "GET", url, headers: session?.headers });
  const setStatus = (id: number, body: object, session?: Session | null) =>
    post(`/api/orders/${id}/status`, body, session);

  const row = async (id: number) => (await ctx.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const events = (id: number) =>
    ctx.t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));

  /** Delivers the outbox to DATA_DIR/mail and reads the .eml of one outbox row. */
  async function eml(outboxId: number) {
    await drainOutbox(ctx.t.db, createMailTransport(ctx.t.config), pino({ level: "silent" }));
    const dir = path.join(ctx.t.config.dataDir, "mail");
    // Files are named <ISO time>-<outbox id>-<kind>.eml: "Z-" anchors the id (a bare "-11-" also matches the month).
    const file = readdirSync(dir).find((f) => f.includes(`Z-${outboxId}-`) && f.endsWith(".eml"));
    if (!file) throw new Error(`no .eml for outbox row ${outboxId}`);
    return parseMail(readFileSync(path.join(dir, file)));
  }

  return { ctx, order, post, get, setStatus, row, events, eml };
}
