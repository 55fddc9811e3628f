import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { driftedProductStock, recountStockSummary } from "#tests/support/admin-counters.ts";
import { seedProduct } from "#tests/support/orders.ts";

/*
 * The stock figures kept by the triggers of drizzle/0011_admin_counters.sql (product_stock, stock_summary_shards)
 * against a recount of variants and products after each kind of change, one after another and at the same time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function expectExact() {
  const expected = await recountStockSummary(t.db);
  expect(await t.services.stock.summary()).toEqual(expected);
  expect(await driftedProductStock(t.db)).toEqual([]);
  return expected;
}

describe("the stock counters against a recount", () => {
  let made: Awaited<ReturnType<typeof seedProduct>>[] = [];

  it("count products and variants as they are created", async () => {
    made = [];
    for (let i = 0; i < 6; i++) made.push(await seedProduct(t, 1000, i * 4, { sizes: ["S", "M", "L"] }));
    // A product without variants is out of stock.
    await t.db.execute(sql`insert into products (name, price_cents) values ('Sem variantes', 500)`);
    const s = await expectExact();
    expect(s).toMatchObject({ totalProducts: 7, totalVariants: 18, outOfStock: 2 });
  });

  it("follow stock changes, variants removed and moved", async () => {
    const [a, b, c] = made;
    await t.db.execute(sql`update variants set stock = 3 where id = ${a!.variants[0]!.id}`);
    await t.db.execute(sql`update variants set stock = 0 where product_id = ${b!.product.id}`);
    await t.db.execute(sql`update variants set reserved = reserved + 1 where product_id = ${c!.product.id}`);
    await expectExact();
    await t.db.execute(sql`delete from variants where id = ${c!.variants[2]!.id}`);
    await t.db.execute(
      sql`update variants set product_id = ${a!.product.id}, size_id = null where id = ${c!.variants[1]!.id}`,
    );
    expect((await expectExact()).totalVariants).toBe(17);
  });

  it("leave deleted products out and take them back", async () => {
    const [, , , d, e, f] = made;
    await t.db.execute(
      sql`update products set deleted_at = now() where id = any(${sql.param([d!.product.id, e!.product.id])}::int[])`,
    );
    expect((await expectExact()).totalProducts).toBe(5);
    await t.db.execute(sql`update variants set stock = stock + 7 where product_id = ${d!.product.id}`);
    await t.db.execute(sql`update products set deleted_at = null where id = ${d!.product.id}`);
    await expectExact();
    await t.db.execute(sql`delete from products where id = ${f!.product.id}`);
    expect((await expectExact()).totalProducts).toBe(5);
  });

  it("stay exact when many transactions change one product's and many products' stock at once", async () => {
    const variantIds = made.slice(0, 4).flatMap((m) => m.variants.map((v) => v.id));
    await t.db.execute(sql`update variants set stock = 50 where id = any(${sql.param(variantIds)}::int[])`);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.db.transaction(async (tx) => {
          const id = variantIds[i % variantIds.length]!;
          const other = variantIds[(i * 7) % variantIds.length]!;
          // As checkout does: the rows locked in id order first, then changed one statement at a time.
          await tx.execute(sql`select id from variants where id in (${id}, ${other}) order by id for update`);
          await tx.execute(sql`update variants set stock = stock - ${(i % 3) + 1} where id = ${id}`);
          await tx.execute(sql`update variants set stock = stock + 1 where id = ${other}`);
        }),
      ),
    );
    await expectExact();
  });
});
