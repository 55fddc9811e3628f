// The catalogue at scale (issue 19 items 6 and 8), part of `npm run bench`; alone: `node bench/catalogue.ts`.
//
// For 15 products (the demo catalogue), 10 000 and 100 000 (the demo plus `npm run db:seed:large -- --products N`):
//   - the HTML of the storefront pages (home, product, category, search) and of the admin pages, each once as a
//     visitor / the admin: its size against the limit (150 KB storefront, 300 KB admin) and the time of a render
//     (the median of 5 requests made as a signed-in cliente or the admin, which are never served from the page cache);
//   - at 100 000 products, the search API under load: one word, three words, a misspelled word, a category with two
//     filters, suggestions — each a rotating list of queries of that kind, 10 connections, p99 against 50 ms.
// Seeded data directories are kept between runs (BENCH_CACHE_DIR, default $TMPDIR/loja-bench-cache), keyed by a hash
// of the migrations and the seed scripts, so only the first run (or one after they change) pays for the seed.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import { hashToken, SESSION_COOKIE } from "#server/modules/accounts/sessions.ts";
import { categorySlug } from "#server/modules/catalog/slug.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { seedLarge } from "#scripts/seed-large.ts";
import { SEED_CATEGORIES, SEED_COLOURS, seedCatalogue } from "#scripts/seed-large-catalogue.ts";
import { CONNECTIONS, login, ms, notes, rps } from "./measure.ts";
import { ensureBuild, root, startShop, stopOnExit, type Shop } from "./shop.ts";

export const SCALES = [15, 10_000, 100_000] as const;
const STOREFRONT_LIMIT_KB = 150;
const ADMIN_LIMIT_KB = 300;
const SEARCH_P99_MS = 50;
const SEARCH_DURATION_S = Number(process.env.BENCH_SEARCH_DURATION ?? 3);
const ADMIN_EMAIL = "bench-catalogue-admin@loja.local";
const ADMIN_PASSWORD = "bench-catalogue-admin-123";

const ADMIN_PAGES = [
  "/dashboard",
  "/produtos",
  "/produto/relatorio",
  "/gestao-stock",
  "/stock-baixo",
  "/orders",
  "/payment-status",
  "/mensagens",
  "/definicoes",
];

/**
 * Queries of each kind, in turn (hundreds to thousands per kind, from the seeded catalogue's own words); each round
 * through a list asks for another page size or order (`variant`), so that no answer the search service keeps per
 * query is ever reused within a row: every request is computed.
 */
export const SEARCHES: ReadonlyArray<{ name: string; paths: string[] }> = (() => {
  const names = seedCatalogue(3000).map((p) => p.name);
  const words = [
    ...new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)).filter((w) => w.length >= 4 && !/\d/.test(w))),
  ];
  // Three words of a product's name: its type, material or motif, place or colour.
  const triples = [
    ...new Set(
      names.map((n) =>
        n
          .toLowerCase()
          .split(/\s+/)
          .filter((w) => w.length >= 3 && !["com", "para"].includes(w))
          .slice(0, 3)
          .join(" "),
      ),
    ),
  ].slice(0, 400);
  // Each word with one letter dropped, doubled or two swapped, at every place but the first: thousands of different
  // misspellings, so that few are seen twice (a word's analysis is kept once seen).
  const typos = [
    ...new Set(
      words.flatMap((w) =>
        Array.from({ length: w.length - 2 }, (_, i) => i + 1).flatMap((at) => [
          w.slice(0, at) + w.slice(at + 1),
          w.slice(0, at) + w[at] + w.slice(at),
          w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2),
        ]),
      ),
    ),
  ].filter((t) => !words.includes(t));
  // Shuffled the same way every run, so that the first misspellings are not all of one word.
  const shuffled = typos
    .map((t, i) => ({ t, k: (i * 2654435761) % 4294967296 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.t);
  const q = (text: string) => `/api/search?q=${encodeURIComponent(text)}`;
  const extras = ["preco_max=15", "em_stock=1", "preco_min=10", "ordenar=preco-asc"];
  const filtered = SEED_CATEGORIES.flatMap((categoria, i) =>
    SEED_COLOURS.map(
      ([cor], j) =>
        `/api/search?categoria=${encodeURIComponent(categoria)}&cor=${encodeURIComponent(cor)}&${extras[(i + j) % extras.length]}`,
    ),
  );
  // What the header field sends as one types: every beginning of a word, then of three words (suggestions have no
  // page size or order to vary, so these are many).
  const typed = (text: string) => Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, i + 2).trimEnd());
  const prefixes = [...new Set([...words.flatMap(typed), ...triples.flatMap(typed)])];
  return [
    { name: "one word", paths: words.map(q) },
    { name: "three words", paths: triples.map(q) },
    { name: "a misspelled word", paths: shuffled.map(q) },
    { name: "a category with two filters", paths: filtered },
    { name: "suggestions", paths: prefixes.map((p) => `/api/search/sugestoes?q=${encodeURIComponent(p)}`) },
  ];
})();

