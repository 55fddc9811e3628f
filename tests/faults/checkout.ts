/*
 * Concurrent checkouts of the same variants through two shop processes on one database.
 */
import { eq, inArray, and } from "drizzle-orm";
import { orders } from "#server/modules/orders/schema.ts";
import { seedSignedInBuyers } from "./buyers.ts";
import type { FaultContext, FaultTest } from "./context.ts";
import {
  assert,
  checkStockInvariants,
  placeOrder,
  seedProduct,
  type Answer,
  type Buyer,
  type OrderItem,
} from "./harness.ts";

const ROUNDS = 4;
const STOCK_PER_VARIANT = 12;
const BUYERS = 20;

/*
 * These drills leave their orders unpaid: up to ROUNDS + 1 per account, within the checkout's
 * limit of unpaid orders per account (server/modules/orders/rules.ts). They use accounts of their own,
 * so the next drills start with buyers that hold nothing.
 */
let own: Buyer[] | undefined;
const drillBuyers = async (ctx: FaultContext) => (own ??= await seedSignedInBuyers(ctx, BUYERS, "concorrente"));

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const checkoutTests: FaultTest[] = [
  {
    name: "concurrent checkouts on two instances never oversell",
    timeoutMs: 60_000,
    async run(ctx: FaultContext) {
      const product = await seedProduct(
        ctx.db,
        "Camisola Concorrência",
        [
          ["Azul", "S"],
          ["Azul", "M"],
          ["Verde", "S"],
        ],
        STOCK_PER_VARIANT,
      );
      for (const id of product.variantIds) ctx.initial.set(id, STOCK_PER_VARIANT);
      const random = rng(42);
      const answers: Answer[] = [];
      const succeeded = new Set<number>();
      const buyers = await drillBuyers(ctx);
      for (let round = 0; round < ROUNDS; round++) {
        const batch = buyers.map((buyer, i) => {
          // One or two variants, one to three units each: demand outgrows the stock in round 2.
          const picks = new Map<number, number>();
          const lines = 1 + Math.floor(random() * 2);
          for (let l = 0; l < lines; l++) {
            const v = product.variantIds[Math.floor(random() * product.variantIds.length)]!;
            picks.set(v, (picks.get(v) ?? 0) + 1 + Math.floor(random() * 3));
          }
          const items: OrderItem[] = [...picks].map(([variant_id, quantity]) => ({
            product_id: product.productId,
            variant_id,
            quantity,
          }));
          const which = ((i + round) % 2) as 0 | 1;
          return placeOrder(ctx.shops[which], ctx.auth.get(buyer.id)![which], items, { timeoutMs: 20_000 });
        });
        const results = await Promise.all(batch);
        answers.push(...results);
        for (const r of results) if (r.status === 201) succeeded.add(r.body.order_id as number);
        await checkStockInvariants(ctx.db, new Map(product.variantIds.map((id) => [id, STOCK_PER_VARIANT])));
      }
      const statuses = new Map<number, number>();
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      ctx.log(`answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}`);
      const unexpected = answers.filter(
        (a) => a.status !== 201 && !(a.status === 409 && String(a.body.message).startsWith("Stock insuficiente")),
      );
      assert(unexpected.length === 0, `unexpected answers: ${JSON.stringify(unexpected.slice(0, 3))}`);
      assert(statuses.get(201)! > 0 && statuses.get(409)! > 0, "the load should both sell and run out of stock");
      const rows = await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, [...succeeded]));
      assert(rows.length === succeeded.size, `${succeeded.size} orders answered 201 but ${rows.length} are stored`);
    },
  },
  {
    name: "one idempotency key sent to both instances at once creates one order",
    timeoutMs: 60_000,
    async run(ctx: FaultContext) {
      const product = await seedProduct(ctx.db, "Calções Idempotentes", [["Preto", "L"]], 100);
      ctx.initial.set(product.variantIds[0]!, 100);
      const items = [{ product_id: product.productId, variant_id: product.variantIds[0]!, quantity: 1 }];
      const problems: string[] = [];
      const buyers = (await drillBuyers(ctx)).slice(0, 10);
      const keys = buyers.map((b) => `faults-idem-${b.id}-${Date.now()}`);
      // Every buyer fires its key at both instances in the same instant (3 copies each way).
      const results = await Promise.all(
        buyers.map(async (buyer, i) => {
          const [a, b] = ctx.auth.get(buyer.id)!;
          const sends = [0, 1, 2].flatMap(() => [
            placeOrder(ctx.shops[0], a, items, { key: keys[i], timeoutMs: 20_000 }),
            placeOrder(ctx.shops[1], b, items, { key: keys[i], timeoutMs: 20_000 }),
          ]);
          return Promise.all(sends);
        }),
      );
      for (const [i, buyer] of buyers.entries()) {
        const answers = results[i]!;
        const stored = await ctx.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, buyer.id), eq(orders.idempotencyKey, keys[i]!)));
        if (stored.length !== 1) problems.push(`${buyer.email}: ${stored.length} orders for one key`);
        const ok = answers.filter((a) => a.status === 201);
        if (ok.length === 0) problems.push(`${buyer.email}: no 201 among ${answers.map((a) => a.status).join(",")}`);
        if (new Set(ok.map((a) => a.body.order_id)).size > 1)
          problems.push(`${buyer.email}: different order ids answered`);
        for (const a of answers) {
          if (a.status !== 201 && a.status !== 409)
            problems.push(`${buyer.email}: answer ${a.status} ${JSON.stringify(a.body)}`);
        }
        // Afterwards the same key answers with the same order, on either instance.
        const other = ((i + 1) % 2) as 0 | 1;
        const again = await placeOrder(ctx.shops[other], ctx.auth.get(buyer.id)![other], items, { key: keys[i] });
        if (again.status !== 201 || (stored[0] && again.body.order_id !== stored[0].id)) {
          problems.push(`${buyer.email}: replay answered ${again.status} ${JSON.stringify(again.body).slice(0, 200)}`);
        }
      }
      assert(problems.length === 0, problems.join("\n"));
      await checkStockInvariants(ctx.db, new Map([[product.variantIds[0]!, 100]]));
    },
  },
];
