import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { refunds, returns } from "#server/modules/aftersale/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "#server/modules/inventory/schema.ts";
import { invoices } from "#server/modules/invoicing/schema.ts";
import { orderEvents, orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { startGatewayStandIn, type GatewayStandIn } from "#tests/support/gateway-standin.ts";
import { parseMail } from "#tests/support/mail.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";

/*
 * The admin returns' tests (server/modules/aftersale/returns/admin*.test.ts, refunds*.test.ts): an admin, a buyer and another cliente;
 * orders of 2 × A (12,90 €) and 3 × B (4,35 €) placed through the real checkout, paid through the real callback and
 * delivered in SQL; returns asked through the shopper's withdrawal API. With `gateway: true` the shop runs
 * PAYMENT_PROVIDER=ifthenpay against the gateway stand-in (MB WAY requests made there and marked paid there too).
 */

export const VALID_IBAN = "PT50000201231234567890154";

export function useReturnsAdminApp(opts: { gateway?: boolean } = {}) {
  const ctx = {} as { t: TestApp; admin: Session; buyer: Session; other: Session; gw: GatewayStandIn };
  beforeAll(async () => {
    let env: Record<string, string> = { PAYMENT_CALLBACK_KEY: CALLBACK_KEY, MB_ENTITY: "12345", MB_SUBENTITY: "123" };
    if (opts.gateway) {
      ctx.gw = await startGatewayStandIn({ slowMs: 1_500 });
      env = {
        ...env,
        PAYMENT_PROVIDER: "ifthenpay",
        IFTHENPAY_MBWAY_KEY: ctx.gw.keys.mbwayKey,
        IFTHENPAY_BACKOFFICE_KEY: ctx.gw.keys.backofficeKey,
        IFTHENPAY_API_URL: ctx.gw.url,
        IFTHENPAY_REFUND_URL: ctx.gw.refundUrl,
      };
    }
    ctx.t = await createTestApp(env);
    ctx.admin = await signIn(ctx.t, "admin");
    ctx.buyer = await signIn(ctx.t, "cliente");
    ctx.other = await signIn(ctx.t, "cliente");
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.gw?.close();
  });

  /** A paid order by `method`, delivered yesterday unless `status` says otherwise; its line and variant ids [A, B]. */
  async function order(o: { method?: "mb" | "payshop" | "mbway"; status?: "paid" | "entregue" } = {}) {
    const a = await seedProduct(ctx.t, 1290, 10, { name: `Camisola ${Math.random().toString(36).slice(2, 6)}` });
    const b = await seedProduct(ctx.t, 435, 10, { name: `Pano ${Math.random().toString(36).slice(2, 6)}` });
    const res = await checkout(ctx.t, ctx.buyer.headers, {
      metodo_pagamento: o.method ?? "mb",
      telemovel: "912345678",
      items: [
        { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 2 },
        { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 3 },
      ],
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    const id = res.json().order_id as number;
    await payOrder(ctx.t, id);
    const [payment] = await ctx.t.db.select().from(payments).where(eq(payments.orderId, id));
    if (opts.gateway && payment?.method === "mbway") ctx.gw.markPaid({ requestId: payment.requestId! });
    if ((o.status ?? "entregue") === "entregue") {
      await ctx.t.db
        .update(orders)
        .set({
          status: "entregue",
          shippedAt: sql`now() - interval '3 days'`,
          deliveredAt: sql`now() - interval '1 day'`,
        })
        .where(eq(orders.id, id));
    }
    const lines = await ctx.t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id));
    return {
      id,
      lines: [lines[0]!.id, lines[1]!.id] as const,
      variants: [a.variants[0]!.id, b.variants[0]!.id] as const,
      requestId: payment?.requestId ?? null,
    };
  }

  /** The buyer's withdrawal request (I4a's API): the return's id. */
  async function requestReturn(orderId: number, items: Array<[number, number]>, iban?: string) {
    const res = await post(
      `/api/users/me/orders/${orderId}/withdrawal`,
      { items: items.map(([order_line_id, quantity]) => ({ order_line_id, quantity })), ...(iban ? { iban } : {}) },
      ctx.buyer,
    );
    if (res.statusCode !== 200) throw new Error(`withdrawal: ${res.statusCode} ${res.body}`);
    return res.json().return.id as number;
  }

  const post = (url: string, payload: object = {}, session: Session | null = ctx.admin) =>
    ctx.t.app.inject({ method: "POST", url, headers: session?.headers, payload });
  const get = (url: string, session: Session | null = ctx.admin) =>
    ctx.t.app.inject({ method: "GET", url, headers: session?.headers });
  const refund = (returnId: number, action: string, session: Session | null = ctx.admin) =>
    post(`/api/returns/${returnId}/refund`, { action }, session);

  const orderRow = async (id: number) => (await ctx.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const returnRow = async (id: number) => (await ctx.t.db.select().from(returns).where(eq(returns.id, id)))[0]!;
  const refundRows = (orderId: number) =>
    ctx.t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  const creditNotes = (orderId: number) =>
    ctx.t.db
      .select()
      .from(invoices)
      .where(sql`${invoices.orderId} = ${orderId} and ${invoices.kind} = 'credit_note'`)
      .orderBy(asc(invoices.id));
  const shelf = async (ids: readonly number[]) =>
    (
      await ctx.t.db
        .select({ id: variants.id, stock: variants.stock })
        .from(variants)
        .where(sql`${variants.id} in ${ids}`)
        .orderBy(asc(variants.id))
    ).map((v) => [v.id, v.stock]);
  const movements = (orderId: number) =>
    ctx.t.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId)).orderBy(asc(stockMovements.id));
  const events = (id: number) =>
    ctx.t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));

  /** Delivers the outbox to DATA_DIR/mail and reads the .eml of one outbox row. */
  async function eml(outboxId: number, kind: string) {
    await drainOutbox(ctx.t.db, createMailTransport(ctx.t.config), pino({ level: "silent" }));
    const dir = path.join(ctx.t.config.dataDir, "mail");
    const file = readdirSync(dir).find((f) => f.endsWith(`-${outboxId}-${kind}.eml`));
    if (!file) throw new Error(`no .eml for outbox row ${outboxId}`);
    return parseMail(readFileSync(path.join(dir, file)));
  }

  /** The refund e-mail of a refund, read back from its .eml. */
  async function refundMail(refundId: number) {
    const res = await ctx.t.db.$client.query(`select id from email_outbox where dedupe_key = $1`, [
      `refund-done:${refundId}`,
    ]);
    if (res.rows.length !== 1) throw new Error(`expected one refund mail for refund ${refundId}`);
    return eml(res.rows[0].id as number, "refund-done");
  }

  /** Rows a refused request must not have written. */
  const counts = async () => {
    const res = await ctx.t.db.$client.query(
      `select (select count(*) from refunds)::int as refunds, (select count(*) from invoices where kind = 'credit_note')::int as notes,
              (select count(*) from email_outbox)::int as mails, (select count(*) from stock_movements)::int as moves`,
    );
    return res.rows[0] as { refunds: number; notes: number; mails: number; moves: number };
  };

  return {
    ctx,
    order,
    requestReturn,
    post,
    get,
    refund,
    orderRow,
    returnRow,
    refundRows,
    creditNotes,
    shelf,
    movements,
    events,
    eml,
    refundMail,
    counts,
  };
}