const sourceHash = (() => {
  const h = createHash("sha256");
  const files = [
    ...readdirSync(path.join(root, "drizzle"))
      .filter((f) => f.endsWith(".sql"))
      .map((f) => path.join("drizzle", f)),
    "scripts/seed-large.ts",
    "scripts/seed-large-catalogue.ts",
    "server/seed/demo.ts",
  ].sort();
  for (const f of files) h.update(f).update(readFileSync(path.join(root, f)));
  return h.digest("hex").slice(0, 12);
})();

const cacheRoot = process.env.BENCH_CACHE_DIR ?? path.join(os.tmpdir(), "loja-bench-cache");

/**
 * A DATA_DIR holding the demo catalogue plus `products` seeded products (none for the demo scale), made once and
 * kept: the shop is started on it and stopped, so a run reads it without seeding again.
 */
async function seededDataDir(products: number, log: (line: string) => void): Promise<string> {
  const dir = path.join(cacheRoot, `${sourceHash}-${products}`);
  if (existsSync(path.join(dir, "bench-ready"))) return dir;
  mkdirSync(cacheRoot, { recursive: true });
  // Older keys (the migrations or the seed changed) are removed, so the cache does not grow.
  for (const old of readdirSync(cacheRoot)) {
    if (old.endsWith(`-${products}`) || old.endsWith(`-${products}.tmp`)) {
      rmSync(path.join(cacheRoot, old), { recursive: true, force: true });
    }
  }
  const tmp = `${dir}.tmp`;
  mkdirSync(tmp, { recursive: true });
  await buildPresent();
  const shop = await startShop({ DEMO_DATA: "auto" }, { dataDir: tmp });
  stopOnExit(shop);
  try {
    if (products > 15) {
      log(`  seeding ${products} products into ${dir} (kept for later runs) …`);
      const db = createDatabase(shop.databaseUrl(), { max: 2 });
      try {
        const r = await seedLarge(db, { products, log });
        log(`  seeded in ${r.seconds.toFixed(1)} s`);
      } finally {
        await db.$client.end().catch(() => {});
      }
    }
  } finally {
    await shop.stop();
  }
  // Written last: a run stopped half-way leaves no "ready" directory behind.
  writeFileSync(path.join(tmp, "bench-ready"), new Date().toISOString());
  renameSync(tmp, dir);
  return dir;
}

/**
 * The production build, waited for: on a machine shared with other work a `npm run build` may be replacing it
 * (it empties build/ first), and a shop started then would not find it.
 */
async function buildPresent(): Promise<void> {
  const file = path.join(root, "build/server/index.js");
  for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 500));
  if (!existsSync(file)) ensureBuild();
}

