// npm run db:seed:large [-- --products 10000 --orders 100000 --days 90]
//
// Loads a large synthetic data set into the shop's database (DATA_DIR's embedded PostgreSQL, started for the
// occasion or joined when the shop is running, or DATABASE_URL), to measure the shop and its search at scale:
// 10 000 products in eleven categories (names, descriptions, colours and sizes of a small Portuguese brand,
// scripts/seed-large-catalogue.ts, the same on every run), about 2.3 variants each, 2 000 clientes, and 100 000
// orders with their lines and payments spread over the last 90 days. Column arrays and INSERT … SELECT: products
// and their variants committed 5 000 products at a time, then clientes, orders, lines and payments in one
// transaction, which completes the data set. Runs once per database: a second run finds its clientes and changes
// nothing (one stopped during the products leaves them, and a new run adds its own).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import type { Database } from "#server/core/db/client.ts";
import { SEED_CATEGORIES, SEED_COLOURS, SEED_SIZES, seedCatalogue } from "./seed-large-catalogue.ts";

/** The reason of every stock movement the seed writes: also how a second run knows the data set is there. */
export const SEED_LARGE_REASON = "Stock inicial (seed-large)";
/** Products (with their variants) written per transaction. */
const WRITE_BATCH = 5_000;

export interface SeedLargeOptions {
  products?: number;
  orders?: number;
  /** Orders are spread over this many days before now. */
  days?: number;
  customers?: number;
  log?: (line: string) => void;
}

export interface SeedLargeResult {
  skipped: boolean;
  products: number;
  variants: number;
  orders: number;
  lines: number;
  seconds: number;
}

const skipped = (started: number): SeedLargeResult => ({
  skipped: true,
  products: 0,
  variants: 0,
  orders: 0,
  lines: 0,
  seconds: (Date.now() - started) / 1000,
});

/** A JS array as one array parameter (drizzle would otherwise expand it into a list). */
const arr = (values: readonly unknown[]) => sql.param(values);

/**
 * Seeds the large data set into `db` (migrated). Returns { skipped: true } when its clientes exist already.
 * Every row is made by a handful of INSERT … SELECT statements, so the cost is PostgreSQL's, not round trips.
 */
