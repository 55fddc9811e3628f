import { sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
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

export async function analyse(db: Tx, text: string, opts: { prefix: boolean }): Promise<AnalysedWord[]> {
  const words = [...new Set(searchWords(text))].slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD));
  if (words.length === 0) return [];
  const last = words.length;
  const variants = words.map((w) => numberVariants(w).join(" "));
  const result = await db.execute<Row>(sql`
    select t.i::int as i, t.word, l.lexeme,
      exists (select 1 from search_words w where w.word = t.word or w.lexeme = coalesce(l.lexeme, t.word)) as exact,
      exists (select 1 from search_words w where w.word = t.word or w.lexeme = coalesce(l.lexeme, t.word))
        or (${opts.prefix} and t.i = ${last} and exists (
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
    from unnest(${sql.param(words)}::text[], ${sql.param(variants)}::text[]) with ordinality as t(word, variants, i)
    left join lateral (select coalesce(
        (select s.lexeme from unnest(to_tsvector('loja_pt', t.word)) s limit 1), null) as lexeme) l on true
    order by t.i`);
  return result.rows.map((r) => {
    const prefix = opts.prefix && r.i === last;
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
