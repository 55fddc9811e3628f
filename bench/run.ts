// npm run bench — loopback HTTP benchmark of the production build (bounded: under 2 minutes, about 1.5 on 2 vCPUs).
//
// Starts the shop on a fresh temp DATA_DIR with the demo catalogue, then with autocannon measures
//   - GET /api/product (catalogue list) and GET /produto/{id} (SSR page),
//     each next to a plain node:http server (in a worker thread) serving the SAME bytes (headers and body),
//     so the table shows what the shop costs over writing those bytes to a socket;
//   - POST /orders (checkout) at 20 concurrent connections, spread over many verified cliente users
//     (one account may hold only 5 unpaid orders, server/modules/orders/rules.ts), each request with its own Idempotency-Key;
//   - then loads the large data set of `npm run db:seed:large` into the same database (10 000 products,
//     40 000 variants, 100 000 orders) and measures the admin API the same way (product list, stock, orders);
//   - then the admin's order search (reference, e-mail, name, status) and GET /api/users/me/orders for one shopper
//     with many orders, against the p99 target of 100 ms (bench/order-search.ts).
// Prints a table and writes docs/performance.md (pass --no-write to skip that).
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import { CSRF_COOKIE, csrfTokenFor, hashToken, SESSION_COOKIE } from "#server/modules/accounts/sessions.ts";
import { MAX_PENDING_ORDERS_PER_ACCOUNT } from "#server/modules/orders/rules.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { seedLarge } from "#scripts/seed-large.ts";
import {
  ADMIN_DURATIONS,
  CONNECTIONS,
  DURATION_S,
  login,
  measure,
  measureRead,
  ms,
  notes,
  PLAIN_DURATION_S,
  rps,
} from "./measure.ts";
import { measureOrderSearch, TARGET_P99_MS } from "./order-search.ts";
import { measureCatalogue, type CatalogueFigures } from "./catalogue.ts";
import { ensureBuild, firstProductId, machine, root, startShop, stopOnExit } from "./shop.ts";

const CHECKOUT_CONNECTIONS = 20;
/**
 * Every checkout leaves its order unpaid and one account may hold only MAX_PENDING_ORDERS_PER_ACCOUNT of them:
 * 3 000 accounts take 15 000 orders, about three times what the checkout runs place here.
 */
const CHECKOUT_USERS = 3000;
/** Known to the bench, so it can write the buyers' sessions itself (the login is rate-limited per address). */
const SESSION_SECRET = randomBytes(32).toString("hex");
const ADMIN_EMAIL = "bench-admin@loja.local";
const ADMIN_PASSWORD = "bench-admin-password-123";
const USER_PASSWORD = "bench-user-password-123";
const args = new Set(process.argv.slice(2));
const KEEP_MARKER = "<!-- Hand-written notes below: `npm run bench` keeps everything after this line. -->";

/** BENCH_ONLY=checkout measures only the checkout runs (quick iterations) and never writes docs/performance.md. */
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== "checkout") throw new Error(`BENCH_ONLY=${ONLY}: only "checkout" is supported`);
if (ONLY) args.add("--no-write");