/** A signed-in cliente's cookie (a session written as the login writes it): its pages are never cached. */
async function clienteCookie(db: pg.Client): Promise<string> {
  const email = `bench-catalogue-${randomBytes(4).toString("hex")}@loja.local`;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, function, email_verified_at) values ('Bench', $1, $2, 'cliente', now()) returning id`,
    [email, await hashPassword(randomBytes(12).toString("hex"))],
  );
  const token = randomBytes(32).toString("base64url");
  await db.query(`insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
    hashToken(token),
    rows[0]!.id,
  ]);
  return `${SESSION_COOKIE}=${token}`;
}

interface PageRow {
  scale: number;
  page: string;
  kind: "storefront" | "admin";
  status: number;
  kb: number;
  medianMs: number;
  maxMs: number;
}

async function timed(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes: body.length, ms: performance.now() - t0 };
}

async function measurePages(shop: Shop, scale: number, db: pg.Client): Promise<PageRow[]> {
  const { rows: picked } = await db.query<{ id: number; category: string }>(
    `select p.id, c.name as category from products p join categories c on c.id = p.category_id
      where p.status = 1 and p.deleted_at is null order by p.id offset (select count(*) / 2 from products) limit 1`,
  );
  const product = picked[0] ?? (await db.query(`select id, '' as category from products limit 1`)).rows[0];
  const storefront = [
    "/",
    `/produto/${product.id}`,
    `/categoria/${categorySlug(product.category || "Canecas")}`,
    "/pesquisa?q=caneca",
  ];
  const cliente = { cookie: await clienteCookie(db) };
  const admin = { cookie: (await login(shop.url, ADMIN_EMAIL, ADMIN_PASSWORD)).cookie };
  const out: PageRow[] = [];
  for (const [kind, pages, headers] of [
    ["storefront", storefront, cliente],
    ["admin", ADMIN_PAGES, admin],
  ] as const) {
    for (const page of pages) {
      // Size: what a visitor gets (the admin for admin pages); time: renders that bypass the page cache.
      const size = await timed(shop.url + page, kind === "admin" ? admin : {});
      const times: number[] = [];
      for (let i = 0; i < 6; i++) times.push((await timed(shop.url + page, headers)).ms);
      times.shift(); // the first warms the caches
      times.sort((a, b) => a - b);
      out.push({
        scale,
        page,
        kind,
        status: size.status,
        kb: size.bytes / 1024,
        medianMs: times[Math.floor(times.length / 2)]!,
        maxMs: times[times.length - 1]!,
      });
      const row = out[out.length - 1]!;
      console.log(
        `  ${scale} products ${page}: ${row.status} ${row.kb.toFixed(1)} KiB, ${row.medianMs.toFixed(0)} ms (max ${row.maxMs.toFixed(0)})`,
      );
    }
  }
  return out;
}

/** Round `round` through a list of searches: another page size (12–60) or order each time; suggestions as they are. */
function variant(path: string, round: number): string {
  if (path.startsWith("/api/search/sugestoes")) return path;
  const order = ["relevancia", "preco-asc", "novidades", "preco-desc"][Math.floor(round / 49) % 4];
  return `${path}&por_pagina=${12 + (round % 49)}&ordenar=${order}`;
}

