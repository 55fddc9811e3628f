import type { FormResult } from "#app/lib/forms/form-result.ts";

/*
 * The synonyms as the admin edits them in /definicoes: one group per line, its words separated by commas or "="
 * ("camisola = t-shirt = tshirt", "sabão, sabonete"). The text becomes the API's `{ grupos }` here; the rules of a
 * group (words, lengths, limits) are the search module's shared schema (`synonymsBody`), applied by
 * PUT /api/search/sinonimos (with script) and by the page's server action (without): each refusal names its line.
 * Browser-safe: no server code.
 */

/** The form field holding the text. */
export const SYNONYMS_FIELD = "sinonimos";
/** The search param that prefills a new group (the dashboard's 'Pesquisas sem resultados' links here). */
export const SYNONYM_PREFILL_PARAM = "sinonimo";
/** The editor's anchor on /definicoes. */
export const SYNONYMS_ANCHOR = "sinonimos";

/** The form's answer: the server action's (without script) or the clientAction's (with it). */
export type SynonymsResult = FormResult<typeof SYNONYMS_FIELD>;

export const SYNONYMS_SAVED = "Sinónimos guardados.";
export const SYNONYMS_FAILED = "Erro ao guardar os sinónimos.";

export const SYNONYMS_TEXT_MESSAGES = {
  emptyGroup: (line: number) =>
    `Linha ${line}: grupo vazio. Escreva pelo menos duas palavras separadas por vírgulas ou "=", ou apague a linha.`,
  atLine: (line: number, message: string) => `Linha ${line}: ${message}`,
} as const;

/** Words are shown joined by " = ", the reading of a group. */
const SEPARATOR = " = ";

/** The saved groups as the editor's text. */
export function synonymsToText(groups: readonly (readonly string[])[]): string {
  return groups.map((group) => group.join(SEPARATOR)).join("\n");
}

const tidy = (word: string) => word.replace(/\s+/g, " ").trim();
/** Words the search takes for one (case and accents aside: "Sabão" and "sabao"), as the search module keys them. */
const wordKey = (word: string) =>
  tidy(word)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
const sameWord = (a: string, b: string) => wordKey(a) === wordKey(b);

/**
 * The text with a new group started by `word` ("texto = ", the admin types its synonyms after it), unless a group
 * already holds that word (then the text as it is).
 */
export function synonymsTextWith(groups: readonly (readonly string[])[], word: string | null): string {
  const text = synonymsToText(groups);
  const prefill = tidy(word ?? "");
  if (!prefill || groups.some((group) => group.some((w) => sameWord(w, prefill)))) return text;
  return `${text ? `${text}\n` : ""}${prefill}${SEPARATOR}`;
}

/** The groups of the text and the line each came from; or the first line with no word at all. */
export type SplitSynonyms = { ok: true; groups: string[][]; lines: number[] } | { ok: false; message: string };

/**
 * The editor's text as groups: blank lines are skipped, each other line is one group of its non-empty words, each
 * once (spaces inside a word are kept, "t shirt"). A line of separators alone is refused (an empty group).
 */
export function splitSynonymsText(text: string): SplitSynonyms {
  const groups: string[][] = [];
  const lines: number[] = [];
  for (const [index, raw] of text.split(/\r\n|\r|\n/).entries()) {
    if (raw.trim() === "") continue;
    // A word written twice in a line counts once (the search would keep one of them anyway).
    const words = raw
      .split(/[,=]/)
      .map(tidy)
      .filter((w, i, all) => w !== "" && all.findIndex((other) => sameWord(other, w)) === i);
    if (words.length === 0) return { ok: false, message: SYNONYMS_TEXT_MESSAGES.emptyGroup(index + 1) };
    groups.push(words);
    lines.push(index + 1);
  }
  return { ok: true, groups, lines };
}

/**
 * A refusal of the groups as the editor shows it: "Linha N: …" when it is about one group (`group`, its index in
 * `grupos`), the message alone otherwise (too many groups).
 */
export function refusalAtLine(lines: readonly number[], group: unknown, message: string): string {
  const line = typeof group === "number" ? lines[group] : undefined;
  return line === undefined ? message : SYNONYMS_TEXT_MESSAGES.atLine(line, message);
}

/** The group index of an API validation path ("/grupos/3" or "/grupos/3/1" → 3). */
export function groupOfPath(path: unknown): number | undefined {
  const match = typeof path === "string" ? /^\/grupos\/(\d+)(?:\/|$)/.exec(path) : null;
  return match ? Number(match[1]) : undefined;
}
