import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "#scripts/seed-large-catalogue.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import {
  CORPUS_PRODUCTS,
  CORPUS_QUERIES,
  CORPUS_SYNONYMS,
  loadBulk,
  loadCorpus,
  type CorpusProduct,
} from "#tests/support/search-corpus.ts";
import { createAnalyser, textWords } from "./analyze.ts";
import { tsqueryOf, wordAlternatives } from "./query.ts";
import { createTextIndex, IN_NAME, parseDocument, type Alternative, type TextIndex } from "./text-index.ts";

/*
 * The text index answers what PostgreSQL answers: on a catalogue of a few hundred products, for every corpus query,
 * every beginning of its words and every pair of catalogue words, the products it matches are exactly those whose
 * document matches the same alternatives as a tsquery (all words, names only, all but one word), and the words it
 * says were found in the name are those PostgreSQL finds with weight A.
 */

let t: TestApp;
/** Each product's slot in the index under test (a new one after each change, as the facet index does). */
let slotOf: Map<number, number>;
let idOf: Map<number, number>;
let index: TextIndex;
let nextSlot = 0;

async function indexFromDatabase(): Promise<void> {
  index = createTextIndex();
  slotOf = new Map();
  idOf = new Map();
  const rows = await t.db.execute<{ product_id: number; document: string }>(
    sql`select product_id, document::text as document from search_documents`,
  );
  for (const r of rows.rows) put(r.product_id, r.document);
}

function put(id: number, document: string) {
  const slot = nextSlot++;
  slotOf.set(id, slot);
  idOf.set(slot, id);
  index.add(slot, parseDocument(document));
}

/** Words in parts of the document where a careless match would count them as in the name. */
const TRICKY: CorpusProduct[] = [
  // 'shirt' in the name, 't-shirt' and 't' only in the description: the synonym "t-shirt" (of camisola) is not in it.
  {
    name: "Blusa Shirt Riscas",
    category: "Roupa",
    colours: ["Azul"],
    sizes: ["Grande"],
    price: 21.5,
    description: "Como uma t-shirt, leve.",
  },
  // A size and a colour that are words of other products' names.
  {
    name: "Vela Perfumada Ginja",
    category: "Velas",
    colours: ["Laranja"],
    sizes: ["Lisboa"],
    price: 9.2,
    description: "",
  },
];

beforeAll(async () => {
  t = await createTestApp();
  await loadCorpus(t.db, [...CORPUS_PRODUCTS, ...TRICKY]);
  await loadBulk(
    t.db,
    seedCatalogue(400).map((p) => ({ ...p, price: p.priceCents / 100 })),
  );
  await t.services.search.saveSynonyms(CORPUS_SYNONYMS, 0);
  await indexFromDatabase();
});
afterAll(() => t.close());

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

async function idsWhere(condition: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await t.db.execute<{ id: number }>(
    sql`select product_id as id from search_documents d where ${condition}`,
  );
  return sorted(rows.rows.map((r) => r.id));
}

/** Checks one text's groups: every kind of match against PostgreSQL's. */
async function expectSameAsPostgres(groups: Alternative[][], label: string) {
  if (groups.length === 0) return;
  const all = index.match(groups);
  const ids = sorted(all.slots.map((s) => idOf.get(s)!));
  expect(ids, `${label}: all words`).toEqual(await idsWhere(sql`d.document @@ ${tsqueryOf(groups)}::tsquery`));

  // Words found in the name, product by product (copied: the next match reuses the index's scratch space).
  const named = new Map(all.slots.map((s) => [idOf.get(s)!, all.named[s]!]));
  const perGroup = groups.map((g) => sql`(d.document @@ ${tsqueryOf([g], "A")}::tsquery)::int`);
  const rows = await t.db.execute<{ id: number; named: number }>(
    sql`select product_id as id, (${sql.join(perGroup, sql` + `)})::int as named
        from search_documents d where d.document @@ ${tsqueryOf(groups)}::tsquery`,
  );
  expect(Object.fromEntries(rows.rows.map((r) => [r.id, named.get(r.id)])), `${label}: words in the name`).toEqual(
    Object.fromEntries(rows.rows.map((r) => [r.id, r.named])),
  );

  const inNames = index.match(groups, { namesOnly: true });
  expect(sorted(inNames.slots.map((s) => idOf.get(s)!)), `${label}: names only`).toEqual(
    await idsWhere(sql`d.document @@ ${tsqueryOf(groups, "A")}::tsquery`),
  );

  if (groups.length >= 2) {
    const need = groups.length - 1;
    const relaxed = index.match(groups, { need });
    const perWord = groups.map((g) => sql`(d.document @@ ${tsqueryOf([g])}::tsquery)::int`);
    expect(sorted(relaxed.slots.map((s) => idOf.get(s)!)), `${label}: all words but one`).toEqual(
      await idsWhere(sql`(${sql.join(perWord, sql` + `)}) >= ${need}`),
    );
  }
}

