import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import type { SearchAnswer, SearchQuery } from "./schemas.ts";
import { searchKey } from "./text.ts";

/*
 * This instance's copy of what the filters, facets and sort orders read of each product in the shop (category,
 * colours, sizes, price, stock, age, and the card's name and picture), kept in memory so that a search does in
 * PostgreSQL only what needs the text index: which products match the words, and how well. Counting the facets of
 * thousands of matches, or of the whole shop on a category page, is then a loop over small objects instead of
 * several scans of the wide search_documents table (1 s at 100 000 products; decision 0018's addendum).
 *
 * Kept current like the answer cache: every catalogue write that changes what search finds adds a search_changes
 * row naming its products, in the writer's transaction; before each search the table's count and last id are read,
 * and on a change the named products' documents are read again (a product no longer in search_documents is dropped).
 * So a product changed or hidden on another instance is found, or no longer found, by the next request.
 */

export interface IndexedProduct {
  id: number;
  name: string;
  image: string | null;
  priceCents: number;
  inStock: boolean;
  createdAt: number;
  categoryName: string | null;
  categoryKey: string | null;
  colorNames: string[];
  colorKeys: string[];
  sizeNames: string[];
  sizeKeys: string[];
  /** The number of the last answer this product passed every filter of (see `answer`). */
  passed: number;
}

type DocumentRow = {
  product_id: number;
  name: string;
  image: string | null;
  price_cents: number;
  in_stock: boolean;
  created_at: string | Date;
  category_name: string | null;
  category_key: string | null;
  color_names: string[];
  color_keys: string[];
  size_names: string[];
  size_keys: string[];
};

const DOCUMENT_COLUMNS = sql`product_id, name, image, price_cents, in_stock, created_at, category_name, category_key,
  color_names, color_keys, size_names, size_keys`;

/** Strings repeated over thousands of products (category, colour and size names and keys) are kept once. */
function interner() {
  const pool = new Map<string, string>();
  return (s: string) => {
    const kept = pool.get(s);
    if (kept !== undefined) return kept;
    pool.set(s, s);
    return s;
  };
}

/** PostgreSQL's default order of names in the facet lists (by count, then name) as the shopper reads them. */
const byName = new Intl.Collator("pt-PT").compare;

const newestFirst = (a: IndexedProduct, b: IndexedProduct) => b.createdAt - a.createdAt || b.id - a.id;
const cheapestFirst = (a: IndexedProduct, b: IndexedProduct) => a.priceCents - b.priceCents || a.id - b.id;

