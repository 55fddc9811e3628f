/*
 * The SMTP relay goes away while orders are paid: every confirmation is delivered once it is
 * back, and none twice (two instances drain the same outbox).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray } from "drizzle-orm";
import { emailOutbox } from "#server/core/db/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import { parseMail, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "#tests/support/mail.ts";
import { buildCallbackUrl } from "#server/modules/payments/callback.ts";
import type { FaultContext, FaultTest } from "./context.ts";
import {
  assert,
  call,
  CALLBACK_KEY,
  checkStockInvariants,
  placeOrder,
  seedProduct,
  waitFor,
  type Shop,
} from "./harness.ts";

const PAID_WHILE_DOWN = 6;
const DOWN_MS = 8_000;
const DELIVERY_LIMIT_MS = 150_000;

let smtp: TestSmtpServer | undefined;
/** Every message the relay accepted, across its restarts. */
const received: ReceivedMail[] = [];

async function startRelay(port: number) {
  smtp = await startSmtpServer(port);
  const own = smtp.received;
  // tests/support/mail.ts keeps its own list per server: mirror it into the run's list.
  const push = own.push.bind(own);
  own.push = (...items: ReceivedMail[]) => {
    received.push(...items);
    return push(...items);
  };
}

export async function stopMailServer(): Promise<void> {
  const server = smtp;
  smtp = undefined;
  await server?.close();
}

/** Confirmations received per order id. */
async function confirmationsByOrder(): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const mail of received) {
    const subject = (await parseMail(mail.raw)).subject ?? "";
    // The confirmation only ("Pagamento recebido: encomenda #N"): an admin's payment exception names the order too.
    const match = /^Pagamento recebido: encomenda #(\d+)$/.exec(subject);
    if (match) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
  }
  return counts;
}

/**
 * Plays the gateway: the payment notification for this order, as a GET to one instance. A payment notified twice
 * carries the same payment time (another time would be a second payment: a 'Pagamento em duplicado' exception).
 */
async function notifyPaid(ctx: FaultContext, shop: Shop, orderId: number, paidAt = new Date()) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  assert(payment, `order ${orderId} has no payment`);
  const url = buildCallbackUrl(shop.url, CALLBACK_KEY, {
    amountCents: payment.amountCents,
    orderId,
    entity: payment.entity ?? undefined,
    reference: payment.reference ?? undefined,
    requestId: payment.requestId ?? undefined,
    paidAt,
  });
  return call(url, { timeoutMs: 15_000 });
}

async function newOrders(ctx: FaultContext, count: number, productName: string): Promise<number[]> {
  const product = await seedProduct(ctx.db, productName, [["Branco", "U"]], 50);
  ctx.initial.set(product.variantIds[0]!, 50);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const buyer = ctx.buyers[i % ctx.buyers.length]!;
    const which = (i % 2) as 0 | 1;
    const answer = await placeOrder(ctx.shops[which], ctx.auth.get(buyer.id)![which], [
      { product_id: product.productId, variant_id: product.variantIds[0]!, quantity: 1 },
    ]);
    assert(answer.status === 201, `checkout: ${answer.status} ${JSON.stringify(answer.body)}`);
    ids.push(answer.body.order_id as number);
  }
  return ids;
}

let paidWhileDown: number[] = [];