ensureBuild();
const started = Date.now();
const shop = await startShop({ ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_DATA: "auto", SESSION_SECRET });
stopOnExit(shop);
const db = new pg.Client({ connectionString: shop.databaseUrl() });
const rows: string[] = [];
const adminRows: string[] = [];
let searchTable = "";
let seedSummary = "";
const checkoutLines: string[] = [];
try {
  await db.connect();
  const productId = await firstProductId(shop.url);
  const admin = await login(shop.url, ADMIN_EMAIL, ADMIN_PASSWORD);

  const endpoints: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: "GET /api/product (catalogue list)", path: "/api/product", headers: {} },
    { name: `GET /produto/{id} (SSR page, id ${productId})`, path: `/produto/${productId}`, headers: {} },
    { name: "GET / (home page)", path: "/", headers: {} },
  ];
  if (!ONLY) for (const ep of endpoints) rows.push(await measureRead(shop.url, ep));

  // ----- checkout -----
  // One variant per active product (the first), stock raised so no order fails for stock.
  const variantRows = await db.query<{ id: number; product_id: number }>(
    `select distinct on (v.product_id) v.id, v.product_id from variants v join products p on p.id = v.product_id
      where p.status = 1 and p.deleted_at is null order by v.product_id, v.id`,
  );
  const allVariants = variantRows.rows.sort((a, b) => a.id - b.id);
  if (!allVariants.length) throw new Error("no variant of an active product in the demo catalogue");
  await db.query("update variants set stock = 1000000 where id = any($1::int[])", [allVariants.map((v) => v.id)]);

  const hash = await hashPassword(USER_PASSWORD);
  const emails = Array.from({ length: CHECKOUT_USERS }, (_, i) => `bench-${i}@loja.local`);
  const created = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, function, email_verified_at)
     select 'Bench ' || n, e, $2, 'cliente', now() from unnest($1::text[]) with ordinality as t(e, n) returning id`,
    [emails, hash],
  );
  // Sessions written as POST /users/login writes them (thousands of logins would hit its per-address limit).
  const tokens = created.rows.map(() => randomBytes(32).toString("base64url"));
  await db.query(
    `insert into sessions (id_hash, user_id, expires_at) select h, u, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
    [tokens.map(hashToken), created.rows.map((r) => r.id)],
  );
  const buyers = tokens.map((token) => {
    const csrf = csrfTokenFor(SESSION_SECRET, token);
    return { cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`, csrf };
  });

  // A discount code for the third run (issue 20): 10 % off, no limit on uses.
  await db.query(
    `insert into promotions (name, code, kind, percent) values ('Bench', 'BENCH10', 'percentagem', 10)
     on conflict do nothing`,
  );
  const orderBody = (v: { id: number; product_id: number }, code?: string) =>
    JSON.stringify({
      ...(code ? { codigo_desconto: code } : {}),
      metodo_pagamento: "mb",
      dados_entrega: {
        nome: "Bench",
        morada: "Rua 1",
        codigo_postal: "1000-001",
        cidade: "Lisboa",
        telefone: "912345678",
        entrega_rapida: false,
      },
      items: [{ product_id: v.product_id, quantity: 1, variant_id: v.id }],
    });
  let nextBuyer = 0;
  const runCheckout = async (label: string, chosen: { id: number; product_id: number }[], code?: string) => {
    const bodies = chosen.map((v) => orderBody(v, code));
    let nextBody = 0;
    const checkoutRequest = {
      method: "POST" as const,
      path: "/orders",
      setupRequest: (req: autocannon.Request) => {
        const buyer = buyers[nextBuyer++ % buyers.length]!;
        return {
          ...req,
          body: bodies[nextBody++ % bodies.length]!,
          headers: {
            ...req.headers,
            "content-type": "application/json",
            cookie: buyer.cookie,
            "x-csrf-token": buyer.csrf,
            "idempotency-key": randomUUID(),
          },
        };
      },
    };
    const countOrders = async () => Number((await db.query("select count(*) from orders")).rows[0].count);
    // warm-up (JIT, pooled connections, prepared statements), not measured, like the reads; its orders are not counted
    await autocannon({ url: shop.url, connections: CHECKOUT_CONNECTIONS, duration: 1, requests: [checkoutRequest] });
    const before = await countOrders();
    const m = await measure({ url: shop.url, connections: CHECKOUT_CONNECTIONS, requests: [checkoutRequest] });
    const created = (await countOrders()) - before;
    const line =
      `| POST /orders, ${label} | ${rps(m.rps)} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.requests} | ` +
      `${created} | ${m.non2xx} | ${m.p99 < 100 ? "met" : "**missed**"} |`;
    checkoutLines.push(line);
    console.log(line);
    if (m.non2xx || m.errors)
      notes.push(`POST /orders, ${label}: ${m.non2xx} non-2xx answers, ${m.errors} errors/timeouts`);
  };
  await runCheckout("every order on the same variant", allVariants.slice(0, 1));
  await runCheckout(`spread over ${allVariants.length} variants (one per product)`, allVariants);
  await runCheckout(`spread over ${allVariants.length} variants, with a discount code`, allVariants, "BENCH10");

  if (!ONLY) {
    // ----- admin API at scale -----
    // The data set of `npm run db:seed:large`, loaded into the running shop's database by the same function.
    console.log("\nLoading the large data set (npm run db:seed:large) …");
    const seedDb = createDatabase(shop.databaseUrl(), { max: 2 });
    try {
      const seeded = await seedLarge(seedDb, { log: (l) => console.log(l) });
      const totals = await seedDb.$client.query(
        `select (select count(*) from products where deleted_at is null) as products, (select count(*) from variants) as variants,
                (select count(*) from orders) as orders, (select count(*) from order_lines) as lines`,
      );
      const t = totals.rows[0] as Record<string, string>;
      seedSummary =
        `${Number(t.products).toLocaleString("en-US")} products, ${Number(t.variants).toLocaleString("en-US")} variants, ` +
        `${Number(t.orders).toLocaleString("en-US")} orders, ${Number(t.lines).toLocaleString("en-US")} order lines ` +
        `(loaded in ${seeded.seconds.toFixed(1)} s)`;
      console.log(seedSummary);
    } finally {
      await seedDb.$client.end().catch(() => {});
    }
    const asAdmin = { cookie: admin.cookie };
    const adminEndpoints = [
      { name: "GET /api/product/all (as admin, every product)", path: "/api/product/all", headers: asAdmin },
      { name: "GET /api/stock/summary", path: "/api/stock/summary", headers: asAdmin },
      { name: "GET /api/stock/products (page 1 of 50)", path: "/api/stock/products?page=1&limit=50", headers: asAdmin },
      { name: "GET /api/orders (page 1 of 50 lines)", path: "/api/orders?page=1&limit=50", headers: asAdmin },
      {
        name: "GET /api/orders?status=paid (page 1)",
        path: "/api/orders?page=1&limit=50&status=paid",
        headers: asAdmin,
      },
      { name: "GET /api/orders/por-tempo (30 days)", path: "/api/orders/por-tempo?days=30", headers: asAdmin },
    ];
    // Shorter windows for the admin rows keep the whole run under 2 minutes; these calls are far from the plain server.
    for (const ep of adminEndpoints) adminRows.push(await measureRead(shop.url, ep, ADMIN_DURATIONS));
    console.log("\nOrder search and the shopper's orders at scale …");
    searchTable = (await measureOrderSearch(shop.url, db, asAdmin)).join("\n");
  }
} finally {
  await db.end().catch(() => {});
  await shop.stop();
}

// The catalogue at 15, 10 000 and 100 000 products (pages, search): shops of their own on kept data directories.
const catalogue: CatalogueFigures | null = ONLY ? null : await measureCatalogue();

const elapsed = ((Date.now() - started) / 1000).toFixed(0);
const readTable = [
  "| Endpoint | Body | Shop req/s | Shop p50 | Shop p99 | Plain req/s | Plain p50 | Plain p99 | Shop / plain |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
].join("\n");
const adminTable = [
  "| Endpoint | Body | Shop req/s | Shop p50 | Shop p99 | Plain req/s | Plain p50 | Plain p99 | Shop / plain |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...adminRows,
].join("\n");
const checkoutTable = [
  "| Endpoint | Orders/s | p50 | p99 | Requests | Orders created | Non-2xx | Target p99 < 100 ms |",
  "|---|---:|---:|---:|---:|---:|---:|---|",
  ...checkoutLines,
].join("\n");
console.log(`\n${readTable}\n\n${checkoutTable}\n\n${seedSummary}\n${adminTable}\n\n${searchTable}\n`);
if (catalogue) console.log(`${catalogue.pages}\n\n${catalogue.search}\n`);
if (notes.length) console.log(notes.join("\n"));
console.log(`Total ${elapsed} s`);

if (!args.has("--no-write")) {
  const date = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const file = path.join(root, "docs/performance.md");
  // Readings written by people (what a run means, what changed) live below the marker and survive every run.
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept = previous.includes(KEEP_MARKER)
    ? previous.slice(previous.indexOf(KEEP_MARKER) + KEEP_MARKER.length)
    : "\n";
  writeFileSync(
    file,
    `# Performance

Measured with \`npm run bench\` (bench/run.ts): the production build (\`NODE_ENV=production\`, \`LOG_LEVEL=warn\`, embedded
PostgreSQL 18, demo catalogue) on a fresh temp \`DATA_DIR\`, loaded over loopback by autocannon 9 running in the same
machine (so the load generator competes with the shop for the CPUs). Each row: ${DURATION_S} s at ${CONNECTIONS} keep-alive
connections after a 1 s warm-up (the plain server ${PLAIN_DURATION_S} s after 0.5 s), in two alternating rounds
(shop, plain, shop, plain; p50 averaged, the worse p99), no \`Accept-Encoding\` (uncompressed answers). autocannon records latency in whole
milliseconds, so "0 ms" means under 1 ms.

- Date: ${date}
- Machine: ${machine()}
- Command: \`npm run bench\` (took ${elapsed} s)

## Reads, next to a plain node:http server

"Plain" is a bare \`node:http\` server (in a worker thread) answering every request with the same bytes the shop
returned for that URL (status, headers such as the security headers and the ETag, and body; node:http adds its own
Date and keep-alive headers to both), measured the same way in the same run: the ratio is the share of the
machine's raw HTTP throughput the shop keeps while doing its real work (routing, session lookup, database, validation,
serialisation, SSR).

${readTable}

## Checkout

\`POST /orders\` with Multibanco, one line of quantity 1 (variant stock raised to 1,000,000 in SQL first), at
${CHECKOUT_CONNECTIONS} concurrent connections for ${DURATION_S} s after a 1 s warm-up, twice: every order on the same variant (the worst case:
each checkout holds that variant's row lock from its stock update until its one-statement transaction commits, so
checkouts run one at a time through that section), then with the orders spread over one variant of each demo product. Requests go round-robin over ${CHECKOUT_USERS} verified \`cliente\`
users created in SQL with their sessions (written as \`POST /users/login\` writes them), so no account holds more than the
${MAX_PENDING_ORDERS_PER_ACCOUNT} unpaid orders one account may hold (server/modules/orders/rules.ts); each request has its own \`Idempotency-Key\` and the
\`x-csrf-token\` header from the \`loja_csrf\` cookie.

${checkoutTable}

## Admin API at scale

After the checkout runs, the same database gets the data set of \`npm run db:seed:large\` (scripts/seed-large.ts,
the same function): ${seedSummary}. Then each admin call is measured like the reads above, as the admin (session
cookie), ${ADMIN_DURATIONS.shop} s at ${CONNECTIONS} connections (the plain server ${ADMIN_DURATIONS.plain} s). Paged calls ask for page 1 with 50 rows; their totals
(\`X-Total-Count\`) are counted on every request.

${adminTable}

## Order search and the shopper's orders at scale

On the same data: the admin's \`/orders\` search (server/flows/order-reports/filters.ts: a reference through payments_ref_idx,
a full e-mail through users' lower(email) index, part of a name by scanning the users only, then their orders by
orders_user_idx) and its status filter, and \`GET /api/users/me/orders\` for one synthetic shopper given many orders
(a session written in SQL). ${ADMIN_DURATIONS.shop} s at ONE connection (the target is for one user: one request at a
time) after a ${ADMIN_DURATIONS.warmUp} s warm-up, shop only (these answers are small
next to their cost, so a plain server beside them says nothing). "Matches" is the answer's \`X-Total-Count\`
(order lines for the admin, orders for the shopper). Target: p99 under ${TARGET_P99_MS} ms.

${searchTable}

## Catalogue pages at 15, 10 000 and 100 000 products

Each scale is its own shop on a data directory seeded once and kept between runs (bench/catalogue.ts): the demo
catalogue (15 products), then the demo plus \`npm run db:seed:large -- --products N\` (eleven categories, names and
descriptions of a small Portuguese brand, 100 000 orders). Each cell: the HTML a visitor (the admin for admin pages)
gets, and the median time of 5 renders after one warm-up, made as a signed-in cliente (the admin) so that the page
cache never answers them (a visitor's page, once cached, is the product-page row at the top).${catalogue ? ` Took ${catalogue.seconds.toFixed(0)} s.` : ""}

${catalogue?.pages ?? ""}

## Search at 100 000 products

\`GET /api/search\` and \`/api/search/sugestoes\` at ${CONNECTIONS} connections, each row a list of queries of its kind asked in
turn, after a 0.5 s warm-up; each round through a list asks for another page size (12–60) or order, and the
misspellings and typed beginnings number thousands, so no answer the search keeps per query is reused: every request
is computed (a note below says if some were repeated). "Matches" is the first query's \`total\`.

${catalogue?.search ?? ""}
${notes.length ? `\nNotes:\n\n${notes.map((n) => `- ${n}`).join("\n")}\n` : ""}
Numbers vary between runs and machines; compare runs made on the same machine only.

${KEEP_MARKER}${kept}`,
  );
  console.log("Wrote docs/performance.md");
}
process.exit(0);
