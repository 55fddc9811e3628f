/*
 * The payment gateway (the local ifthenpay stand-in) goes down or becomes slower than the
 * adapter's time-out: checkout fails cleanly, at once or after the time-out, holds no stock
 * and no lock, and leaves the order cancelled.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { variants } from "#server/modules/catalog/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { startGatewayStandIn, type GatewayStandIn, type StandInMode } from "#tests/support/gateway-standin.ts";
import type { FaultContext, FaultTest } from "./context.ts";
import { ORPHAN_GRACE_MINUTES } from "#server/modules/orders/expiry.ts";
import {
  assert,
  checkStockInvariants,
  freePort,
  isPtMessage,
  login,
  placeOrder,
  seedProduct,
  startShop,
  waitFor,
  type Auth,
  type SeededProduct,
  type Shop,
} from "./harness.ts";

/** The adapter's time-out (ifthenpay.ts default). */
const ADAPTER_TIMEOUT_MS = 10_000;

let gateway: GatewayStandIn | undefined;
let shop: Shop | undefined;
let product: SeededProduct | undefined;
const sessions = new Map<number, Auth>();

export async function stopGateway(): Promise<void> {
  const gw = gateway;
  gateway = undefined;
  await gw?.close();
}

async function variantRow(ctx: FaultContext, id: number) {
  const [row] = await ctx.db
    .select({ stock: variants.stock, reserved: variants.reserved })
    .from(variants)
    .where(eq(variants.id, id));
  return row!;
}

async function lastOrderId(ctx: FaultContext): Promise<number> {
  const [row] = await ctx.db.select({ id: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders);
  return row!.id;
}

/** Orders of these buyers made after order `afterId`. */
async function ordersAfter(ctx: FaultContext, buyerIds: number[], afterId: number) {
  return ctx.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.userId, buyerIds), gt(orders.id, afterId)));
}

function buyersForGateway(ctx: FaultContext) {
  return ctx.buyers.slice(10, 14);
}

