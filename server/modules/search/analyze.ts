import { fillPlaceholders, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "#server/core/db/client.ts";
import { numberVariants, searchWords, typoDistance } from "./text.ts";

/*
 * A search text's words, each with what it may match: its own lexeme (loja_pt: no accents, stemmed, so a plural
 * finds its singular), the admin's synonyms, the catalogue words it is a misspelling of, and for the last word the
 * words it begins (as-you-type).
 */

export interface AnalysedWord {
  /** The word's key as typed. */
  word: string;
  /** Its loja_pt lexeme; null for a stop word ("de", "com"…). */
  lexeme: string | null;
  /** A word (or the lexeme of one) of the catalogue's names, categories or colours. */
  exact: boolean;
  /** The last word: also matches as the beginning of a word. */
  prefix: boolean;
  /** Other lexemes of the same catalogue word ("portamoedas": the lexeme of "porta-moedas"). */
  aliases: string[];
  /** Lexemes of each synonym (a synonym of several words: all of them). */
  synonyms: string[][];
  /** Catalogue words this one is a misspelling of (when it is in no name, category or colour). */
  corrections: { word: string; lexeme: string }[];
}

type Row = {
  i: number;
  last: boolean;
  word: string;
  lexeme: string | null;
  known: boolean;
  exact: boolean;
  aliases: string[];
  synonyms: string[][] | null;
  candidates: { word: string; lexeme: string }[] | null;
};

/** At most this many corrections per word, the closest first. */
const MAX_CORRECTIONS = 3;
/** Words longer than this are no shopper's word (a pasted text): matched as typed, never corrected. */
const MAX_WORD = 40;
/** At most this many words of one search are looked at. */
export const MAX_WORDS = 8;

/** The words of a search text, each once, at most MAX_WORDS of at most MAX_WORD letters. */
export function textWords(text: string): string[] {
  return [...new Set(searchWords(text))].slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD));
}

/** A word's analysis depends on the word alone and on whether it is the last one as-you-type. */
const cacheKey = (word: string, last: boolean) => `${last ? "*" : ""}${word}`;

export interface Analyser {
  /**
   * The words of `text` analysed. Each word's analysis is kept while `version` (search_changes' count and last id,
   * which every change of the catalogue's words or of the synonyms moves) stays the same, so a search repeating words
   * already seen needs no round trip.
   */
  analyse(text: string, opts: { prefix: boolean }, version: string): Promise<AnalysedWord[]>;
}

const MAX_CACHED_WORDS = 10_000;

export function createAnalyser(db: Database): Analyser {
  let cachedVersion = "";
  let cached = new Map<string, AnalysedWord>();
  return {
    async analyse(text, opts, version) {
      if (version !== cachedVersion) {
        cachedVersion = version;
        cached = new Map();
      }
      const words = textWords(text).map((word, i, all) => ({ word, last: opts.prefix && i === all.length - 1 }));
      const found = new Map<string, AnalysedWord>();
      for (const w of words) {
        const hit = cached.get(cacheKey(w.word, w.last));
        if (hit) found.set(cacheKey(w.word, w.last), hit);
      }
      const missing = words.filter((w) => !found.has(cacheKey(w.word, w.last)));
      if (missing.length > 0) {
        // Kept in the map of the version they were analysed under (dropped with it if it changed meanwhile).
        const own = cached;
        for (const a of await analyseWords(db, missing)) {
          found.set(cacheKey(a.word, a.prefix), a);
          if (own.size >= MAX_CACHED_WORDS) own.delete(own.keys().next().value!);
          own.set(cacheKey(a.word, a.prefix), a);
        }
      }
      return words.map((w) => found.get(cacheKey(w.word, w.last))!);
    },
  };
}

/** Each word: its lexeme, whether the catalogue has it, other lexemes, synonyms and what it may misspell. */
const ANALYSE = new PgDialect().sqlToQuery(sql`
    select t.i::int as i, t.last, t.word, l.lexeme,
      exists (select 1 from search_words w where w.word = t.word or w.lexeme = coalesce(l.lexeme, t.word)) as exact,
      exists (select 1 from search_words w where w.word = t.word or w.lexeme = coalesce(l.lexeme, t.word))
        or (t.last and exists (
          select 1 from search_words w where w.word ~>=~ t.word and w.word ~<~ (t.word || '~'))) as known,
      array(select w.lexeme from search_words w where w.word = t.word and w.lexeme is distinct from l.lexeme
        union select s.lexeme from unnest(to_tsvector('loja_pt', t.variants)) s where s.lexeme is distinct from l.lexeme
        ) as aliases,
      (select json_agg(x.lexemes) from (
         select distinct array(select s.lexeme from unnest(to_tsvector('loja_pt', other.word_key)) s) as lexemes
         from search_synonyms mine join search_synonyms other on other.group_no = mine.group_no and other.id <> mine.id
         where mine.word_key = t.word
            or (l.lexeme is not null and (ts_lexize('portuguese_stem', mine.word_key))[1] = l.lexeme)) x
       where cardinality(x.lexemes) > 0) as synonyms,
      case when length(t.word) >= 4 then (
        select json_agg(json_build_object('word', c.word, 'lexeme', c.lexeme)) from (
          select w.word, w.lexeme from search_words w where w.word % t.word
          union
          select w.word, w.lexeme from search_words w
          where w.word ~>=~ left(t.word, 2) and w.word ~<~ (left(t.word, 2) || '~')
            and length(w.word) between length(t.word) - 2 and length(t.word) + 2
          limit 400) c)
      end as candidates
    from unnest(${sql.placeholder("words")}::text[], ${sql.placeholder("variants")}::text[], ${sql.placeholder("lasts")}::boolean[])
      with ordinality as t(word, variants, last, i)
    left join lateral (select coalesce(
        (select s.lexeme from unnest(to_tsvector('loja_pt', t.word)) s limit 1), null) as lexeme) l on true
    order by t.i`);

/** `last`: the word is the last one of a text typed as-you-type (also the beginning of a longer word). */
export async function analyseWords(db: Database, input: { word: string; last: boolean }[]): Promise<AnalysedWord[]> {
  if (input.length === 0) return [];
  const words = input.map((w) => w.word);
  const lasts = input.map((w) => w.last);
  const variants = words.map((w) => numberVariants(w).join(" "));
  // Prepared once per pooled connection (named): PostgreSQL plans this statement of many subqueries once.
  const result = await db.$client.query<Row>({
    name: "search_analyse",
    text: ANALYSE.sql,
    values: fillPlaceholders(ANALYSE.params, { words, variants, lasts }) as unknown[],
  });

  return result.rows.map((r) => {
    const prefix = r.last;
    let corrections: { word: string; lexeme: string }[] = [];
    if (!r.known && r.candidates) {
      const scored = r.candidates.flatMap((c) => {
        const d = typoDistance(r.word, c.word);
        return d === null ? [] : [{ ...c, d }];
      });
      const best = Math.min(...scored.map((c) => c.d));
      corrections = scored
        .filter((c) => c.d === best)
        .sort(
          (a, b) =>
            Math.abs(a.word.length - r.word.length) - Math.abs(b.word.length - r.word.length) ||
            a.word.localeCompare(b.word),
        )
        .slice(0, MAX_CORRECTIONS)
        .map(({ word, lexeme }) => ({ word, lexeme }));
    }
    return {
      word: r.word,
      lexeme: r.lexeme,
      prefix,
      exact: r.exact,
      aliases: r.aliases,
      synonyms: (r.synonyms ?? []).filter((s) => s.length > 0),
      corrections,
    };
  });
}