export async function seedLarge(db: Database, opts: SeedLargeOptions = {}): Promise<SeedLargeResult> {
  const productCount = opts.products ?? 10_000;
  const orderCount = opts.orders ?? 100_000;
  const days = opts.days ?? 90;
  const customers = opts.customers ?? 2_000;
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t0 = Date.now();
    await run();
    log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  };
  // One hash for every synthetic account: a random password nobody knows, so none of them can log in.
  const passwordHash = await hashPassword(randomBytes(24).toString("hex"));

  // Complete once its clientes exist: they are written by the last transaction, with the orders.
  const complete = sql`select 1 from users where email like 'carga-%@loja.invalid' limit 1`;
  if ((await db.execute(complete)).rows.length > 0) return skipped(started);

  const catalogue = seedCatalogue(productCount);
  await step("categories, colours, sizes", async () => {
    await db.execute(sql`
      insert into categories (name) select unnest(${arr(SEED_CATEGORIES)}::text[]) on conflict (name) do nothing`);
    await db.execute(sql`
      insert into colors (name, color_hex)
      select * from unnest(${arr(SEED_COLOURS.map((c) => c[0]))}::text[], ${arr(SEED_COLOURS.map((c) => c[1]))}::text[])
      on conflict (name) do nothing`);
    await db.execute(sql`
      insert into sizes (name, sort_order)
      select * from unnest(${arr(SEED_SIZES.map((s) => s[0]))}::text[], ${arr(SEED_SIZES.map((s) => s[1]))}::int[])
      on conflict (name) do nothing`);
  });

  // Products from scripts/seed-large-catalogue.ts, each with every colour in every one of its sizes (a product
  // without colours: one variant per size), and the variants' first stock movements. Committed WRITE_BATCH products
  // at a time: the triggers that keep derived data (search documents, stock counters) then see bounded transactions
  // (a counter row updated 100 000 times in one transaction makes every further update walk its versions).
  // 5 % out of the shop, created over the last year; stock: 5 % at 0, 10 % at 1–10, the rest 11–200.
  const productIds: number[] = [];
  let variantCount = 0;
  await step(`${productCount} products with their variants and initial stock movements`, async () => {
    for (let from = 0; from < catalogue.length; from += WRITE_BATCH) {
      const part = catalogue.slice(from, from + WRITE_BATCH);
      await db.transaction(async (tx) => {
        const inserted = await tx.execute<{ id: number }>(sql`
          insert into products (name, description, price_cents, category_id, sizes, status, modelo_id, vat_category,
                                created_at, updated_at)
          select s.name, s.description, s.price_cents, c.id, s.sizes,
                 case when s.idx % 20 = 19 then 0 else 1 end,
                 1000 + s.idx / 4,
                 s.vat,
                 now() - make_interval(secs => ((${productCount} - s.idx) * (31536000.0 / ${productCount}))::int),
                 now()
          from unnest(${arr(part.map((_, i) => from + i))}::int[], ${arr(part.map((p) => p.name))}::text[],
                      ${arr(part.map((p) => p.description))}::text[], ${arr(part.map((p) => p.priceCents))}::int[],
                      ${arr(part.map((p) => p.category))}::text[], ${arr(part.map((p) => p.vatCategory))}::text[],
                      ${arr(part.map((p) => p.sizes.join(",")))}::text[])
               as s(idx, name, description, price_cents, category, vat, sizes)
          join categories c on c.name = s.category
          order by s.idx
          returning id`);
        // Ids follow the insertion order, which is the catalogue's.
        const ids = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
        if (ids.length !== part.length) throw new Error("seed-large: a product's category is missing");
        productIds.push(...ids);
        const variants = part.flatMap((p, i) =>
          (p.colours.length ? p.colours : [null]).flatMap((colour) =>
            p.sizes.map((size) => {
              const k = variantCount++;
              const h = (k * 7 + (from + i) * 13) % 100;
              const stock = h < 5 ? 0 : h < 15 ? 1 + (k % 10) : 11 + ((k * 7) % 190);
              return { productId: ids[i]!, colour, size, stock, k };
            }),
          ),
        );
        await tx.execute(sql`
          with inserted as (
            insert into variants (product_id, color_id, size_id, stock)
            select v.product_id, c.id, z.id, v.stock
            from unnest(${arr(variants.map((v) => v.k))}::int[], ${arr(variants.map((v) => v.productId))}::int[],
                        ${arr(variants.map((v) => v.colour))}::text[], ${arr(variants.map((v) => v.size))}::text[],
                        ${arr(variants.map((v) => v.stock))}::int[]) as v(k, product_id, colour, size, stock)
            left join colors c on c.name = v.colour
            join sizes z on z.name = v.size
            order by v.k
            returning id, stock
          )
          insert into stock_movements (variant_id, stock_before, stock_after, reason)
          select id, 0, stock, ${SEED_LARGE_REASON} from inserted`);
      });
    }
  });

  const result = await db.transaction(async (tx) => {
    // Two runs at once: the second waits here, then finds the first's clientes and writes no orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('loja:seed-large'))`);
    if ((await tx.execute(complete)).rows.length > 0) return undefined;
    await tx.execute(sql`
      create temp table seed_variants on commit drop as
      select (row_number() over (order by v.id) - 1)::int as idx, v.id, v.product_id, p.name, p.price_cents,
             c.name as color_name, s.name as size_name
      from variants v
      join unnest(${arr(productIds)}::int[]) as sp(id) on sp.id = v.product_id
      join products p on p.id = v.product_id
      left join colors c on c.id = v.color_id
      left join sizes s on s.id = v.size_id`);
    await tx.execute(sql`create unique index on seed_variants (idx)`);

    await step(`${customers} clientes`, async () => {
      const tag = randomBytes(3).toString("hex");
      await tx.execute(sql`
        create temp table seed_users on commit drop as
        with inserted as (
          insert into users (name, email, password_hash, function, email_verified_at, created_at)
          select 'Cliente de carga ' || n, 'carga-' || ${tag} || '-' || n || '@loja.invalid', ${passwordHash}, 'cliente',
                 now() - interval '200 days', now() - interval '200 days'
          from generate_series(1, ${customers}) n
          returning id
        )
        select id, (row_number() over (order by id) - 1)::int as idx from inserted`);
    });

    // Orders in time order (ids grow with created_at), over the last `days` days. Payment outcome: 75 % paid,
    // 10 % expired, 5 % failed (order cancelled), 10 % still pending while the reference is valid (else expired).
    // One to three lines per order (two on average), quantities 1–3, prices from the products. Lines are planned
    // first (temp tables are cheap), so each order is written once with its final totals.
    await step(`${orderCount} orders with their lines`, async () => {
      await tx.execute(sql`
        create temp table seed_orders on commit drop as
        with plan as (
          select n,
                 -- strictly increasing with n (the jitter stays under one step), so ids follow time
                 now() - make_interval(secs => ((${orderCount} - n + (n * 7919 % 1000) / 1111.0)
                                                * (${days} * 86400.0 / ${orderCount}))::float8) as created_at,
                 (array['mb', 'mbway', 'payshop'])[1 + n % 3] as method,
                 n * 7919 % 100 as outcome,
                 n % 10 = 0 as fast
          from generate_series(1, ${orderCount}) n
        ), timed as (
          select plan.*,
                 created_at + case method when 'mbway' then interval '4 minutes'
                                          when 'mb' then interval '3 days' else interval '30 days' end as expires_at
          from plan
        )
        select n, created_at, method, fast, expires_at,
               case when outcome < 75 then 'paid'
                    when outcome < 85 then 'expired'
                    when outcome < 90 then 'failed'
                    when expires_at > now() then 'pending'
                    else 'expired' end as payment_status
        from timed`);
      await tx.execute(sql`
        create temp table seed_lines on commit drop as
        with v as (select count(*)::int as c from seed_variants)
        select so.n, k, sv.product_id, sv.id as variant_id, sv.name, sv.color_name, sv.size_name, sv.price_cents,
               1 + (so.n + k) % 3 as quantity
        from seed_orders so
        cross join v
        cross join lateral generate_series(0, so.n % 3) k
        join seed_variants sv on sv.idx = ((so.n::bigint * 7919 + k * 104729) % v.c)::int`);
      await tx.execute(sql`
        create temp table seed_order_ids on commit drop as
        with u as (select count(*)::int as c from seed_users),
        sums as (select n, sum(price_cents * quantity)::int as subtotal from seed_lines group by n),
        inserted as (
          insert into orders (user_id, status, payment_method, mbway_phone, subtotal_cents, shipping_cents, total_cents,
                              shipping_zone, fast_delivery, delivery_name, delivery_address, delivery_postal_code,
                              delivery_city, delivery_phone, created_at, paid_at, confirmation_sent_at)
          select su.id,
                 case so.payment_status when 'paid' then 'paid' when 'pending' then 'pending_payment'
                                        when 'failed' then 'cancelled' else 'expired' end,
                 so.method,
                 case when so.method = 'mbway' then '912345678' end,
                 sums.subtotal, x.shipping, sums.subtotal + x.shipping,
                 'continente', so.fast, 'Cliente de carga ' || (su.idx + 1), 'Rua do Teste, ' || so.n,
                 lpad((1000 + so.n % 8000)::text, 4, '0') || '-' || lpad((so.n % 1000)::text, 3, '0'),
                 (array['Lisboa', 'Porto', 'Braga', 'Coimbra', 'Faro', 'Aveiro'])[1 + so.n % 6], '912345678',
                 so.created_at,
                 case when so.payment_status = 'paid' then so.created_at + interval '7 minutes' end,
                 case when so.payment_status = 'paid' then so.created_at + interval '8 minutes' end
          from seed_orders so
          join sums on sums.n = so.n
          cross join u
          cross join lateral (select case when so.fast then 390 + 290 else 390 end as shipping) x
          join seed_users su on su.idx = (so.n * 31) % u.c
          order by so.n
          returning id
        )
        select id, row_number() over (order by id) as n from inserted`);
      await tx.execute(sql`create unique index on seed_order_ids (n)`);
      await tx.execute(sql`
        insert into order_lines (order_id, product_id, variant_id, product_name, color_name, size_name, unit_price_cents, quantity)
        select o.id, l.product_id, l.variant_id, l.name, l.color_name, l.size_name, l.price_cents, l.quantity
        from seed_lines l join seed_order_ids o on o.n = l.n
        order by o.id, l.k`);
    });

    await step("payments", async () => {
      await tx.execute(sql`
        insert into payments (order_id, provider, method, status, amount_cents, entity, reference, request_id, phone,
                              expires_at, paid_at, created_at, updated_at)
        select o.id, 'sandbox', o.payment_method, so.payment_status, o.total_cents,
               case when o.payment_method = 'mb' then '12345' when o.payment_method = 'payshop' then '10241' end,
               case when o.payment_method = 'mb' then lpad((100000000 + o.id * 7 % 900000000)::text, 9, '0')
                    when o.payment_method = 'payshop' then lpad((1000000000000 + o.id)::text, 13, '0') end,
               case when o.payment_method = 'mbway' then 'SEED' || lpad(o.id::text, 16, '0') end,
               case when o.payment_method = 'mbway' then '912345678' end,
               so.expires_at, o.paid_at, o.created_at, o.created_at
        from orders o
        join seed_order_ids i on i.id = o.id
        join seed_orders so on so.n = i.n`);
      // Units of orders still waiting for payment are held, as a real checkout would have done.
      await tx.execute(sql`
        update variants v set reserved = v.reserved + r.q
        from (select l.variant_id, sum(l.quantity)::int as q
              from order_lines l join orders o on o.id = l.order_id
              where o.status = 'pending_payment' and o.id in (select id from seed_order_ids)
              group by l.variant_id) r
        where v.id = r.variant_id`);
    });

    const totals = await tx.execute(sql`
      select ${productIds.length}::int as products, (select count(*) from seed_variants) as variants,
             (select count(*) from seed_order_ids) as orders,
             (select count(*) from seed_lines) as lines`);
    const r = totals.rows[0] ?? {};
    return {
      products: Number(r.products),
      variants: Number(r.variants),
      orders: Number(r.orders),
      lines: Number(r.lines),
    };
  });

  if (!result) return skipped(started);
  // Fresh statistics, so the planner knows the tables are large now.
  await step("analyze", () =>
    db.execute(sql`analyze products, variants, stock_movements, users, orders, order_lines, payments`),
  );
  return { skipped: false, ...result, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.main) {
  const { loadConfig } = await import("#server/core/config.ts");
  const { openDatabase } = await import("#server/main.ts");
  const { parseCliArgs } = await import("#server/cli/args.ts");
  const args = parseCliArgs({ products: { type: "string" }, orders: { type: "string" }, days: { type: "string" } });
  const positive = (name: string, value: string | undefined, fallback: number, max: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      console.error(`--${name} must be a whole number from 1 to ${max}.`);
      process.exit(2);
    }
    return n;
  };
  const opts = {
    products: positive("products", args.products, 10_000, 1_000_000),
    orders: positive("orders", args.orders, 100_000, 10_000_000),
    days: positive("days", args.days, 90, 3650),
  };
  const runtime = await openDatabase(loadConfig(), pino({ level: "warn" }), { shareRunning: true });
  try {
    console.log(`Seeding ${opts.products} products and ${opts.orders} orders over ${opts.days} days …`);
    const r = await seedLarge(runtime.db, { ...opts, log: (line) => console.log(line) });
    if (r.skipped) {
      console.log("Already seeded (its clientes carga-…@loja.invalid exist): nothing changed.");
    } else {
      console.log(
        `Done in ${r.seconds.toFixed(1)} s: ${r.products} products, ${r.variants} variants, ${r.orders} orders, ${r.lines} order lines.`,
      );
    }
  } finally {
    await runtime.close();
  }
}