export const gatewayTests: FaultTest[] = [
  {
    name: "gateway (ifthenpay stand-in) up: checkout on an ifthenpay instance gets a dynamic Multibanco reference",
    timeoutMs: 60_000,
    async run(ctx) {
      gateway = await startGatewayStandIn();
      const gw = gateway;
      shop = await startShop({
        name: "C (ifthenpay)",
        databaseUrl: ctx.databaseUrl,
        port: await freePort(),
        smtpPort: ctx.smtpPort,
        env: {
          PAYMENT_PROVIDER: "ifthenpay",
          IFTHENPAY_API_URL: gw.url,
          IFTHENPAY_PAYSHOP_URL: gw.payshopUrl,
          IFTHENPAY_MB_KEY: gw.keys.mbKey,
          IFTHENPAY_MBWAY_KEY: gw.keys.mbwayKey,
          IFTHENPAY_PAYSHOP_KEY: gw.keys.payshopKey,
        },
      });
      for (const b of buyersForGateway(ctx)) sessions.set(b.id, await login(shop, b.email));
      product = await seedProduct(ctx.db, "Mochila Gateway", [["Vermelho", "U"]], 40);
      ctx.initial.set(product.variantIds[0]!, 40);
      const buyer = buyersForGateway(ctx)[0]!;
      const answer = await placeOrder(shop, sessions.get(buyer.id)!, [
        { product_id: product.productId, variant_id: product.variantIds[0]!, quantity: 1 },
      ]);
      assert(answer.status === 201, `checkout: ${answer.status} ${JSON.stringify(answer.body)}`);
      const payment = answer.body.pagamento as { entidade: string; referencia: string };
      assert(
        payment.entidade === "12345" && /^\d{9}$/.test(payment.referencia),
        `unexpected payment data ${JSON.stringify(payment)}`,
      );
      assert(
        gw.requests.some((r) => r.endpoint === "mb_init"),
        "the stand-in was not called",
      );
    },
  },
  {
    name: "gateway down (reset, HTTP 500, not JSON): POST /orders fails at once with a pt-PT message, holds no stock, cancels the order",
    timeoutMs: 60_000,
    async run(ctx) {
      assert(gateway && shop && product, "no ifthenpay instance");
      const variantId = product.variantIds[0]!;
      const before = await variantRow(ctx, variantId);
      const since = await lastOrderId(ctx);
      const buyers = buyersForGateway(ctx);
      const problems: string[] = [];
      for (const mode of ["down", "http500", "not_json"] satisfies StandInMode[]) {
        gateway.setMode(mode);
        const answers = await Promise.all(
          buyers.map((b, i) =>
            placeOrder(
              shop!,
              sessions.get(b.id)!,
              [{ product_id: product!.productId, variant_id: variantId, quantity: 1 + i }],
              { timeoutMs: 20_000 },
            ),
          ),
        );
        for (const a of answers) {
          if (a.status < 400 || a.status > 599)
            problems.push(`${mode}: answered ${a.status} ${a.error ?? ""} ${JSON.stringify(a.body).slice(0, 200)}`);
          else if (!isPtMessage(a.body.message))
            problems.push(`${mode}: message is not pt-PT text: ${JSON.stringify(a.body.message)}`);
          if (a.ms > 5_000) problems.push(`${mode}: took ${a.ms} ms`);
        }
      }
      gateway.setMode("ok");
      assert(problems.length === 0, problems.join("\n"));
      const after = await variantRow(ctx, variantId);
      assert(
        after.stock === before.stock && after.reserved === before.reserved,
        `stock/reserved ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
      );
      const made = await ordersAfter(
        ctx,
        buyers.map((b) => b.id),
        since,
      );
      assert(
        made.every((o) => o.status === "cancelled"),
        `orders left: ${JSON.stringify(made.filter((o) => o.status !== "cancelled"))}`,
      );
      ctx.log(
        `${made.length} failed checkouts, all cancelled; stock ${after.stock}, reserved ${after.reserved} as before`,
      );
      await checkStockInvariants(ctx.db, ctx.initial);
    },
  },
  {
    name: "gateway slower than the time-out: POST /orders fails after the time-out, and holds no lock meanwhile",
    timeoutMs: 60_000,
    async run(ctx) {
      assert(gateway && shop && product, "no ifthenpay instance");
      const variantId = product.variantIds[0]!;
      const before = await variantRow(ctx, variantId);
      const since = await lastOrderId(ctx);
      const buyers = buyersForGateway(ctx);
      gateway.setSlowMs(ADAPTER_TIMEOUT_MS + 20_000);
      gateway.setMode("slow");
      const calledBefore = gateway.requests.length;
      const slow = Promise.all(
        buyers.map((b) =>
          placeOrder(
            shop!,
            sessions.get(b.id)!,
            [{ product_id: product!.productId, variant_id: variantId, quantity: 2 }],
            { timeoutMs: 25_000 },
          ),
        ),
      );
      // Once every one of those waits for the gateway (their units reserved), the same variant sells at once
      // on the sandbox instances.
      await waitFor(
        "the slow checkouts to reach the gateway",
        15_000,
        () => gateway!.requests.length - calledBefore >= buyers.length,
        50,
      );
      const others = ctx.buyers.slice(0, 3);
      const quick = await Promise.all(
        others.map((b, i) =>
          placeOrder(
            ctx.shops[(i % 2) as 0 | 1],
            ctx.auth.get(b.id)![(i % 2) as 0 | 1],
            [{ product_id: product!.productId, variant_id: variantId, quantity: 1 }],
            { timeoutMs: 5_000 },
          ),
        ),
      );
      const problems: string[] = [];
      for (const q of quick) {
        if (q.status !== 201)
          problems.push(`checkout elsewhere while the gateway was slow: ${q.status} ${q.error ?? ""} after ${q.ms} ms`);
        else if (q.ms > 3_000)
          problems.push(`checkout elsewhere took ${q.ms} ms while the gateway was slow (a lock is held)`);
      }
      const during = await variantRow(ctx, variantId);
      const answers = await slow;
      gateway.setMode("ok");
      for (const a of answers) {
        if (a.status < 400 || a.status > 599) problems.push(`answered ${a.status} ${a.error ?? ""} after ${a.ms} ms`);
        else if (!isPtMessage(a.body.message))
          problems.push(`message is not pt-PT text: ${JSON.stringify(a.body.message)}`);
        if (a.ms < ADAPTER_TIMEOUT_MS - 500 || a.ms > ADAPTER_TIMEOUT_MS + 8_000)
          problems.push(`answered after ${a.ms} ms (time-out ${ADAPTER_TIMEOUT_MS} ms)`);
      }
      assert(problems.length === 0, problems.join("\n"));
      const sold = quick.length;
      const after = await variantRow(ctx, variantId);
      assert(
        during.reserved === before.reserved + 2 * buyers.length + sold,
        `while waiting, reserved ${during.reserved} (before ${before.reserved})`,
      );
      assert(
        after.stock === before.stock - sold && after.reserved === before.reserved + sold,
        `stock/reserved ${JSON.stringify(before)} -> ${JSON.stringify(after)} with ${sold} unit(s) sold elsewhere`,
      );
      const made = await ordersAfter(
        ctx,
        buyers.map((b) => b.id),
        since,
      );
      assert(
        made.length === buyers.length && made.every((o) => o.status === "cancelled"),
        `orders: ${JSON.stringify(made)}`,
      );
      ctx.log(`slow gateway: answers after ${answers.map((a) => a.ms).join(", ")} ms; ${made.length} orders cancelled`);
      await checkStockInvariants(ctx.db, ctx.initial);
    },
  },
  {
    name: "SIGKILL of an instance waiting on a slow gateway leaves a pending order without a payment, holding its units",
    timeoutMs: 40_000,
    async run(ctx) {
      assert(gateway && shop && product, "no ifthenpay instance");
      const gw = gateway;
      const variantId = product.variantIds[0]!;
      const before = await variantRow(ctx, variantId);
      const since = await lastOrderId(ctx);
      const buyer = buyersForGateway(ctx)[0]!;
      gw.setSlowMs(60_000);
      gw.setMode("slow");
      const calls = gw.requests.length;
      const pending = placeOrder(
        shop,
        sessions.get(buyer.id)!,
        [{ product_id: product.productId, variant_id: variantId, quantity: 3 }],
        { timeoutMs: 20_000 },
      );
      await waitFor(
        "the gateway call",
        10_000,
        () => gw.requests.slice(calls).some((r) => r.endpoint === "mb_init"),
        50,
      );
      await shop.stop("SIGKILL");
      const answer = await pending;
      gw.setMode("ok");
      assert(answer.status === 0, `the killed instance answered ${answer.status}`);
      const made = await ordersAfter(ctx, [buyer.id], since);
      assert(made.length === 1 && made[0]!.status === "pending_payment", `orders: ${JSON.stringify(made)}`);
      const held = await variantRow(ctx, variantId);
      assert(
        held.reserved === before.reserved + 3 && held.stock === before.stock - 3,
        `stock/reserved ${JSON.stringify(before)} -> ${JSON.stringify(held)}`,
      );
      orphan = { orderId: made[0]!.id, variantId, before };
      // The release waits ORPHAN_GRACE_MINUTES: play that time forward instead of waiting for it.
      await ctx.db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(mins => ${ORPHAN_GRACE_MINUTES + 1})` })
        .where(eq(orders.id, orphan.orderId));
      ctx.log(
        `order #${orphan.orderId} left pending without a payment, 3 units reserved; checked again at the end of the run`,
      );
    },
  },
];

let orphan: { orderId: number; variantId: number; before: { stock: number; reserved: number } } | undefined;

/** Runs last, so the wait for the surviving instances' expiry job (every minute) overlaps other drills. */
export const orphanTests: FaultTest[] = [
  {
    name: "the surviving instances cancel the order left without a payment and return its units",
    timeoutMs: 110_000,
    async run(ctx) {
      assert(orphan, "no order was left without a payment");
      const { orderId, variantId, before } = orphan;
      const t0 = Date.now();
      await waitFor(
        `order #${orderId} to be cancelled by the expiry job`,
        100_000,
        async () => {
          const [row] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
          return row?.status === "cancelled";
        },
        1_000,
      );
      const after = await variantRow(ctx, variantId);
      assert(
        after.stock === before.stock && after.reserved === before.reserved,
        `stock/reserved ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
      );
      ctx.log(`order #${orderId} cancelled and its units returned (waited ${Date.now() - t0} ms here)`);
      await checkStockInvariants(ctx.db, ctx.initial);
    },
  },
];
