import { asc, count } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { visibleTo } from "#server/modules/catalog/columns.ts";
import { categories, products } from "#server/modules/catalog/schema.ts";
import { categorySlug } from "#server/modules/catalog/slug.ts";

/*
 * The sitemap's URLs, in one fixed order: the public pages, each category page (/categoria/{slug}), each product in
 * the shop by id. Up to `maxUrls` of them are one <urlset> at /sitemap.xml; past that, /sitemap.xml is a
 * <sitemapindex> of /sitemap-1.xml … /sitemap-N.xml, each holding the next `maxUrls` URLs of that order (the
 * protocol's limit is 50 000 per file). Products are read a file at a time (id and date only), never the whole shop.
 */

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time. */
  lastmod?: string;
}

/** "2025-03-07T10:20:00.000Z" -> "2025-03-07" (W3C date; undefined when unreadable). */
function w3cDate(value: Date | string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/**
 * One address per category page: categories whose names give the same slug share a page (listed once), and a name
 * with no letter or digit has no page.
 */
export async function categoryPaths(db: Database): Promise<string[]> {
  const rows = await db.select({ name: categories.name }).from(categories).orderBy(asc(categories.id));
  const slugs = new Set(rows.map((r) => categorySlug(r.name)).filter((slug) => slug !== ""));
  return [...slugs].map((slug) => `/categoria/${slug}`);
}

async function shopProductCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(visibleTo(false));
  return row?.n ?? 0;
}

async function shopProducts(db: Database, offset: number, limit: number): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(visibleTo(false))
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({ path: `/produto/${r.id}`, lastmod: w3cDate(r.createdAt) }));
}

/** What /sitemap.xml answers: every URL (one file), or the number of files of the index. */
export type SitemapPlan = { kind: "urlset"; entries: SitemapEntry[] } | { kind: "index"; files: number };

export interface SitemapSource {
  db: Database;
  /** The public pages with content of their own (routes.ts's SITEMAP_PAGES). */
  pages: readonly string[];
  /** URLs per file (SITEMAP_MAX_URLS; lower in tests). */
  maxUrls: number;
}

/** The fixed part (pages and categories) and how many products follow it. */
async function head(source: SitemapSource): Promise<{ fixed: SitemapEntry[]; products: number }> {
  const [categoryList, productTotal] = await Promise.all([categoryPaths(source.db), shopProductCount(source.db)]);
  return { fixed: [...source.pages, ...categoryList].map((path) => ({ path })), products: productTotal };
}

/** The URLs from position `start` (0-based, in the order above), at most `limit` of them. */
async function slice(source: SitemapSource, fixed: SitemapEntry[], start: number, limit: number) {
  const fromFixed = fixed.slice(start, start + limit);
  const productOffset = Math.max(0, start - fixed.length);
  return [...fromFixed, ...(await shopProducts(source.db, productOffset, limit - fromFixed.length))];
}

export async function sitemapPlan(source: SitemapSource): Promise<SitemapPlan> {
  const { fixed, products: productTotal } = await head(source);
  const total = fixed.length + productTotal;
  if (total <= source.maxUrls) return { kind: "urlset", entries: await slice(source, fixed, 0, source.maxUrls) };
  return { kind: "index", files: Math.ceil(total / source.maxUrls) };
}

/** File `n` (1-based) of the index, or null when there is no such file (the sitemap fits in one, or n is past the end). */
export async function sitemapFile(source: SitemapSource, n: number): Promise<SitemapEntry[] | null> {
  const { fixed, products: productTotal } = await head(source);
  const total = fixed.length + productTotal;
  if (total <= source.maxUrls || n < 1 || n > Math.ceil(total / source.maxUrls)) return null;
  return slice(source, fixed, (n - 1) * source.maxUrls, source.maxUrls);
}
