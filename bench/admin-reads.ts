// node bench/admin-reads.ts — the admin reads of issue 19 item 4 alone, at the scale of `npm run db:seed:large`
// (10 000 products, 100 000 orders) and 10 concurrent admins, without the rest of `npm run bench` (whose admin rows
// these are, plus the admin lists' new paged calls). Shop only: p50 and p99 of each call against the 100 ms target.
import autocannon from "autocannon";
import { createDatabase } from "#server/core/db/client.ts";
import { seedLarge } from "#scripts/seed-large.ts";
import { CONNECTIONS, login, ms, rps } from "./measure.ts";
import { ensureBuild, startShop, stopOnExit } from "./shop.ts";

const ADMIN_EMAIL = "bench-admin@loja.local";
const ADMIN_PASSWORD = "bench-admin-password-123";
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const TARGET_P99_MS = 100;

export const ADMIN_READS: ReadonlyArray<{ name: string; path: string }> = [
  { name: "GET /api/stock/summary", path: "/api/stock/summary" },
  { name: "GET /api/stock/products (page 1 of 50)", path: "/api/stock/products?page=1&limit=50" },
  { name: "GET /api/stock/products?search=caneca", path: "/api/stock/products?page=1&limit=50&search=caneca" },
  { name: "GET /api/stock/low-stock?threshold=10", path: "/api/stock/low-stock?threshold=10" },
  { name: "GET /api/stock/low-stock (page 1 of 50)", path: "/api/stock/low-stock?threshold=10&page=1&limit=50" },
  { name: "GET /api/orders (page 1 of 50 lines)", path: "/api/orders?page=1&limit=50" },
  { name: "GET /api/orders?status=paid (page 1)", path: "/api/orders?page=1&limit=50&status=paid" },
  { name: "GET /api/orders?status=pending (page 1)", path: "/api/orders?page=1&limit=50&status=pending" },
  { name: "GET /api/orders?order_status=paid (page 1)", path: "/api/orders?page=1&limit=50&order_status=paid" },
  { name: "GET /api/orders/por-tempo (30 days)", path: "/api/orders/por-tempo?days=30" },
  { name: "GET /api/orders/por-tempo (90 days)", path: "/api/orders/por-tempo?days=90" },
  { name: "GET /api/users?page=1&limit=20", path: "/api/users?page=1&limit=20" },
  { name: "GET /api/users?search=cliente", path: "/api/users?page=1&limit=20&search=cliente" },
  { name: "GET /api/users?page=50&limit=20", path: "/api/users?page=50&limit=20" },
  { name: "GET /api/product/admin?page=1&limit=30", path: "/api/product/admin?page=1&limit=30" },
  { name: "GET /api/product/admin?search=caneca&page=2", path: "/api/product/admin?page=2&limit=30&search=caneca" },
  {
    name: "GET /api/contact/messages?search=encomenda",
    path: "/api/contact/messages?page=1&limit=10&search=encomenda",
  },
  { name: "GET /api/contact/messages (page 1)", path: "/api/contact/messages?page=1&limit=10" },
  { name: "GET /dashboard (HTML)", path: "/dashboard" },
  { name: "GET /produtos (HTML)", path: "/produtos" },
  { name: "GET /produto/relatorio (HTML)", path: "/produto/relatorio" },
  { name: "GET /gestao-stock (HTML)", path: "/gestao-stock" },
  { name: "GET /stock-baixo (HTML)", path: "/stock-baixo" },
  { name: "GET /mensagens (HTML)", path: "/mensagens" },
];

ensureBuild();
const only = process.argv.slice(2);
/**
 * BENCH_URL: measure a shop already running with the large data set loaded (`npm run db:seed:large` on its DATA_DIR)
 * and an admin BENCH_ADMIN_EMAIL / BENCH_ADMIN_PASSWORD, instead of starting and seeding a fresh one.
 */
const running = process.env.BENCH_URL;
const shop = running
  ? { url: running, databaseUrl: () => "", stop: async () => {} }
  : await startShop({ ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_DATA: "auto" });
if (!running) stopOnExit(shop as Awaited<ReturnType<typeof startShop>>);
const lines: string[] = [
  "| Call | Status | Body | Total | req/s | p50 | p99 | < 100 ms |",
  "|---|---|---:|---:|---:|---:|---:|---|",
];
try {
  if (!running) {
    const seedDb = createDatabase(shop.databaseUrl(), { max: 2 });
    try {
      const seeded = await seedLarge(seedDb);
      console.log(`seeded in ${seeded.seconds.toFixed(1)} s`);
    } finally {
      await seedDb.$client.end().catch(() => {});
    }
  }
  const { cookie } = await login(
    shop.url,
    running ? process.env.BENCH_ADMIN_EMAIL! : ADMIN_EMAIL,
    running ? process.env.BENCH_ADMIN_PASSWORD! : ADMIN_PASSWORD,
  );
  const headers = { cookie };
  for (const ep of ADMIN_READS) {
    if (only.length && !only.some((o) => ep.path.includes(o))) continue;
    const first = await fetch(shop.url + ep.path, { headers });
    const body = Buffer.from(await first.arrayBuffer());
    const total = first.headers.get("x-total-count") ?? "";
    await autocannon({ url: shop.url + ep.path, headers, connections: CONNECTIONS, duration: 0.5 });
    const r = await autocannon({ url: shop.url + ep.path, headers, connections: CONNECTIONS, duration: DURATION_S });
    const line =
      `| ${ep.name} | ${first.status} | ${(body.length / 1024).toFixed(1)} KiB | ${total} | ${rps(r.requests.average)} | ` +
      `${ms(r.latency.p50)} | ${ms(r.latency.p99)} | ${r.latency.p99 < TARGET_P99_MS ? "met" : "**missed**"} |`;
    lines.push(line);
    console.log(line);
  }
} finally {
  await shop.stop();
}
console.log(`\n${lines.join("\n")}`);
process.exit(0);
