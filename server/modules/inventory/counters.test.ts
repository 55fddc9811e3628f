import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { seedProduct } from "#tests/support/orders.ts";
import type { StockSummary } from "./schemas.ts";

/*
 * The stock figures kept by the triggers of drizzle/0011_admin_counters.sql (product_stock, stock_summary_shards)
 * against a recount of variants and products after each kind of change, one after another and at the same time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** GET /api/stock/summary as the aggregate over every variant computes it (the query the counters replaced). */
async function recountSummary(): Promise<StockSummary> {
  const { rows } = await t.db.execute(sql`
    with per_product as (
      select p.id, count(v.id) as variants, coalesce(sum(v.stock), 0) as stock,
             count(v.id) filter (where v.stock = 0) as variants_out,
             count(v.id) filter (where v.stock between 1 and 10) as variants_low
      from products p left join variants v on v.product_id = p.id
      where p.deleted_at is null group by p.id
    ),
    available as (
      select count(distinct v.color_id) as colors, count(distinct v.size_id) as sizes
      from variants v join products p on p.id = v.product_id and p.deleted_at is null where v.stock > 0
    )
    select count(pp.id) as "totalProducts", coalesce(sum(pp.variants), 0) as "totalVariants",
           coalesce(sum(pp.stock), 0) as "totalStock", count(pp.id) filter (where pp.stock = 0) as "outOfStock",
           count(pp.id) filter (where pp.variants_low > 0) as "lowStock",
           coalesce(sum(pp.variants_out), 0) as "variantsOutOfStock",
           coalesce(sum(pp.variants_low), 0) as "variantsLowStock",
           (select colors from available) as "colorsAvailable", (select sizes from available) as "sizesAvailable"
    from per_product pp`);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as StockSummary;
}

/** Products whose product_stock row differs from their variants (or is missing). */
async function driftedProducts(): Promise<unknown[]> {
  const { rows } = await t.db.execute(sql`
    select p.id from products p
    left join product_stock ps on ps.product_id = p.id
    left join lateral (
      select count(*)::int as variants, coalesce(sum(stock), 0)::bigint as stock, min(stock) as min_stock,
             (count(*) filter (where stock = 0))::int as out, (count(*) filter (where stock between 1 and 10))::int as low
      from variants v where v.product_id = p.id
    ) a on true
    where ps.product_id is null or ps.listed <> (p.deleted_at is null)
       or (ps.variants, ps.stock, ps.min_stock, ps.variants_out, ps.variants_low)
          is distinct from (a.variants, a.stock, a.min_stock, a.out, a.low)`);
  return rows;
}

async function expectExact() {
  const expected = await recountSummary();
  expect(await t.services.stock.summary()).toEqual(expected);
  expect(await driftedProducts()).toEqual([]);
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
