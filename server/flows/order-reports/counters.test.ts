import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderCounters, recountOrderCounts } from "#tests/support/admin-counters.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import { CALLBACK_KEY, checkout, payOrder, seedProduct } from "#tests/support/orders.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { orderCount, orderCountKeys } from "./counts.ts";

/*
 * The /orders report's counters (order_counts, kept by the triggers of drizzle/0011_admin_counters.sql) against a
 * recount of the tables after each kind of change: checkouts (one after another and at the same time), payments,
 * order statuses, dates, extra payments, deleted lines, payments and orders.
 */

let t: TestApp;
const clientes: AuthHeaders[] = [];
let products: Awaited<ReturnType<typeof seedProduct>>[] = [];
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_KEY: CALLBACK_KEY });
  for (let i = 0; i < 4; i++) clientes.push((await signIn(t, "cliente")).headers);
  products = [];
  for (let i = 0; i < 4; i++) products.push(await seedProduct(t, 1000 + i * 100, 500, { sizes: ["M", "L"] }));
});
afterAll(() => t?.close());

async function expectCountersMatch() {
  const expected = await recountOrderCounts(t.db);
  expect(await orderCounters(t.db)).toEqual(expected);
  // The service reads the same figures.
  expect(await orderCount(t.db, "lines")).toBe(expected.lines ?? 0);
  return expected;
}

async function placeOrder(cliente: AuthHeaders, picks: Array<[number, number]>): Promise<number> {
  const res = await checkout(t, cliente, {
    items: picks.map(([p, v]) => ({
      product_id: products[p]!.product.id,
      variant_id: products[p]!.variants[v]!.id,
      quantity: 1,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order_id as number;
}

describe("order_counts against a recount", () => {
  const placed: number[] = [];

  it("counts checkouts' lines, statuses and days", async () => {
    placed.push(await placeOrder(clientes[0]!, [[0, 0]]));
    placed.push(
      await placeOrder(clientes[1]!, [
        [0, 1],
        [1, 0],
        [2, 0],
      ]),
    );
    placed.push(
      await placeOrder(clientes[2]!, [
        [3, 0],
        [3, 1],
      ]),
    );
    const counted = await expectCountersMatch();
    expect(counted.lines).toBe(6);
    expect(counted["lines:payment:pending"]).toBe(6);
    expect(counted["lines:order:pending_payment"]).toBe(6);
  });

  it("follows payments and order statuses", async () => {
    await payOrder(t, placed[1]!);
    const counted = await expectCountersMatch();
    expect(counted["lines:payment:paid"]).toBe(3);
    expect(counted["lines:order:paid"]).toBe(3);
    await t.db.execute(sql`update orders set status = 'enviada' where id = ${placed[1]!}`);
    await t.db.execute(sql`update payments set status = 'expired' where order_id = ${placed[0]!}`);
    expect((await expectCountersMatch())["lines:payment:expired"]).toBe(1);
  });

  it("follows a second payment of an order, a payment deleted and a date moved", async () => {
    const [first] = (
      await t.db.execute(sql`select id, provider, method, amount_cents from payments where order_id = ${placed[2]!}`)
    ).rows;
    // A retired first payment and a new one: the order's lines count once under each status it has.
    await t.db.execute(sql`update payments set status = 'failed' where id = ${first!.id as number}`);
    await t.db.execute(sql`
      insert into payments (order_id, provider, method, status, amount_cents)
      values (${placed[2]!}, ${first!.provider as string}, ${first!.method as string}, 'failed', ${first!.amount_cents as number}),
             (${placed[2]!}, ${first!.provider as string}, ${first!.method as string}, 'pending', ${first!.amount_cents as number})`);
    let counted = await expectCountersMatch();
    expect(counted["lines:payment:failed"]).toBe(2);
    await t.db.execute(sql`delete from payments where id = ${first!.id as number}`);
    counted = await expectCountersMatch();
    expect(counted["lines:payment:failed"]).toBe(2); // the other failed payment keeps them
    await t.db.execute(sql`delete from payments where order_id = ${placed[2]!} and status = 'failed'`);
    expect((await expectCountersMatch())["lines:payment:failed"]).toBeUndefined();
    await t.db.execute(sql`update orders set created_at = created_at - interval '3 days' where id = ${placed[0]!}`);
    await expectCountersMatch();
  });

  it("follows lines and orders deleted", async () => {
    await t.db.execute(
      sql`delete from order_lines where id = (select min(id) from order_lines where order_id = ${placed[1]!})`,
    );
    await expectCountersMatch();
    await t.db.execute(sql`delete from order_lines where order_id = ${placed[2]!}`);
    await t.db.execute(sql`delete from orders where id = any(${sql.param([placed[0]!, placed[2]!])}::int[])`);
    const counted = await expectCountersMatch();
    expect(counted.lines).toBe(2);
  });

  it("stays exact under concurrent checkouts and payments", async () => {
    const more = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        placeOrder(clientes[i % 4]!, [
          [i % 4, i % 2],
          [(i + 1) % 4, (i + 1) % 2],
        ]),
      ),
    );
    await Promise.all(more.slice(0, 6).map((id) => payOrder(t, id)));
    const counted = await expectCountersMatch();
    expect(counted.lines).toBe(2 + 24);
    expect(await orderCountKeys(t.db, ["lines:payment:paid", "lines:order:paid"])).toEqual({
      "lines:payment:paid": counted["lines:payment:paid"],
      "lines:order:paid": 12,
    });
  });
});