describe("text index", () => {
  it("reads every document's lexemes, parts and occurrences as PostgreSQL stores them", async () => {
    const rows = await t.db.execute<{ document: string; lexemes: string[]; weights: string[]; counts: number[] }>(sql`
      select d.document::text as document,
        array(select u.lexeme from unnest(d.document) u order by u.lexeme) as lexemes,
        array(select array_to_string(array(select distinct w from unnest(u.weights) w order by w), '')
              from unnest(d.document) u order by u.lexeme) as weights,
        array(select coalesce(cardinality(u.positions), 1) from unnest(d.document) u order by u.lexeme) as counts
      from search_documents d`);
    expect(rows.rows.length).toBeGreaterThan(400);
    const letters = (mask: number) => ["A", "B", "C", "D"].filter((_, i) => mask & (IN_NAME >> i)).join("");
    for (const r of rows.rows) {
      const terms = parseDocument(r.document);
      const order = terms.lexemes.map((_, i) => i).sort((a, b) => (terms.lexemes[a]! < terms.lexemes[b]! ? -1 : 1));
      expect(order.map((i) => terms.lexemes[i])).toEqual(r.lexemes);
      expect(order.map((i) => letters(terms.masks[i]!))).toEqual(r.weights);
      expect(order.map((i) => terms.masks[i]! >>> 4)).toEqual(r.counts.map((c) => Math.min(c, 7)));
    }
  });

  it("reads quotes and backslashes inside lexemes", () => {
    expect(parseDocument(String.raw`'d''agua':1A 'a\\b':2 'x':3B,4C`)).toEqual({
      lexemes: ["d'agua", "a\\b", "x"],
      masks: [8 | (1 << 4), 1 | (1 << 4), 4 | 2 | (2 << 4)],
    });
  });

  it("matches what PostgreSQL matches for every corpus query, every beginning of its words and pairs of words", async () => {
    const analyser = createAnalyser(t.db);
    const texts = new Set<string>(["camisola", "t-shirt", "shirt", "grande", "lisboa", "laranja", "blusa shirt"]);
    for (const q of CORPUS_QUERIES) {
      texts.add(q.q);
      const words = textWords(q.q);
      for (const w of words) for (let n = 2; n < w.length; n++) texts.add(w.slice(0, n));
    }
    const names = seedCatalogue(40).map((p) => p.name.split(" "));
    for (const words of names) texts.add(`${words.at(-1)} ${words[0]}`);
    let compared = 0;
    for (const text of texts) {
      const words = await analyser.analyse(text, { prefix: true }, "v1");
      await expectSameAsPostgres(wordAlternatives(words), text);
      await expectSameAsPostgres(wordAlternatives(words, true), `${text} (as one types)`);
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("follows changes: a renamed product is found by its new name only, a hidden one no longer", async () => {
    const [renamed, hidden] = (
      await t.db.execute<{ id: number }>(sql`select product_id as id from search_documents order by product_id limit 2`)
    ).rows.map((r) => r.id);
    await t.db.execute(sql`update products set name = 'Quimono Zarabatana' where id = ${renamed!}`);
    await t.db.execute(sql`update products set status = 0 where id = ${hidden!}`);
    for (const id of [renamed!, hidden!]) {
      index.remove(slotOf.get(id)!);
      const row = await t.db.execute<{ document: string }>(
        sql`select document::text as document from search_documents where product_id = ${id}`,
      );
      if (row.rows[0]) put(id, row.rows[0].document);
    }
    const analyser = createAnalyser(t.db);
    for (const text of ["quimono zarabatana", "zarabat", CORPUS_PRODUCTS[0]!.name, "caneca", "azul"]) {
      const words = await analyser.analyse(text, { prefix: true }, "v2");
      await expectSameAsPostgres(wordAlternatives(words), text);
    }
    const found = index.match([[{ lexemes: ["quimon"], prefix: false }]]);
    expect(found.slots.map((s) => idOf.get(s))).toEqual([renamed]);
  });

  it("answers the same after enough changes to compact its lists", async () => {
    const rows = await t.db.execute<{ product_id: number; document: string }>(
      sql`select product_id, document::text as document from search_documents`,
    );
    // Every product replaced three times: more removed entries than live ones, so the next match compacts.
    for (let round = 0; round < 3; round++)
      for (const r of rows.rows) {
        index.remove(slotOf.get(r.product_id)!);
        put(r.product_id, r.document);
      }
    expect(rows.rows.length * 3).toBeGreaterThan(1000);
    const analyser = createAnalyser(t.db);
    for (const text of ["caneca", "ca", "sabonete lavanda", "quimono", "azul", "camisola"]) {
      const words = await analyser.analyse(text, { prefix: true }, "v3");
      await expectSameAsPostgres(wordAlternatives(words), text);
    }
  });
});
