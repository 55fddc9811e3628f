/*
 * Pure text helpers of the search: the key of a text (lower case, no accents, as search_key() in SQL), its words,
 * the edit distance of a misspelling, and tsquery text built from lexemes (never from raw input: a lexeme here is
 * [a-z0-9]+ or comes back from PostgreSQL, so no tsquery operator ever reaches to_tsquery).
 */

/** Lower case, accents removed (ç → c, ã → a), whitespace runs as one space. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a search text: keys split on anything but a–z and digits (tsquery operators included). */
export function searchWords(text: string): string[] {
  return searchKey(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours cost 1. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * How a Portuguese word sounds, roughly: "peluxe" and "peluche", "camiza" and "camisa", "asucar" and "açúcar" meet
 * (x/ch, s/z/ç, c/qu/k, silent h, doubled letters).
 */
export function soundKey(word: string): string {
  return word
    .replace(/ph/g, "f")
    .replace(/ch|sh/g, "x")
    .replace(/lh/g, "li")
    .replace(/nh/g, "ni")
    .replace(/qu(?=[ei])/g, "k")
    .replace(/c(?=[ei])/g, "s")
    .replace(/[cq]/g, "k")
    .replace(/z/g, "s")
    .replace(/y/g, "i")
    .replace(/w/g, "v")
    .replace(/h/g, "")
    .replace(/(.)\1+/g, "$1");
}

const sortedLetters = (w: string) => [...w].sort().join("");

/**
 * How far a typed word is from a catalogue word, if it may be a misspelling of it (else null): one letter wrong,
 * missing, extra or two swapped in a word of 4 letters or more; two in a word of 8 or more, or when the letters are
 * the same ("cardeno" → "caderno"); a word written as it sounds counts as its sound's distance.
 */
export function typoDistance(typed: string, known: string): number | null {
  if (typed.length < 4 || typed === known) return null;
  const d = editDistance(typed, known, 2);
  const sound = editDistance(soundKey(typed), soundKey(known), 2);
  const best = Math.min(d, sound);
  if (best <= 1) return best;
  if (d === 2 && (typed.length >= 8 || sortedLetters(typed) === sortedLetters(known))) return 2;
  return null;
}

/** The word's other number (singular ↔ plural) where the stemmer without accents misses it: postal/postais, pão/pães… */
export function numberVariants(word: string): string[] {
  const out: string[] = [];
  const swap = (from: string, ...to: string[]) => {
    if (word.length > from.length && word.endsWith(from)) for (const t of to) out.push(word.slice(0, -from.length) + t);
  };
  swap("ais", "al");
  swap("eis", "el", "il");
  swap("ois", "ol");
  swap("uis", "ul");
  swap("is", "il");
  swap("oes", "ao");
  swap("aes", "ao");
  swap("aos", "ao");
  swap("ns", "m");
  swap("res", "r");
  swap("zes", "z");
  swap("ses", "s");
  swap("al", "ais");
  swap("el", "eis");
  swap("ol", "ois");
  swap("ul", "uis");
  swap("il", "is");
  swap("ao", "oes", "aes", "aos");
  swap("m", "ns");
  swap("r", "res");
  swap("z", "zes");
  return out.filter((w) => w !== word);
}

/** A lexeme as tsquery text, optionally a prefix and restricted to weights. */
export function lexemeQuery(lexeme: string, opts: { prefix?: boolean; weights?: string } = {}): string {
  const quoted = `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  const flags = `${opts.prefix ? "*" : ""}${opts.weights ?? ""}`;
  return flags ? `${quoted}:${flags}` : quoted;
}

/** OR of alternatives (each already tsquery text), parenthesised. */
export function anyOf(parts: string[]): string {
  const unique = [...new Set(parts)];
  return unique.length === 1 ? unique[0]! : `(${unique.join(" | ")})`;
}
