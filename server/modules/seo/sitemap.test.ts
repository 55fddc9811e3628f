import Fastify, { type FastifyInstance } from "fastify";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import type { Database } from "#server/core/db/client.ts";
import { categories, products } from "#server/modules/catalog/schema.ts";
import { SITEMAP_PAGES, seoRoutes } from "./routes.ts";
import { SITEMAP_MAX_URLS } from "./sitemap.ts";

/*
 * The sitemap split (issue 19, item 7): every public page, every category page and every product in the shop is
 * listed exactly once across the files, each file holds at most the limit, and the index appears exactly when the
 * URLs exceed it. The limit is lowered here (the route's `maxUrls`; 50 000 in the shop) so the boundary is cheap to
 * reach.
 */

const BASE = "https://loja.test";
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const apps: FastifyInstance[] = [];

async function appWithLimit(maxUrls?: number): Promise<FastifyInstance> {
  const app = Fastify();
  seoRoutes(app, { db, publicUrl: BASE, maxUrls });
  await app.ready();
  apps.push(app);
  return app;
}

async function get(app: FastifyInstance, url: string) {
  return app.inject({ method: "GET", url });
}

/** Every URL the sitemap lists, following the index when there is one, with the size of each file read. */
async function crawl(app: FastifyInstance): Promise<{ urls: string[]; fileSizes: number[]; indexed: boolean }> {
  const root = await get(app, "/sitemap.xml");
  expect(root.statusCode).toBe(200);
  expect(root.headers["content-type"]).toMatch(/^application\/xml/);
  if (root.body.includes("<urlset")) {
    const urls = locs(root.body);
    return { urls, fileSizes: [urls.length], indexed: false };
  }
  expect(root.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const files = locs(root.body);
  expect(files).toEqual(files.map((_, i) => `${BASE}/sitemap-${i + 1}.xml`));
  const urls: string[] = [];
  const fileSizes: number[] = [];
  for (const file of files) {
    const res = await get(app, file.slice(BASE.length));
    expect(res.statusCode, file).toBe(200);
    expect(res.body).toContain("<urlset");
    const inFile = locs(res.body);
    fileSizes.push(inFile.length);
    urls.push(...inFile);
  }
  return { urls, fileSizes, indexed: true };
}

/** The URLs the sitemap must hold, read from the tables: pages, one per category slug, products in the shop. */
async function expectedUrls(): Promise<string[]> {
  const shop = await db
    .select({ id: products.id, status: products.status, deletedAt: products.deletedAt })
    .from(products);
  const inShop = shop.filter((p) => p.status === 1 && p.deletedAt === null).map((p) => `${BASE}/produto/${p.id}`);
  return [
    ...SITEMAP_PAGES.map((p) => BASE + p),
    `${BASE}/categoria/t-shirts`,
    `${BASE}/categoria/saboes-velas`,
    `${BASE}/categoria/cadernos`,
    ...inShop,
  ];
}

const sorted = (list: readonly string[]) => list.toSorted();

async function addProducts(n: number, status = 1): Promise<number[]> {
  const rows = await db
    .insert(products)
    .values(Array.from({ length: n }, (_, i) => ({ name: `Produto ${i}`, priceCents: 100 + i, status })))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Two names with the same slug share one page; a name with no letter or digit has none.
  await db
    .insert(categories)
    .values([
      { name: "T-shirts" },
      { name: "Sabões & Velas" },
      { name: "sabões velas" },
      { name: "Cadernos" },
      { name: "&&" },
    ]);
  await addProducts(20);
  // Out of the shop: hidden, and deleted.
  const [hidden] = await addProducts(1, 0);
  const [deleted] = await addProducts(1);
  await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted!));
  expect(hidden).toBeDefined();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
});

describe("sitemap.xml and its index", () => {
  it("lists each public page, each category page once by slug and each product in the shop, nothing else", async () => {
    const { urls, indexed } = await crawl(await appWithLimit());
    expect(indexed).toBe(false);
    expect(sorted(urls)).toEqual(sorted(await expectedUrls()));
    expect(new Set(urls).size).toBe(urls.length);
    // The shop's limit is the protocol's.
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    // Not split: there is no numbered file.
    expect((await get(await appWithLimit(), "/sitemap-1.xml")).statusCode).toBe(404);
  });

  it("stays one file at exactly the limit and becomes an index of two at one URL more", async () => {
    const expected = await expectedUrls();
    const atLimit = await crawl(await appWithLimit(expected.length));
    expect(atLimit.indexed).toBe(false);
    expect(atLimit.urls).toHaveLength(expected.length);

    const over = await crawl(await appWithLimit(expected.length - 1));
    expect(over.indexed).toBe(true);
    expect(over.fileSizes).toEqual([expected.length - 1, 1]);
    expect(sorted(over.urls)).toEqual(sorted(expected));
  });

  it("splits into files of the limit each (the last holds the rest), every URL exactly once, in order", async () => {
    const expected = await expectedUrls();
    for (const limit of [1, 7, 9, 10]) {
      const app = await appWithLimit(limit);
      const { urls, fileSizes, indexed } = await crawl(app);
      expect(indexed).toBe(true);
      const files = Math.ceil(expected.length / limit);
      expect(fileSizes).toHaveLength(files);
      expect(fileSizes.slice(0, -1).every((size) => size === limit)).toBe(true);
      expect(fileSizes.at(-1)).toBe(expected.length - (files - 1) * limit);
      expect(sorted(urls)).toEqual(sorted(expected));
      expect(new Set(urls).size).toBe(urls.length);
      // Pages, then categories, then products by id: the same order every time, so no URL moves between files.
      const productIds = urls.filter((u) => u.includes("/produto/")).map((u) => Number(u.split("/").at(-1)));
      expect(productIds).toEqual(productIds.toSorted((a, b) => a - b));
      expect(urls.slice(0, SITEMAP_PAGES.length)).toEqual(SITEMAP_PAGES.map((p) => BASE + p));
      // No file past the last one, no file 0, nothing that is not a number.
      for (const bad of [`/sitemap-${files + 1}.xml`, "/sitemap-0.xml", "/sitemap-x.xml", "/sitemap-01.xml"])
        expect((await get(app, bad)).statusCode, bad).toBe(404);
    }
  });

  it("a product taken out of the shop leaves every file, and a new one joins the last", async () => {
    const app = await appWithLimit(10);
    const before = await crawl(app);
    const [first] = await db.select({ id: products.id }).from(products).where(eq(products.status, 1)).limit(1);
    await db.update(products).set({ status: 0 }).where(eq(products.id, first!.id));
    const added = await addProducts(1);
    try {
      const after = await crawl(app);
      expect(after.urls).not.toContain(`${BASE}/produto/${first!.id}`);
      expect(after.urls.at(-1)).toBe(`${BASE}/produto/${added[0]}`);
      expect(after.urls).toHaveLength(before.urls.length);
      expect(sorted(after.urls)).toEqual(sorted(await expectedUrls()));
    } finally {
      await db.update(products).set({ status: 1 }).where(eq(products.id, first!.id));
      await db.delete(products).where(inArray(products.id, added));
    }
  });
});
