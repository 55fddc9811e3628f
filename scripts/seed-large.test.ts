import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { seedLarge } from "./seed-large.ts";
import { SEED_CATEGORIES, seedCatalogue } from "./seed-large-catalogue.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("seedLarge", () => {
  it("loads consistent products, variants, orders, lines and payments once", async () => {
    const first = await seedLarge(database.db, { products: 60, orders: 900, days: 30, customers: 20 });
    const expectedVariants = seedCatalogue(60).reduce((n, p) => n + Math.max(1, p.colours.length) * p.sizes.length, 0);
    expect(first).toMatchObject({ skipped: false, products: 60, variants: expectedVariants, orders: 900 });
    expect(first.lines).toBeGreaterThanOrEqual(900);

    const { rows } = await database.db.execute(sql`select
      (select count(*) from products)::int as products,
      (select count(*) from variants)::int as variants,
      (select count(*) from stock_movements)::int as movements,
      (select count(*) from orders)::int as orders,
      (select count(*) from payments)::int as payments,
      (select count(*) from orders o
        where o.subtotal_cents <> (select sum(unit_price_cents * quantity) from order_lines where order_id = o.id)
           or o.total_cents <> o.subtotal_cents + o.shipping_cents)::int as bad_totals,
      (select count(*) from orders o join payments p on p.order_id = o.id where p.amount_cents <> o.total_cents)::int as bad_amounts,
      (select count(*) from (select created_at < lag(created_at) over (order by id) as back from orders) x where back)::int as out_of_order,
      (select count(*) from orders where created_at < now() - interval '31 days' or created_at > now())::int as out_of_range,
      (select count(*) from payments where status = 'pending' and expires_at <= now())::int as stale_pending,
      (select coalesce(sum(reserved), 0) from variants)::int as reserved,
      (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
        where o.status = 'pending_payment')::int as pending_units`);
    const r = rows[0]!;
    expect(r).toMatchObject({
      products: 60,
      variants: expectedVariants,
      movements: expectedVariants,
      orders: 900,
      payments: 900,
      bad_totals: 0,
      bad_amounts: 0,
      out_of_order: 0,
      out_of_range: 0,
      stale_pending: 0,
    });
    expect(r.reserved).toBe(r.pending_units);

    // Each product as generated: its category, its sizes, its colours on its variants; names all different.
    const catalogue = seedCatalogue(60);
    const stored = await database.db.execute(sql`
      select p.name, p.price_cents, c.name as category, p.sizes,
             array(select distinct z.name from variants v join sizes z on z.id = v.size_id where v.product_id = p.id order by 1) as variant_sizes,
             array(select distinct k.name from variants v join colors k on k.id = v.color_id where v.product_id = p.id order by 1) as variant_colours
      from products p join categories c on c.id = p.category_id order by p.id`);
    expect(stored.rows.map((row) => row.name)).toEqual(catalogue.map((p) => p.name));
    stored.rows.forEach((row, i) => {
      const p = catalogue[i]!;
      expect(row).toMatchObject({ price_cents: p.priceCents, category: p.category, sizes: p.sizes.join(",") });
      expect(row.variant_sizes).toEqual([...p.sizes].sort());
      expect(row.variant_colours).toEqual([...p.colours].sort());
    });
    expect(new Set(catalogue.map((p) => p.name)).size).toBe(60);
    expect(new Set(catalogue.map((p) => p.category))).toEqual(new Set(SEED_CATEGORIES));

    const second = await seedLarge(database.db, { products: 60, orders: 900 });
    expect(second.skipped).toBe(true);
    const again = await database.db.execute(sql`select count(*)::int as n from orders`);
    expect(again.rows[0]!.n).toBe(900);
  });
});
