import type { AnalysedWord } from "./analyze.ts";
import type { Alternative } from "./text-index.ts";
import { anyOf, lexemeQuery } from "./text.ts";

/*
 * The text part of a search: each word's alternatives (its lexeme, other lexemes of the same catalogue word,
 * synonyms, corrections, the beginning of the last word) and the relevance of a product that matched them.
 */

/** Each word's alternatives; a product must match one alternative of every word (or of `need` words). */
export function wordAlternatives(words: AnalysedWord[], asYouType = false): Alternative[][] {
  const groups: Alternative[][] = [];
  for (const w of words) {
    const alternatives: Alternative[] = [];
    const seen = new Set<string>();
    const push = (lexemes: string[], prefix = false) => {
      const key = `${prefix ? "*" : ""}${lexemes.join(" ")}`;
      if (lexemes.length === 0 || seen.has(key)) return;
      seen.add(key);
      alternatives.push({ lexemes, prefix });
    };
    if (w.lexeme) push([w.lexeme]);
    for (const alias of w.aliases) push([alias]);
    // The last word also as a beginning, unless it is a whole catalogue word (then only in suggestions).
    if (w.prefix && w.word.length >= 2 && (asYouType || !w.exact || w.word.length < 4)) push([w.word], true);
    for (const lexemes of w.synonyms) push(lexemes);
    for (const c of w.corrections) push([c.lexeme]);
    if (alternatives.length > 0) groups.push(alternatives);
  }
  return groups;
}

export interface TextMatch {
  /** Each word's alternatives. */
  groups: Alternative[][];
  /** The search text's key, for the closeness of names. */
  key: string;
  /** Relaxed: a product matches when it matches this many of the groups. */
  need?: number;
}

/**
 * How close a product's name is to the search text, in (0, 1.5]: its beginning, then its length (a trigram
 * similarity would say more, but costs several times the rest of the ranking over thousands of matches).
 */
export function nameCloseness(nameLength: number, startsWithText: boolean, text: TextMatch): number {
  return (startsWithText ? 0.5 : 0) + 1 / (1 + Math.abs(nameLength - text.key.length) / 8);
}

/**
 * A matched product's relevance: every word in the name first (1), then a name close to the text (up to 1.5),
 * then where the words were found (name above category and colour above size above description, about a tenth):
 * `named` words found in the name, `weight` the sum of each word's best weight (text-index.ts); the name's key
 * (lower case, no accents) has `nameLength` characters and may start with the text's key.
 */
export function rank(
  named: number,
  weight: number,
  nameLength: number,
  startsWithText: boolean,
  text: TextMatch,
): number {
  const words = text.groups.length;
  return (
    (named === words ? 1 : 0) + nameCloseness(nameLength, startsWithText, text) + (0.1 * weight) / Math.max(words, 1)
  );
}

/**
 * The groups as tsquery text (AND of each word's alternatives; `weights` "A": in names only): what PostgreSQL
 * matches them with, for the categories' names of the suggestions and to check the text index against.
 */
export function tsqueryOf(groups: Alternative[][], weights?: string): string {
  return groups
    .map((alternatives) =>
      anyOf(
        alternatives.map((a) => {
          const all = a.lexemes.map((l) => lexemeQuery(l, { prefix: a.prefix, weights }));
          return all.length === 1 ? all[0]! : `(${all.join(" & ")})`;
        }),
      ),
    )
    .join(" & ");
}
