import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { rank, type TextMatch } from "./query.ts";
import type { SearchAnswer, SearchQuery } from "./schemas.ts";
import { searchKey } from "./text.ts";
import { createTextIndex, parseDocument } from "./text-index.ts";

/*
 * This instance's copy of the search documents: what the words match (text-index.ts), and what the filters, facets
 * and sort orders read of each product in the shop (category, colours, sizes, price, stock, age, and the card's name
 * and picture). A search then does in PostgreSQL only the analysis of its words (analyze.ts); matching, counting
 * the facets of thousands of matches, or of the whole shop on a category page, and ordering are loops over typed
 * arrays here instead of scans of the wide search_documents table (1 s at 100 000 products; decision 0018's
 * addenda).
 *
 * Each product has a slot: a number indexing the columns below. A product that changes gets a new slot and its old
 * one is left empty; everything is renumbered when the whole copy is read again.
 *
 * Kept current like the answer cache: every catalogue write that changes what search finds adds a search_changes
 * row naming its products, in the writer's transaction; before each search the table's count and last id are read,
 * and on a change the named products' documents are read again (a product no longer in search_documents is dropped).
 * So a product changed or hidden on another instance is found, or no longer found, by the next request.
 */

/** What a page of results shows of a product. */
export interface IndexedProduct {
  id: number;
  name: string;
  /** The name's key (lower case, no accents), for the ranking's closeness of name and search text. */
  nameKey: string;
  image: string | null;
  priceCents: number;
  categoryName: string | null;
}

type DocumentRow = {
  product_id: number;
  name: string;
  name_key: string;
  document: string;
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

const DOCUMENT_COLUMNS = sql`product_id, name, name_key, document::text as document, image, price_cents, in_stock,
  created_at, category_name, category_key, color_names, color_keys, size_names, size_keys`;

const LOAD_BATCH = 5_000;
const RENUMBER_AFTER = 10_000;

/** PostgreSQL's default order of names in the facet lists (by count, then name) as the shopper reads them. */
const byName = new Intl.Collator("pt-PT").compare;

/** The values of one facet (categories, colours or sizes), numbered: counting is then an array of numbers. */
class FacetValues {
  private ids = new Map<string, number>();
  names: string[] = [];
  keys: string[] = [];
  /** The slots having each value (emptied slots included: skipped by the reader). */
  slots: number[][] = [];
  /** How many products in the shop have each value. */
  live: number[] = [];

  id(name: string, key: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.keys.push(key);
      this.slots.push([]);
      this.live.push(0);
    }
    return id;
  }

  /** The value ids of a product in `slot`, kept in the lists and counts. */
  add(ids: number[], slot: number): number[] {
    for (const id of ids) {
      this.slots[id]!.push(slot);
      this.live[id]!++;
    }
    return ids;
  }

  remove(ids: Iterable<number>) {
    for (const id of ids) this.live[id]!--;
  }

  /** How many slots the wanted values' lists hold. */
  listed(wanted: Uint8Array): number {
    let n = 0;
    for (let id = 0; id < wanted.length; id++) if (wanted[id]) n += this.slots[id]!.length;
    return n;
  }

  /** For each value, whether the filter wants it (by key, as the shopper's text); null when there is no filter. */
  wanted(filter: string[]): Uint8Array | null {
    if (filter.length === 0) return null;
    const keys = new Set(filter.map(searchKey));
    return Uint8Array.from(this.keys, (k) => (keys.has(k) ? 1 : 0));
  }
}

/** Growable typed arrays, one per column, indexed by slot. */
class Columns {
  capacity = 0;
  price = new Int32Array(0);
  inStock = new Uint8Array(0);
  created = new Float64Array(0);
  id = new Int32Array(0);
  category = new Int32Array(0);
  /** Where the slot's colours (sizes) start in the pool, and how many. */
  coloursAt = new Int32Array(0);
  colourCount = new Uint16Array(0);
  sizesAt = new Int32Array(0);
  sizeCount = new Uint16Array(0);
  rank = new Float64Array(0);
  /** The number of the last answer that looked at the slot (a product listed under two wanted values is looked at once). */
  visited = new Int32Array(0);
  /** The name key's length; the number of the last ranking whose text the name key begins with. */
  nameLength = new Int32Array(0);
  startsWithText = new Int32Array(0);
  passed = new Int32Array(0);
  pool = new Int32Array(1024);
  poolLength = 0;