export async function measureSearch(shop: Pick<Shop, "url">): Promise<string[]> {
  const lines: string[] = [];
  for (const s of SEARCHES) {
    const first = await fetch(shop.url + s.paths[0]!);
    const body = (await first.json()) as { total?: number; produtos?: unknown[] };
    let next = 0;
    const requests = [
      {
        method: "GET" as const,
        setupRequest: (req: autocannon.Request) => {
          const n = next++;
          return { ...req, path: variant(s.paths[n % s.paths.length]!, Math.floor(n / s.paths.length)) };
        },
      },
    ];
    await autocannon({ url: shop.url, connections: CONNECTIONS, duration: 0.5, requests });
    const r = await autocannon({ url: shop.url, connections: CONNECTIONS, duration: SEARCH_DURATION_S, requests });
    const matches = body.total ?? body.produtos?.length ?? 0;
    const distinct = Math.min(next, s.paths.length * (s.paths[0]!.includes("sugestoes") ? 1 : 196));
    if (distinct < next) notes.push(`search ${s.name}: ${next - distinct} of ${next} requests repeated a query`);
    const line =
      `| ${s.name} (${s.paths.length} queries, e.g. \`${decodeURIComponent(s.paths[0]!)}\`) | ${first.status} | ${matches} | ` +
      `${rps(r.requests.average)} | ${ms(r.latency.p50)} | ${ms(r.latency.p99)} | ${r.latency.p99 < SEARCH_P99_MS ? "met" : "**missed**"} |`;
    if (r.non2xx || r.errors) notes.push(`search ${s.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    console.log(line);
    lines.push(line);
  }
  return lines;
}

export interface CatalogueFigures {
  pages: string;
  search: string;
  seconds: number;
}

/** Every scale in turn: a shop on the kept data directory, its pages, and at the largest the search under load. */
export async function measureCatalogue(scales: readonly number[] = SCALES): Promise<CatalogueFigures> {
  const started = Date.now();
  const rows: PageRow[] = [];
  let search: string[] = [];
  for (const scale of scales) {
    console.log(`\nCatalogue of ${scale} products …`);
    const dataDir = await seededDataDir(scale, (l) => console.log(l));
    await buildPresent();
    const shop = await startShop({ DEMO_DATA: "auto", ADMIN_EMAIL, ADMIN_PASSWORD }, { dataDir });
    stopOnExit(shop);
    const db = new pg.Client({ connectionString: shop.databaseUrl() });
    try {
      await db.connect();
      rows.push(...(await measurePages(shop, scale, db)));
      if (scale === Math.max(...scales)) search = await measureSearch(shop);
    } finally {
      await db.end().catch(() => {});
      await shop.stop();
    }
  }
  // One line per page kind: the product and the category differ by scale.
  const kindOf = (page: string) =>
    page.replace(/^\/produto\/\d+$/, "/produto/{id}").replace(/^\/categoria\/[^?]+$/, "/categoria/{slug}");
  const pages = [...new Set(rows.map((r) => kindOf(r.page)))];
  const pageTable = [
    `| Page | ${scales.map((s) => `${s.toLocaleString("en-US")} products`).join(" | ")} | Limit |`,
    `|---|${scales.map(() => "---:").join("|")}|---|`,
    ...pages.map((page) => {
      const of = rows.filter((r) => kindOf(r.page) === page);
      const limit = of[0]!.kind === "admin" ? ADMIN_LIMIT_KB : STOREFRONT_LIMIT_KB;
      const cells = scales.map((s) => {
        const r = of.find((x) => x.scale === s);
        if (!r) return "";
        const status = r.status === 200 ? "" : ` (${r.status})`;
        return `${r.kb.toFixed(1)} KiB, ${r.medianMs.toFixed(0)} ms${status}`;
      });
      const met = of.every((r) => r.kb <= limit) ? "met" : "**missed**";
      return `| ${of[0]!.kind === "admin" ? "admin " : ""}\`${page}\` | ${cells.join(" | ")} | ≤ ${limit} KB: ${met} |`;
    }),
  ].join("\n");
  const searchTable = [
    `| Search (${CONNECTIONS} connections, ${SEARCH_DURATION_S} s) | Status | Matches (first query) | req/s | p50 | p99 | Target p99 < ${SEARCH_P99_MS} ms |`,
    "|---|---|---:|---:|---:|---:|---|",
    ...search,
  ].join("\n");
  return { pages: pageTable, search: searchTable, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.main) {
  ensureBuild();
  const scales = process.argv.slice(2).map(Number).filter(Boolean);
  const figures = await measureCatalogue(scales.length ? scales : SCALES);
  console.log(`\n${figures.pages}\n\n${figures.search}\n\n${notes.join("\n")}\nTook ${figures.seconds.toFixed(0)} s`);
  process.exit(0);
}
