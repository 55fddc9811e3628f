import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { emailOutbox } from "#server/core/db/schema.ts";
import { returnLines, returns } from "#server/modules/aftersale/schema.ts";
import { orderEvents, orderLines, orders } from "#server/modules/orders/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { parseMail } from "#tests/support/mail.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";

export { lisbonText } from "#tests/support/lisbon.ts";

/*
 * The withdrawal tests' app (server/modules/aftersale/returns/withdrawal*.test.ts): a buyer and another cliente; delivered orders
 * of two lines that differ in price and quantity, placed through the real checkout and paid through the real
 * callback, then delivered `daysAgo` Lisbon days ago (status and delivered_at set in SQL, at noon in Lisbon);
 * the rows as stored and the outbox written as .eml files.
 */

export const VALID_IBAN = "PT50000201231234567890154";

export function useWithdrawalApp() {
  const ctx = {} as { t: TestApp; buyer: Session; other: Session };
  beforeAll(async () => {
    ctx.t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY, MB_ENTITY: "12345", MB_SUBENTITY: "123" });
    ctx.buyer = await signIn(ctx.t, "cliente");
    ctx.other = await signIn(ctx.t, "cliente");
  });
  afterAll(() => ctx.t.close());

  /**
   * An order of 2 × A (12,90 €) and 3 × B (4,35 €) by `method`, paid; delivered `daysAgo` days ago unless
   * `status` says where it stopped. Returns the order id and its line ids [A, B].
   */
  async function order(
    opts: { method?: "mb" | "payshop" | "mbway"; daysAgo?: number; status?: "paid" | "enviada" | "entregue" } = {},
  ) {
    const a = await seedProduct(ctx.t, 1290, 10, {
      name: `Camisola Sardinha ${Math.random().toString(36).slice(2, 6)}`,
    });
    const b = await seedProduct(ctx.t, 435, 10, { name: `Pano de Linho ${Math.random().toString(36).slice(2, 6)}` });
    const res = await checkout(ctx.t, ctx.buyer.headers, {
      metodo_pagamento: opts.method ?? "mb",
      telemovel: "912345678",
      items: [
        { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 },
        { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 3 },
      ],
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    const id = res.json().order_id as number;
    await payOrder(ctx.t, id);
    const status = opts.status ?? "entregue";
    if (status === "enviada")
      await ctx.t.db.update(orders).set({ status, shippedAt: new Date() }).where(eq(orders.id, id));
    if (status === "entregue") await deliver(id, opts.daysAgo ?? 1);
    const lines = await ctx.t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id));
    return { id, lines: [lines[0]!.id, lines[1]!.id] as const };
  }

  /** Delivered at noon (Lisbon) of the Lisbon day `daysAgo` days before today. */
  async function deliver(id: number, daysAgo: number) {
    await ctx.t.db
      .update(orders)
      .set({
        status: "entregue",
        shippedAt: sql`now() - interval '20 days'`,
        deliveredAt: sql`(((now() at time zone 'Europe/Lisbon')::date - ${daysAgo}::int) + time '12:00') at time zone 'Europe/Lisbon'`,
      })
      .where(eq(orders.id, id));
  }

  /** Today's date in Lisbon, `plusDays` later (YYYY-MM-DD), from PostgreSQL. */
  async function lisbonDay(plusDays = 0) {
    const res = await ctx.t.db.$client.query(
      `select to_char((now() at time zone 'Europe/Lisbon')::date + $1::int, 'YYYY-MM-DD') as d`,
      [plusDays],
    );
    return res.rows[0].d as string;
  }

  const post = (url: string, payload: object, session: Session | null = ctx.buyer, remoteAddress?: string) =>
    ctx.t.app.inject({ method: "POST", url, headers: session?.headers, payload, remoteAddress });
  const withdraw = (id: number, payload: object, session: Session | null = ctx.buyer) =>
    post(`/api/users/me/orders/${id}/withdrawal`, payload, session);

  const row = async (id: number) => (await ctx.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const lineRows = (id: number) =>
    ctx.t.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  const returnsOf = (id: number) =>
    ctx.t.db.select().from(returns).where(eq(returns.orderId, id)).orderBy(asc(returns.id));
  const returnLinesOf = (returnId: number) =>
    ctx.t.db.select().from(returnLines).where(eq(returnLines.returnId, returnId)).orderBy(asc(returnLines.orderLineId));
  const events = (id: number) =>
    ctx.t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));
  /** Rows a refused request must not have written. */
  const counts = async () => {
    const res = await ctx.t.db.$client.query(
      `select (select count(*) from returns)::int as r, (select count(*) from return_lines)::int as l,
              (select count(*) from order_events)::int as e, (select count(*) from email_outbox)::int as m`,
    );
    return res.rows[0] as { r: number; l: number; e: number; m: number };
  };

  /** The outbox row of a return's confirmation, delivered to DATA_DIR/mail and read back from its .eml. */
  async function confirmation(returnId: number) {
    const [outbox] = await ctx.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `withdrawal-requested:${returnId}`));
    if (!outbox) throw new Error(`no confirmation queued for return ${returnId}`);
    await drainOutbox(ctx.t.db, createMailTransport(ctx.t.config), pino({ level: "silent" }));
    const dir = path.join(ctx.t.config.dataDir, "mail");
    const file = readdirSync(dir).find((f) => f.endsWith(`-${outbox.id}-${outbox.kind}.eml`));
    if (!file) throw new Error(`no .eml for outbox row ${outbox.id}`);
    return parseMail(readFileSync(path.join(dir, file)));
  }

  return {
    ctx,
    order,
    deliver,
    lisbonDay,
    post,
    withdraw,
    row,
    lineRows,
    returnsOf,
    returnLinesOf,
    events,
    counts,
    confirmation,
  };
}
