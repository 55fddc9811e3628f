import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import type { StockSummary } from "#server/modules/inventory/schemas.ts";

/*
 * Recounts of the admin counters kept by triggers (drizzle/0011, 0020): what the tables say now, to compare with
 * what the counters hold (server/modules/inventory/counters.test.ts, server/flows/order-reports/counters.test.ts,
 * scripts/seed-large-counters.test.ts).
 */

/** GET /api/stock/summary as the aggregate over every variant computes it (the query the counters replaced). */
export async function recountStockSummary(db: Database): Promise<StockSummary> {
  const { rows } = await db.execute(sql`
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
export async function driftedProductStock(db: Database): Promise<unknown[]> {
  const { rows } = await db.execute(sql`
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

/** Every order count as the tables have it now, by order_counts' key (zeros left out). */
export async function recountOrderCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.execute(sql`
    select 'lines' as key, count(*) as n from order_lines
    union all
    select 'lines:order:' || o.status, count(*) from order_lines l join orders o on o.id = l.order_id group by o.status
    union all
    select 'lines:payment:' || ps.status, count(*)
      from order_lines l join (select distinct order_id, status from payments) ps on ps.order_id = l.order_id
     group by ps.status
    union all
    select 'orders:day:' || to_char((created_at at time zone 'Europe/Lisbon')::date, 'YYYY-MM-DD'), count(*)
      from orders group by 1`);
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [String(r.key), Number(r.n)]));
}

/** Every counter as order_counts keeps it (zeros left out). */
export async function orderCounters(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.execute(sql`select key, sum(n) as n from order_counts group by key`);
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [String(r.key), Number(r.n)]));
}