/** Where `item` goes in `list` sorted by `order` (binary search). */
function insertionPoint<T>(list: T[], item: T, order: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(list[mid]!, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface FacetIndex {
  /** Brings the copy up to date with the database (one small read when nothing changed). */
  current(): Promise<void>;
  /**
   * The answer (without `sugestao`) for `query` over the products `matches` names (every product in the shop when
   * null), each with its relevance score: the page, total, facets and price range.
   */
  answer(query: SearchQuery, matches: Map<number, number> | null): SearchAnswer;
}

export function createFacetIndex(db: Database): FacetIndex {
  const intern = interner();
  const products = new Map<number, IndexedProduct>();
  let newest: IndexedProduct[] = [];
  let cheapest: IndexedProduct[] = [];
  let sizeOrder = new Map<string, number>();
  /** The search_changes rows already applied (the table keeps about a day of them). */
  let applied = new Set<number>();
  let version: string | null = null;
  let refreshing: Promise<void> | null = null;
  let answers = 0;

  const toProduct = (r: DocumentRow): IndexedProduct => ({
    id: r.product_id,
    name: r.name,
    image: r.image,
    priceCents: r.price_cents,
    inStock: r.in_stock,
    createdAt: new Date(r.created_at).getTime(),
    categoryName: r.category_name === null ? null : intern(r.category_name),
    categoryKey: r.category_key === null ? null : intern(r.category_key),
    colorNames: r.color_names.map(intern),
    colorKeys: r.color_keys.map(intern),
    sizeNames: r.size_names.map(intern),
    sizeKeys: r.size_keys.map(intern),
    passed: 0,
  });

  async function readSizeOrder() {
    const sizes = await db.execute<{ name: string; sort_order: number | null }>(
      sql`select name, sort_order from sizes where sort_order is not null`,
    );
    sizeOrder = new Map(sizes.rows.map((s) => [s.name, s.sort_order!]));
  }

  /** Everything, read in one snapshot: the changes it already contains are marked applied. */
  async function loadAll(): Promise<void> {
    await db.transaction(
      async (tx) => {
        const changes = await tx.execute<{ id: string }>(sql`select id from search_changes`);
        const rows = await tx.execute<DocumentRow>(sql`select ${DOCUMENT_COLUMNS} from search_documents`);
        products.clear();
        for (const r of rows.rows) products.set(r.product_id, toProduct(r));
        applied = new Set(changes.rows.map((c) => Number(c.id)));
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    newest = [...products.values()].sort(newestFirst);
    cheapest = [...products.values()].sort(cheapestFirst);
    await readSizeOrder();
  }

  function remove(p: IndexedProduct) {
    products.delete(p.id);
    for (const [list, order] of [
      [newest, newestFirst],
      [cheapest, cheapestFirst],
    ] as const) {
      const at = insertionPoint(list, p, order);
      if (list[at] === p) list.splice(at, 1);
      else list.splice(list.indexOf(p), 1);
    }
  }

  function add(p: IndexedProduct) {
    products.set(p.id, p);
    newest.splice(insertionPoint(newest, p, newestFirst), 0, p);
    cheapest.splice(insertionPoint(cheapest, p, cheapestFirst), 0, p);
  }

  /** The products named by changes not yet applied, read again. */
  async function applyChanges(): Promise<void> {
    const changes = await db.execute<{ id: string; product_ids: number[] | null }>(
      sql`select id, product_ids from search_changes`,
    );
    const fresh = changes.rows.filter((c) => !applied.has(Number(c.id)));
    // A change written before this column existed names no products: read everything again.
    if (fresh.some((c) => c.product_ids === null)) return loadAll();
    const ids = [...new Set(fresh.flatMap((c) => c.product_ids!))];
    if (ids.length > 0) {
      const rows = await db.execute<DocumentRow>(
        sql`select ${DOCUMENT_COLUMNS} from search_documents where product_id = any(${sql.param(ids)}::int[])`,
      );
      const found = new Map(rows.rows.map((r) => [r.product_id, toProduct(r)]));
      for (const id of ids) {
        const old = products.get(id);
        if (old) remove(old);
        const now = found.get(id);
        if (now) add(now);
      }
      await readSizeOrder();
    }
    applied = new Set(changes.rows.map((c) => Number(c.id)));
  }

  async function refresh(): Promise<void> {
    const row = await db.execute<{ v: string }>(
      sql`select count(*) || ':' || coalesce(max(id), 0) as v from search_changes`,
    );
    const now = row.rows[0]!.v;
    if (now === version) return;
    if (version === null) await loadAll();
    else await applyChanges();
    version = now;
  }

  function current(): Promise<void> {
    // One refresh at a time; requests arriving meanwhile wait for it, then check again.
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function answer(query: SearchQuery, matches: Map<number, number> | null): SearchAnswer {
    const categoryKeys = new Set(query.categorias.map(searchKey));
    const colorKeys = new Set(query.cores.map(searchKey));
    const sizeKeys = new Set(query.tamanhos.map(searchKey));
    const anyOf = (wanted: Set<string>, keys: string[]) => wanted.size === 0 || keys.some((k) => wanted.has(k));
    const { precoMinCents: min, precoMaxCents: max, emStock } = query;

    const categories = new Map<string, number>();
    const colours = new Map<string, number>();
    const sizes = new Map<string, number>();
    const count = (counts: Map<string, number>, name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
    let total = 0;
    let priceMin: number | null = null;
    let priceMax: number | null = null;
    const answerNo = ++answers;
    const passing: IndexedProduct[] = [];

    const consider = (p: IndexedProduct) => {
      if (min !== null && p.priceCents < min) return;
      if (max !== null && p.priceCents > max) return;
      if (emStock && !p.inStock) return;
      const c = categoryKeys.size === 0 || (p.categoryKey !== null && categoryKeys.has(p.categoryKey));
      const k = anyOf(colorKeys, p.colorKeys);
      const s = anyOf(sizeKeys, p.sizeKeys);
      // Each facet counts the products that pass every other filter, so its own values stay selectable.
      if (k && s && p.categoryName !== null) count(categories, p.categoryName);
      if (c && s) for (const name of p.colorNames) count(colours, name);
      if (c && k) for (const name of p.sizeNames) count(sizes, name);
      if (c && k && s) {
        total++;
        p.passed = answerNo;
        passing.push(p);
        if (priceMin === null || p.priceCents < priceMin) priceMin = p.priceCents;
        if (priceMax === null || p.priceCents > priceMax) priceMax = p.priceCents;
      }
    };
    if (matches === null) for (const p of products.values()) consider(p);
    else
      for (const id of matches.keys()) {
        const p = products.get(id);
        if (p) consider(p);
      }

    // The page: the passing products in the chosen order, from the kept sorted lists when that is cheaper.
    const skip = (query.pagina - 1) * query.porPagina;
    let page: IndexedProduct[];
    const relevance = matches !== null && query.ordenar === "relevancia";
    if (relevance || passing.length < products.size / 8) {
      const order =
        query.ordenar === "preco-asc"
          ? cheapestFirst
          : query.ordenar === "preco-desc"
            ? (a: IndexedProduct, b: IndexedProduct) => -cheapestFirst(a, b)
            : relevance
              ? (a: IndexedProduct, b: IndexedProduct) => matches.get(b.id)! - matches.get(a.id)! || b.id - a.id
              : newestFirst;
      page = passing.sort(order).slice(skip, skip + query.porPagina);
    } else {
      // Most of the shop passes: walk the kept order (backwards for the dearest first) and take the page.
      const list = query.ordenar === "preco-asc" || query.ordenar === "preco-desc" ? cheapest : newest;
      const backwards = query.ordenar === "preco-desc";
      page = [];
      let seen = 0;
      for (let i = 0; i < list.length && page.length < query.porPagina; i++) {
        const p = list[backwards ? list.length - 1 - i : i]!;
        if (p.passed !== answerNo || seen++ < skip) continue;
        page.push(p);
      }
    }

    const byCount = (counts: Map<string, number>) =>
      [...counts].sort(([a, n], [b, m]) => m - n || byName(a, b)).map(([nome, total]) => ({ nome, total }));
    const bySizeOrder = [...sizes]
      .sort(
        ([a], [b]) =>
          (sizeOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (sizeOrder.get(b) ?? Number.MAX_SAFE_INTEGER) || byName(a, b),
      )
      .map(([nome, total]) => ({ nome, total }));
    const euros = (cents: number | null) => (cents === null ? null : cents / 100);
    return {
      total,
      pagina: query.pagina,
      por_pagina: query.porPagina,
      produtos: page.map((p) => ({
        id: p.id,
        name: p.name,
        price: p.priceCents / 100,
        image: p.image,
        categoria: p.categoryName,
      })),
      facetas: {
        categorias: byCount(categories),
        cores: byCount(colours),
        tamanhos: bySizeOrder,
        preco: { min: euros(priceMin), max: euros(priceMax) },
      },
      sugestao: null,
    };
  }

  return { current, answer };
}