  ensure(slot: number) {
    if (slot < this.capacity) return;
    const size = Math.max(1024, this.capacity * 2, slot + 1);
    const grow = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.price = grow(this.price);
    this.inStock = grow(this.inStock);
    this.created = grow(this.created);
    this.id = grow(this.id);
    this.category = grow(this.category);
    this.coloursAt = grow(this.coloursAt);
    this.colourCount = grow(this.colourCount);
    this.sizesAt = grow(this.sizesAt);
    this.sizeCount = grow(this.sizeCount);
    this.rank = grow(this.rank);
    this.visited = grow(this.visited);
    this.nameLength = grow(this.nameLength);
    this.startsWithText = grow(this.startsWithText);
    this.passed = grow(this.passed);
    this.capacity = size;
  }

  /** Appends a list of value ids to the pool; returns where it starts. */
  append(ids: number[]): number {
    if (this.poolLength + ids.length > this.pool.length) {
      const pool = new Int32Array(Math.max(this.pool.length * 2, this.poolLength + ids.length));
      pool.set(this.pool);
      this.pool = pool;
    }
    const at = this.poolLength;
    this.pool.set(ids, at);
    this.poolLength += ids.length;
    return at;
  }
}

/** The first `k` of `list` in `order`, without sorting all of it when k is small next to it. */
export function firstInOrder<T>(list: T[], k: number, order: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k * 4 >= list.length) return [...list].sort(order).slice(0, k);
  // Each item is compared with the worst kept and, only if better, inserted by binary search.
  const kept: T[] = [];
  for (const item of list) {
    if (kept.length === k) {
      if (order(item, kept[k - 1]!) >= 0) continue;
      kept.pop();
    }
    kept.splice(insertionPoint(kept, item, order), 0, item);
  }
  return kept;
}

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
  /**
   * Brings the copy up to date with the database (one small read when nothing changed) and returns the version of
   * search_changes it now reflects (an answer computed from it may be cached under that version).
   */
  current(): Promise<string>;
  /** The slots of the products matching the words, each ranked (for an answer ordered by relevance). */
  match(text: TextMatch): number[];
  /**
   * The answer (without `sugestao`) for `query` over the matched slots (every product in the shop when null): the
   * page, total, facets and price range.
   */
  answer(query: SearchQuery, matches: number[] | null): SearchAnswer;
  /** The `n` best products for the words: those having them in the name, else anywhere (suggestions). */
  best(text: TextMatch, n: number): IndexedProduct[];
}

