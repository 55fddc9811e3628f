import { asc, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { categorySlug } from "#server/modules/catalog/slug.ts";
import { createAnalyser, type AnalysedWord } from "./analyze.ts";
import { createAnswerCache } from "./cache.ts";
import { suggestionsWithReductions, withReductions } from "./prices.ts";
import { createFacetIndex } from "./facet-index.ts";
import { tsqueryOf, wordAlternatives, type TextMatch } from "./query.ts";
import { searchChanges, searchSynonyms } from "./schema.ts";
import type { SearchAnswer, SearchQuery, SearchSuggestions, ZeroResultQuery } from "./schemas.ts";
import { searchKey } from "./text.ts";
import { logZeroResults, listZeroResults } from "./zero-results.ts";

/** The shop's search (server/modules/search): products, facets, suggestions, synonyms, zero-result queries. */
export interface SearchService {
  search(query: SearchQuery): Promise<SearchAnswer>;
  suggestions(q: string): Promise<SearchSuggestions>;
  synonyms(): Promise<string[][]>;
  saveSynonyms(groups: string[][], actorId: number): Promise<void>;
  zeroResultQueries(page: { page: number; pageSize: number }): Promise<{ items: ZeroResultQuery[]; total: number }>;
}

const SUGGESTED_PRODUCTS = 8;
const SUGGESTED_CATEGORIES = 5;

function textMatch(words: AnalysedWord[], q: string, asYouType = false): TextMatch {
  return { groups: wordAlternatives(words, asYouType), key: searchKey(q) };
}

/** The search text with each misspelt word replaced by its closest catalogue word, or null if none was. */
function corrected(words: AnalysedWord[]): string | null {
  if (!words.some((w) => w.corrections.length > 0)) return null;
  return words.map((w) => w.corrections[0]?.word ?? w.word).join(" ");
}

const emptyAnswer = (query: SearchQuery): SearchAnswer => ({
  total: 0,
  pagina: query.pagina,
  por_pagina: query.porPagina,
  produtos: [],
  facetas: { categorias: [], cores: [], tamanhos: [], preco: { min: null, max: null } },
  sugestao: null,
});

const filtered = (q: SearchQuery) =>
  q.categorias.length + q.cores.length + q.tamanhos.length > 0 ||
  q.precoMinCents !== null ||
  q.precoMaxCents !== null ||
  q.emStock;

export function createSearchService(deps: { db: Database }): SearchService {
  const { db } = deps;

  const index = createFacetIndex(db);
  const cache = createAnswerCache(() => index.current());
  const analyser = createAnalyser(db);

  /**
   * The words' matches, filters, facets and the page, from this instance's copy of the search documents (brought up
   * to date by the answer cache's version check, which every computation follows).
   */
  function runSearch(query: SearchQuery, text: TextMatch | null): SearchAnswer {
    return index.answer(query, text === null ? null : index.match(text));
  }

  async function compute(query: SearchQuery, version: string): Promise<SearchAnswer> {
    if (!query.q) return runSearch(query, null);
    const words = await analyser.analyse(query.q, { prefix: true }, version);
    const text = textMatch(words, query.q);
    let answer = text.groups.length === 0 ? emptyAnswer(query) : runSearch(query, text);
    // A whole word at the end may still be the beginning of another ("porta-cha" → "porta-chaves").
    if (answer.total === 0 && words.at(-1)?.exact) {
      const asYouType = textMatch(words, query.q, true);
      if (JSON.stringify(asYouType.groups) !== JSON.stringify(text.groups)) answer = runSearch(query, asYouType);
    }
    // Nothing has every word of three or more: the products with all but one of them (a word the catalogue lacks).
    if (answer.total === 0 && text.groups.length >= 3)
      answer = runSearch(query, { ...text, need: text.groups.length - 1 });
    return answer.total > 0 ? { ...answer, sugestao: corrected(words) } : answer;
  }

  async function search(query: SearchQuery): Promise<SearchAnswer> {
    const answer = await cache.get(`search:${JSON.stringify(query)}`, (version) => compute(query, version));
    if (answer.total === 0 && query.q && !filtered(query) && query.pagina === 1)
      await logZeroResults(db, searchKey(query.q));
    return withReductions(db, answer);
  }

  async function suggestions(q: string): Promise<SearchSuggestions> {
    const found = await cache.get(`suggestions:${q}`, (version) => computeSuggestions(q, version));
    return suggestionsWithReductions(db, found);
  }

  async function computeSuggestions(q: string, version: string): Promise<SearchSuggestions> {
    const words = await analyser.analyse(q, { prefix: true }, version);
    const text = textMatch(words, q, true);
    if (text.groups.length === 0) return { produtos: [], categorias: [] };
    const categories = await db.execute<{ name: string }>(sql`
      select c.name from categories c
      where to_tsvector('loja_pt', c.name) @@ ${tsqueryOf(text.groups)}::tsquery
        and exists (select 1 from search_documents d where d.category_key = search_key(c.name))
      order by c.name limit ${SUGGESTED_CATEGORIES}`);
    return {
      produtos: index.best(text, SUGGESTED_PRODUCTS).map((p) => ({
        id: p.id,
        name: p.name,
        price: p.priceCents / 100,
        image: p.image,
      })),
      categorias: categories.rows.map((r) => ({ nome: r.name, slug: categorySlug(r.name) })),
    };
  }

  async function synonyms(): Promise<string[][]> {
    const rows = await db
      .select({ group: searchSynonyms.groupNo, word: searchSynonyms.word })
      .from(searchSynonyms)
      .orderBy(asc(searchSynonyms.groupNo), asc(searchSynonyms.id));
    const groups = new Map<number, string[]>();
    for (const r of rows) groups.set(r.group, [...(groups.get(r.group) ?? []), r.word]);
    return [...groups.values()];
  }

  /** Replaces every group (the admin's editor sends the whole list); a word repeated in a group is kept once. */
  async function saveSynonyms(groups: string[][], actorId: number): Promise<void> {
    const rows = groups.flatMap((group, groupNo) => {
      const seen = new Set<string>();
      return group.flatMap((word) => {
        const key = searchKey(word);
        if (!key || seen.has(key)) return [];
        seen.add(key);
        return [{ groupNo, word: word.trim(), wordKey: key, updatedBy: actorId || null }];
      });
    });
    await db.transaction(async (tx) => {
      // One editor at a time: two saves never interleave their delete and insert.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('loja:search_synonyms'))`);
      await tx.delete(searchSynonyms);
      if (rows.length > 0) await tx.insert(searchSynonyms).values(rows);
      // Cached answers (on every instance) were found with the old groups; no product's document changed.
      await tx.insert(searchChanges).values({ productIds: [] });
    });
  }

  return {
    search,
    suggestions,
    synonyms,
    saveSynonyms,
    zeroResultQueries: (page) => listZeroResults(db, page),
  };
}
