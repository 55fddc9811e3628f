import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import type { AnalysedWord } from "./analyze.ts";
import { anyOf, lexemeQuery } from "./text.ts";

/*
 * The text part of a search: each word's tsquery alternatives (its stem, synonyms, corrections, the beginning of the
 * last word) and the products matching them with their relevance.
 */

/** The tsquery text of the words (AND of each word's alternatives); weights "A" restricts it to names. */
export function wordQueries(words: AnalysedWord[], weights?: string, asYouType = false): string[] {
  const groups: string[] = [];
  for (const w of words) {
    const alternatives: string[] = [];
    if (w.lexeme) alternatives.push(lexemeQuery(w.lexeme, { weights }));
    for (const alias of w.aliases) alternatives.push(lexemeQuery(alias, { weights }));
    // The last word also as a beginning, unless it is a whole catalogue word (then only in suggestions).
    if (w.prefix && w.word.length >= 2 && (asYouType || !w.exact || w.word.length < 4))
      alternatives.push(lexemeQuery(w.word, { prefix: true, weights }));
    for (const lexemes of w.synonyms) {
      const all = lexemes.map((l) => lexemeQuery(l, { weights }));
      alternatives.push(all.length === 1 ? all[0]! : `(${all.join(" & ")})`);
    }
    for (const c of w.corrections) alternatives.push(lexemeQuery(c.lexeme, { weights }));
    if (alternatives.length > 0) groups.push(anyOf(alternatives));
  }
  return groups;
}

/**
 * How close a product's name is to the search text, in [0, 1.5): its beginning, then its length (a trigram
 * similarity would say more, but costs several times the rest of the ranking over thousands of matches).
 */
export function nameCloseness(key: string): SQL {
  return sql`(left(d.name_key, ${key.length}) = ${key})::int * 0.5
    + 1.0 / (1 + abs(length(d.name_key) - ${key.length}) / 8.0)`;
}

export interface TextMatch {
  /** Each word's alternatives as tsquery text (a product must match all of them, or `need` of them). */
  groups: string[];
  namesOnly: string[];
  /** The search text's key, for the trigram similarity of names. */
  key: string;
  /** Relaxed: a product matches when it matches this many of the groups. */
  need?: number;
}

/**
 * The products in the shop matching the words (all of them, or `need` of them), each with its relevance when the
 * answer is ordered by it: the only part of a search that needs the text index. Filters, facets and the page are
 * the facet index's (facet-index.ts).
 */
export async function matchScores(db: Tx, text: TextMatch, withScore: boolean): Promise<Map<number, number>> {
  const all = text.groups.join(" & ");
  const any = text.groups.join(" | ");
  const names = text.namesOnly.join(" & ");
  const where =
    text.need === undefined
      ? sql`d.document @@ ${all}::tsquery`
      : sql`d.document @@ ${any}::tsquery and (${sql.join(
          text.groups.map((g) => sql`(d.document @@ ${g}::tsquery)::int`),
          sql` + `,
        )}) >= ${text.need}`;
  const score = withScore
    ? sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', d.document, ${text.need === undefined ? all : any}::tsquery)
        + (d.document @@ ${names}::tsquery)::int
        + ${nameCloseness(text.key)}`
    : sql`0`;
  const rows = await db.execute<{ id: number; score: number }>(
    sql`select d.product_id as id, ${score}::float8 as score from search_documents d where ${where}`,
  );
  return new Map(rows.rows.map((r) => [r.id, r.score]));
}