export function createFacetIndex(db: Database): FacetIndex {
  const text = createTextIndex();
  let col = new Columns();
  let categories = new FacetValues();
  let colours = new FacetValues();
  let sizes = new FacetValues();
  /** Product by slot (undefined: an empty slot). */
  let bySlot: (IndexedProduct | undefined)[] = [];
  const slotOf = new Map<number, number>();
  /** Each slot's name key (kept after the slot is emptied: the sorted lists below still compare it). */
  let nameKeys: string[] = [];
  let newest: number[] = [];
  let cheapest: number[] = [];
  /** By name key in code-unit order: the names beginning with a text are one run of it. */
  let byNameKey: number[] = [];
  let rankings = 0;
  let sizeOrder = new Map<string, number>();
  /** The search_changes rows already applied (the table keeps about a day of them). */
  let applied = new Set<number>();
  let version: string | null = null;
  let refreshing: Promise<string> | null = null;
  let answers = 0;

  const newestFirst = (a: number, b: number) => col.created[b]! - col.created[a]! || col.id[b]! - col.id[a]!;
  const cheapestFirst = (a: number, b: number) => col.price[a]! - col.price[b]! || col.id[a]! - col.id[b]!;
  const byRank = (a: number, b: number) => col.rank[b]! - col.rank[a]! || col.id[b]! - col.id[a]!;
  const nameKeyOrder = (a: number, b: number) =>
    nameKeys[a]! < nameKeys[b]! ? -1 : nameKeys[a]! > nameKeys[b]! ? 1 : col.id[a]! - col.id[b]!;
  const kept = () =>
    [
      [newest, newestFirst],
      [cheapest, cheapestFirst],
      [byNameKey, nameKeyOrder],
    ] as const;

  /** Puts the row in a new slot (its columns, its lexemes); returns the slot. */
  function put(r: DocumentRow): number {
    const slot = bySlot.length;
    col.ensure(slot);
    bySlot.push({
      id: r.product_id,
      name: r.name,
      nameKey: r.name_key,
      image: r.image,
      priceCents: r.price_cents,
      categoryName: r.category_name,
    });
    slotOf.set(r.product_id, slot);
    col.id[slot] = r.product_id;
    col.nameLength[slot] = r.name_key.length;
    nameKeys[slot] = r.name_key;
    col.price[slot] = r.price_cents;
    col.inStock[slot] = r.in_stock ? 1 : 0;
    col.created[slot] = new Date(r.created_at).getTime();
    const category =
      r.category_name === null ? [] : [categories.id(r.category_name, r.category_key ?? searchKey(r.category_name))];
    col.category[slot] = categories.add(category, slot)[0] ?? -1;
    const colourIds = [...new Set(r.color_names.map((name, i) => colours.id(name, r.color_keys[i] ?? "")))];
    col.coloursAt[slot] = col.append(colours.add(colourIds, slot));
    col.colourCount[slot] = colourIds.length;
    const sizeIds = [...new Set(r.size_names.map((name, i) => sizes.id(name, r.size_keys[i] ?? "")))];
    col.sizesAt[slot] = col.append(sizes.add(sizeIds, slot));
    col.sizeCount[slot] = sizeIds.length;
    text.add(slot, parseDocument(r.document));
    return slot;
  }

  async function readSizeOrder() {
    const rows = await db.execute<{ name: string; sort_order: number | null }>(
      sql`select name, sort_order from sizes where sort_order is not null`,
    );
    sizeOrder = new Map(rows.rows.map((s) => [s.name, s.sort_order!]));
  }

  /** Everything, read in one snapshot and numbered afresh: the changes it already contains are marked applied. */
  async function loadAll(): Promise<void> {
    await db.transaction(
      async (tx) => {
        const changes = await tx.execute<{ id: string }>(sql`select id from search_changes`);
        col = new Columns();
        categories = new FacetValues();
        colours = new FacetValues();
        sizes = new FacetValues();
        bySlot = [];
        nameKeys = [];
        slotOf.clear();
        text.clear();
        // In batches, so that the rows read (several times the copy's size) are never all in memory at once.
        for (let after = 0; ;) {
          const rows = await tx.execute<DocumentRow>(sql`select ${DOCUMENT_COLUMNS} from search_documents
            where product_id > ${after} order by product_id limit ${LOAD_BATCH}`);
          for (const r of rows.rows) put(r);
          if (rows.rows.length < LOAD_BATCH) break;
          after = rows.rows.at(-1)!.product_id;
        }
        applied = new Set(changes.rows.map((c) => Number(c.id)));
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const slots = bySlot.map((_, slot) => slot);
    newest = [...slots].sort(newestFirst);
    byNameKey = [...slots].sort(nameKeyOrder);
    cheapest = slots.sort(cheapestFirst);
    await readSizeOrder();
  }

  function remove(slot: number) {
    bySlot[slot] = undefined;
    text.remove(slot);
    if (col.category[slot]! >= 0) categories.remove([col.category[slot]!]);
    colours.remove(col.pool.subarray(col.coloursAt[slot]!, col.coloursAt[slot]! + col.colourCount[slot]!));
    sizes.remove(col.pool.subarray(col.sizesAt[slot]!, col.sizesAt[slot]! + col.sizeCount[slot]!));
    for (const [list, order] of kept()) {
      const at = insertionPoint(list, slot, order);
      list.splice(list[at] === slot ? at : list.indexOf(slot), 1);
    }
  }

  function add(r: DocumentRow) {
    const slot = put(r);
    for (const [list, order] of kept()) list.splice(insertionPoint(list, slot, order), 0, slot);
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
      const found = new Map(rows.rows.map((r) => [r.product_id, r]));
      for (const id of ids) {
        const old = slotOf.get(id);
        if (old !== undefined) {
          remove(old);
          slotOf.delete(id);
        }
        const now = found.get(id);
        if (now) add(now);
      }
      await readSizeOrder();
    }
    applied = new Set(changes.rows.map((c) => Number(c.id)));
    // Every change leaves a slot empty: once they outnumber the products, everything is read and numbered afresh.
    if (bySlot.length - slotOf.size > Math.max(RENUMBER_AFTER, slotOf.size)) await loadAll();
  }

  async function refresh(): Promise<string> {
    const row = await db.execute<{ v: string }>(
      sql`select count(*) || ':' || coalesce(max(id), 0) as v from search_changes`,
    );
    const now = row.rows[0]!.v;
    if (now === version) return now;
    if (version === null) await loadAll();
    else await applyChanges();
    version = now;
    return now;
  }

  function current(): Promise<string> {
    // One refresh at a time; requests arriving meanwhile wait for it.
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function ranked(text: TextMatch, slots: number[], hits: { named: Uint8Array; weight: Float32Array }) {
    // The names beginning with the text: the run of byNameKey from the text to the text followed by U+FFFF.
    const { nameLength, startsWithText } = col;
    const rankingNo = ++rankings;
    const from = (key: string) => {
      let lo = 0;
      let hi = byNameKey.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (nameKeys[byNameKey[mid]!]! < key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    for (let i = from(text.key), end = from(`${text.key}\uffff`); i < end; i++)
      startsWithText[byNameKey[i]!] = rankingNo;
    for (const slot of slots) {
      const starts = startsWithText[slot] === rankingNo;
      col.rank[slot] = rank(hits.named[slot]!, hits.weight[slot]!, nameLength[slot]!, starts, text);
    }
    return slots;
  }

  function match(words: TextMatch): number[] {
    const hits = text.match(words.groups, { need: words.need });
    return ranked(words, hits.slots, hits);
  }

  function best(words: TextMatch, n: number): IndexedProduct[] {
    let hits = text.match(words.groups, { namesOnly: true });
    if (hits.slots.length < n) hits = text.match(words.groups);
    return firstInOrder(ranked(words, hits.slots, hits), n, byRank).map((slot) => bySlot[slot]!);
  }

  function answer(query: SearchQuery, matches: number[] | null): SearchAnswer {
    const wantedCategory = categories.wanted(query.categorias);
    const wantedColour = colours.wanted(query.cores);
    const wantedSize = sizes.wanted(query.tamanhos);
    const { precoMinCents: min, precoMaxCents: max, emStock } = query;
    const categoryCounts = new Int32Array(categories.names.length);
    const colourCounts = new Int32Array(colours.names.length);
    const sizeCounts = new Int32Array(sizes.names.length);
    const { price, inStock, category, coloursAt, colourCount, sizesAt, sizeCount, pool, passed } = col;
    let total = 0;
    let priceMin = Infinity;
    let priceMax = -Infinity;
    const answerNo = ++answers;
    const passing: number[] = [];

    const anyWanted = (wanted: Uint8Array | null, at: number, n: number) => {
      if (wanted === null) return true;
      for (let i = at; i < at + n; i++) if (wanted[pool[i]!]) return true;
      return false;
    };

    const consider = (slot: number) => {
      const cents = price[slot]!;
      if (min !== null && cents < min) return;
      if (max !== null && cents > max) return;
      if (emStock && !inStock[slot]) return;
      const cat = category[slot]!;
      const c = wantedCategory === null || (cat >= 0 && wantedCategory[cat] === 1);
      const k = anyWanted(wantedColour, coloursAt[slot]!, colourCount[slot]!);
      const s = anyWanted(wantedSize, sizesAt[slot]!, sizeCount[slot]!);
      // Each facet counts the products that pass every other filter, so its own values stay selectable.
      if (k && s && cat >= 0) categoryCounts[cat]!++;
      if (c && s) for (let i = coloursAt[slot]!, end = i + colourCount[slot]!; i < end; i++) colourCounts[pool[i]!]!++;
      if (c && k) for (let i = sizesAt[slot]!, end = i + sizeCount[slot]!; i < end; i++) sizeCounts[pool[i]!]!++;
      if (c && k && s) {
        total++;
        passed[slot] = answerNo;
        passing.push(slot);
        if (cents < priceMin) priceMin = cents;
        if (cents > priceMax) priceMax = cents;
      }
    };
    if (matches !== null) for (const slot of matches) consider(slot);
    else {
      // The whole shop, or only the products that may count somewhere: one failing two of the category, colour and
      // size filters counts in no facet, so with two of them only the products of either one's values are looked at.
      const facets = [
        { wanted: wantedCategory, values: categories, counts: categoryCounts },
        { wanted: wantedColour, values: colours, counts: colourCounts },
        { wanted: wantedSize, values: sizes, counts: sizeCounts },
      ].flatMap((f) => (f.wanted === null ? [] : [{ ...f, wanted: f.wanted, listed: f.values.listed(f.wanted) }]));
      const { visited } = col;
      const scan = (f: (typeof facets)[number]) => {
        for (let id = 0; id < f.wanted.length; id++) {
          if (!f.wanted[id]) continue;
          for (const slot of f.values.slots[id]!) {
            if (bySlot[slot] === undefined || visited[slot] === answerNo) continue;
            visited[slot] = answerNo;
            consider(slot);
          }
        }
      };
      const unfiltered = min === null && max === null && !emStock;
      if (facets.length >= 2) {
        const [a, b] = facets.sort((x, y) => x.listed - y.listed);
        scan(a!);
        scan(b!);
      } else if (facets.length === 1 && unfiltered) {
        // One filter (a category page): its own facet counts the whole shop, kept up to date; the rest its values.
        scan(facets[0]!);
        facets[0]!.counts.set(facets[0]!.values.live);
      } else for (let slot = 0; slot < bySlot.length; slot++) if (bySlot[slot] !== undefined) consider(slot);
    }

    // The page: the passing products in the chosen order, from the kept sorted lists when that is cheaper.
    const skip = (query.pagina - 1) * query.porPagina;
    let page: number[];
    const relevance = matches !== null && query.ordenar === "relevancia";
    if (relevance || passing.length < slotOf.size / 8) {
      const order =
        query.ordenar === "preco-asc"
          ? cheapestFirst
          : query.ordenar === "preco-desc"
            ? (a: number, b: number) => -cheapestFirst(a, b)
            : relevance
              ? byRank
              : newestFirst;
      page = firstInOrder(passing, skip + query.porPagina, order).slice(skip);
    } else {
      // Most of the shop passes: walk the kept order (backwards for the dearest first) and take the page.
      const list = query.ordenar === "preco-asc" || query.ordenar === "preco-desc" ? cheapest : newest;
      const backwards = query.ordenar === "preco-desc";
      page = [];
      let seen = 0;
      for (let i = 0; i < list.length && page.length < query.porPagina; i++) {
        const slot = list[backwards ? list.length - 1 - i : i]!;
        if (passed[slot] !== answerNo || seen++ < skip) continue;
        page.push(slot);
      }
    }

    const listed = (values: FacetValues, counts: Int32Array) =>
      values.names.flatMap((nome, id) => (counts[id]! > 0 ? [{ nome, total: counts[id]! }] : []));
    const byCount = (list: { nome: string; total: number }[]) =>
      list.sort((a, b) => b.total - a.total || byName(a.nome, b.nome));
    const inSizeOrder = (list: { nome: string; total: number }[]) =>
      list.sort(
        (a, b) =>
          (sizeOrder.get(a.nome) ?? Number.MAX_SAFE_INTEGER) - (sizeOrder.get(b.nome) ?? Number.MAX_SAFE_INTEGER) ||
          byName(a.nome, b.nome),
      );
    const euros = (cents: number) => (Number.isFinite(cents) ? cents / 100 : null);
    return {
      total,
      pagina: query.pagina,
      por_pagina: query.porPagina,
      produtos: page.map((slot) => {
        const p = bySlot[slot]!;
        return { id: p.id, name: p.name, price: p.priceCents / 100, image: p.image, categoria: p.categoryName };
      }),
      facetas: {
        categorias: byCount(listed(categories, categoryCounts)),
        cores: byCount(listed(colours, colourCounts)),
        tamanhos: inSizeOrder(listed(sizes, sizeCounts)),
        preco: { min: euros(priceMin), max: euros(priceMax) },
      },
      sugestao: null,
    };
  }

  return { current, match, answer, best };
}