export const mailTests: FaultTest[] = [
  {
    name: "SMTP up: a paid order's confirmation is delivered once",
    timeoutMs: 60_000,
    async run(ctx) {
      await startRelay(ctx.smtpPort);
      const [orderId] = await newOrders(ctx, 1, "Meias Correio");
      const answer = await notifyPaid(ctx, ctx.shops[1], orderId!);
      assert(answer.status === 200, `callback answered ${answer.status}`);
      await waitFor(
        `the confirmation of order ${orderId}`,
        45_000,
        async () => (await confirmationsByOrder()).get(orderId!) === 1,
      );
    },
  },
  {
    name: "SMTP down while orders are paid: each confirmation is delivered exactly once when it is back",
    timeoutMs: DELIVERY_LIMIT_MS + 60_000,
    async run(ctx) {
      const ids = await newOrders(ctx, PAID_WHILE_DOWN, "Luvas Correio");
      // The relay goes down between two mails, not in the middle of one: a relay cut after it took a message but
      // before its answer reached us gets that message again (SMTP's own window, worker.ts), which is not what this
      // drill is about. Everything queued so far (the new orders' instructions) is delivered first.
      await waitFor("the outbox drained before the relay goes down", 45_000, async () => {
        const pending = await ctx.db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, "pending"));
        return pending.length === 0;
      });
      await stopMailServer();
      const t0 = Date.now();
      // The gateway notifies each payment twice, once to each instance, at the same time.
      const answers = await Promise.all(
        ids.flatMap((id) => {
          const paidAt = new Date();
          return [notifyPaid(ctx, ctx.shops[0], id, paidAt), notifyPaid(ctx, ctx.shops[1], id, paidAt)];
        }),
      );
      assert(
        answers.every((a) => a.status === 200),
        `callbacks answered ${answers.map((a) => a.status).join(",")}`,
      );
      const states = await ctx.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(inArray(orders.id, ids));
      assert(
        states.every((s) => s.status === "paid"),
        `orders not paid: ${JSON.stringify(states)}`,
      );
      paidWhileDown = ids;

      await sleep(Math.max(0, DOWN_MS - (Date.now() - t0)));
      const outbox = await ctx.db.select().from(emailOutbox);
      const queued = outbox.filter((m) => m.status === "pending" && m.kind === "order-confirmation");
      // Every order also queues its payment instructions (earlier ids, so tried first): any pending mail that an
      // instance tried shows the workers kept trying while the relay was down.
      const tried = outbox.filter((m) => m.status === "pending" && m.attempts > 0);
      ctx.log(
        `relay down ${Date.now() - t0} ms: ${queued.length} confirmation(s) queued, ${tried.length} already tried (${tried.map((m) => m.lastError?.slice(0, 40)).join("; ")})`,
      );
      assert(
        queued.length === PAID_WHILE_DOWN,
        `expected ${PAID_WHILE_DOWN} queued confirmations, found ${queued.length}`,
      );
      assert(tried.length > 0, "no instance tried to deliver while the relay was down");

      await startRelay(ctx.smtpPort);
      const back = Date.now();
      await waitFor(
        "every confirmation",
        DELIVERY_LIMIT_MS,
        async () => {
          const counts = await confirmationsByOrder();
          return ids.every((id) => (counts.get(id) ?? 0) >= 1);
        },
        500,
      );
      ctx.log(`all ${ids.length} confirmations delivered ${Date.now() - back} ms after the relay came back`);
    },
  },
  {
    name: "no confirmation is delivered twice; the outbox is empty",
    timeoutMs: 30_000,
    async run(ctx) {
      assert(paidWhileDown.length > 0, "nothing was paid while the relay was down");
      // Give a duplicate the chance to show up: both instances keep draining.
      await sleep(5_000);
      const counts = await confirmationsByOrder();
      const twice = [...counts].filter(([, n]) => n > 1);
      assert(
        twice.length === 0,
        `confirmations delivered more than once: ${twice.map(([id, n]) => `#${id}×${n}`).join(", ")}`,
      );
      const left = await ctx.db
        .select({ id: emailOutbox.id, status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "order-confirmation"));
      assert(
        left.every((m) => m.status === "sent"),
        `outbox rows not sent: ${JSON.stringify(left.filter((m) => m.status !== "sent"))}`,
      );
      assert(left.length === counts.size, `${left.length} confirmations queued, ${counts.size} orders got one`);
      await checkStockInvariants(ctx.db, ctx.initial);
    },
  },
];
