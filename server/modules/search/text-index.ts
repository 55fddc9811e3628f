/*
 * This instance's inverted index of the search documents' lexemes: for each lexeme of loja_pt (PostgreSQL's
 * Portuguese stemmer without accents, as the triggers wrote search_documents.document), the products having it and
 * in which parts (name, category or colour, size, description). PostgreSQL stays the source: the documents are
 * written by its triggers in each catalogue write's transaction and the query's words are analysed by it
 * (analyze.ts); this copy only answers "which products have these lexemes, and where" without a round trip, which
 * for a broad word ("caneca": 8 640 of 100 000 products, or "ca" as one types: half the shop) costs PostgreSQL
 * 10–70 ms of CPU per request (decision 0018's second addendum).
 *
 * Products are numbered slots (facet-index.ts gives them); postings and the scratch space of a match are typed
 * arrays indexed by slot, so a match over 50 000 postings is a tight loop over numbers. A product that changes gets
 * a new slot and its old one is marked removed (skipped, and dropped from the postings once removed slots pile up),
 * so a change costs the size of its own document, not of the lists it is in.
 */

/** Weight bits of a lexeme in a document (loja_pt: name A, category and colours B, sizes C, description D). */
export const IN_NAME = 8;
const IN_CATEGORY_OR_COLOUR = 4;
const IN_SIZE = 2;
const IN_DESCRIPTION = 1;
const WEIGHT_BITS = 15;
/** The occurrences' count is kept above the weight bits (capped: a word said ten times is no more relevant). */
const COUNT_SHIFT = 4;
const MAX_COUNT = 7;

/** A product's lexemes and, for each, its weight bits and occurrences (`mask`). */
export interface DocumentTerms {
  lexemes: string[];
  masks: number[];
}

/** One way a word may match: all of `lexemes` (a synonym of several words), or the beginning of a lexeme. */
export interface Alternative {
  lexemes: string[];
  prefix: boolean;
}

/** The value of the best part a lexeme occurs in, as ts_rank's weights {0.1, 0.2, 0.4, 1.0}, plus its repetitions. */
export function weightValue(mask: number): number {
  const best = mask & IN_NAME ? 1 : mask & IN_CATEGORY_OR_COLOUR ? 0.4 : mask & IN_SIZE ? 0.2 : 0.1;
  const count = mask >>> COUNT_SHIFT;
  return best + 0.05 * Math.max(0, count - 1);
}

const WEIGHT_OF_LETTER: Record<string, number> = {
  A: IN_NAME,
  B: IN_CATEGORY_OR_COLOUR,
  C: IN_SIZE,
  D: IN_DESCRIPTION,
};

/**
 * A tsvector's text (`'bon':1A 'gaivot':4A,16 'lon':3A,12`) as lexemes and masks. Lexemes are quoted, with '' and
 * \\ escaped; a position without a letter is weight D; a lexeme without positions counts once, as D.
 */
export function parseDocument(text: string): DocumentTerms {
  const lexemes: string[] = [];
  const masks: number[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    let lexeme = "";
    i++;
    while (i < n) {
      const c = text[i]!;
      if (c === "\\" && i + 1 < n) {
        lexeme += text[i + 1];
        i += 2;
      } else if (c === "'" && text[i + 1] === "'") {
        lexeme += "'";
        i += 2;
      } else if (c === "'") {
        i++;
        break;
      } else {
        lexeme += c;
        i++;
      }
    }
    let mask = 0;
    let count = 0;
    if (text[i] === ":") {
      i++;
      while (i < n && text[i] !== " ") {
        const start = i;
        while (i < n && text[i]! >= "0" && text[i]! <= "9") i++;
        if (i > start) count++;
        const letter = text[i];
        if (letter !== undefined && letter in WEIGHT_OF_LETTER) {
          mask |= WEIGHT_OF_LETTER[letter]!;
          i++;
        } else mask |= IN_DESCRIPTION;
        if (text[i] === ",") i++;
        else if (i < n && text[i] !== " ") i++; // anything unexpected: step over it
      }
    }
    if (mask === 0) mask = IN_DESCRIPTION;
    lexemes.push(lexeme);
    masks.push(mask | (Math.min(Math.max(count, 1), MAX_COUNT) << COUNT_SHIFT));
  }
  return { lexemes, masks };
}

/** A growable list of (slot, mask). */
class Posting {
  slots = new Int32Array(8);
  masks = new Uint8Array(8);
  length = 0;

  push(slot: number, mask: number) {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const masks = new Uint8Array(this.length * 2);
      masks.set(this.masks);
      this.masks = masks;
    }
    this.slots[this.length] = slot;
    this.masks[this.length] = mask;
    this.length++;
  }
}

/** What a match found: the slots, and (valid until the next match) how each matched. */
export interface TextHits {
  slots: number[];
  /** Words matched in the name, by slot. */
  named: Uint8Array;
  /** Sum over the words of the best weight of the lexemes that matched each, by slot. */
  weight: Float32Array;
}

export interface TextIndex {
  add(slot: number, terms: DocumentTerms): void;
  /** Marks the slot removed; its entries are skipped until the postings are compacted. */
  remove(slot: number): void;
  /** Empties the index (slots are numbered afresh by the caller). */
  clear(): void;
  /**
   * The slots matching every group (a group: a word's alternatives), or at least `need` of them; `namesOnly`
   * counts only lexemes of the name.
   */
  match(groups: Alternative[][], opts?: { need?: number; namesOnly?: boolean }): TextHits;
}

export function createTextIndex(): TextIndex {
  let postings = new Map<string, Posting>();
  let vocabulary: string[] = [];
  let vocabularySorted = true;
  let capacity = 0;
  let removed = new Uint8Array(0);
  // Scratch space of a match, by slot.
  let stamp = new Int32Array(0);
  let matched = new Uint8Array(0);
  let named = new Uint8Array(0);
  let weight = new Float32Array(0);
  let group = new Int16Array(0);
  let groupWeight = new Float32Array(0);
  let groupNamed = new Uint8Array(0);
  let altStamp = new Int32Array(0);
  let altCount = new Uint8Array(0);
  let altMask = new Uint8Array(0);
  let live = 0;
  let removedCount = 0;
  let now = 0;

  function grow<T extends Int32Array | Uint8Array | Float32Array | Int16Array>(a: T, size: number): T {
    const b = new (a.constructor as new (n: number) => T)(size);
    b.set(a);
    return b;
  }

  function ensure(slot: number) {
    if (slot < capacity) return;
    capacity = Math.max(1024, capacity * 2, slot + 1);
    removed = grow(removed, capacity);
    stamp = grow(stamp, capacity);
    matched = grow(matched, capacity);
    named = grow(named, capacity);
    weight = grow(weight, capacity);
    group = grow(group, capacity);
    groupWeight = grow(groupWeight, capacity);
    groupNamed = grow(groupNamed, capacity);
    altStamp = grow(altStamp, capacity);
    altCount = grow(altCount, capacity);
    altMask = grow(altMask, capacity);
  }

  function add(slot: number, terms: DocumentTerms) {
    ensure(slot);
    removed[slot] = 0;
    for (let i = 0; i < terms.lexemes.length; i++) {
      const lexeme = terms.lexemes[i]!;
      let posting = postings.get(lexeme);
      if (!posting) {
        posting = new Posting();
        postings.set(lexeme, posting);
        vocabulary.push(lexeme);
        vocabularySorted = false;
      }
      posting.push(slot, terms.masks[i]!);
    }
    live++;
  }

  function clear() {
    postings = new Map();
    vocabulary = [];
    removed.fill(0);
    stamp.fill(0);
    altStamp.fill(0);
    live = 0;
    removedCount = 0;
  }

  function remove(slot: number) {
    if (slot >= capacity || removed[slot]) return;
    removed[slot] = 1;
    live--;
    removedCount++;
  }

  /** Drops the removed slots' entries once they are a quarter of the index. */
  function compactIfWorthIt() {
    if (removedCount < 1000 || removedCount < live / 4) return;
    for (const [lexeme, posting] of postings) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        const slot = posting.slots[i]!;
        if (removed[slot]) continue;
        posting.slots[kept] = slot;
        posting.masks[kept] = posting.masks[i]!;
        kept++;
      }
      posting.length = kept;
      if (kept === 0) postings.delete(lexeme);
    }
    vocabulary = [...postings.keys()];
    vocabularySorted = false;
    removedCount = 0;
  }

  /** The lexemes beginning with `prefix` (binary search in the sorted vocabulary). */
  function lexemesFrom(prefix: string): string[] {
    if (!vocabularySorted) {
      vocabulary.sort();
      vocabularySorted = true;
    }
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (vocabulary[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < vocabulary.length && vocabulary[i]!.startsWith(prefix); i++) out.push(vocabulary[i]!);
    return out;
  }

  function match(groups: Alternative[][], opts: { need?: number; namesOnly?: boolean } = {}): TextHits {
    compactIfWorthIt();
    const need = opts.need ?? groups.length;
    const relaxed = need < groups.length;
    const namesOnly = opts.namesOnly ?? false;
    const touched: number[] = [];
    const current = ++now;

    const visit = (slot: number, mask: number, g: number) => {
      if (removed[slot] || (namesOnly && !(mask & IN_NAME))) return;
      if (stamp[slot] !== current) {
        // With every word required, a product missing an earlier word is out already.
        if (g > 0 && !relaxed) return;
        stamp[slot] = current;
        matched[slot] = 0;
        named[slot] = 0;
        weight[slot] = 0;
        group[slot] = -1;
        touched.push(slot);
      } else if (!relaxed && matched[slot]! < g) return;
      if (group[slot] !== g) {
        group[slot] = g;
        matched[slot]!++;
        groupWeight[slot] = 0;
        groupNamed[slot] = 0;
      }
      const value = weightValue(mask);
      if (value > groupWeight[slot]!) {
        weight[slot]! += value - groupWeight[slot]!;
        groupWeight[slot] = value;
      }
      if (mask & IN_NAME && !groupNamed[slot]) {
        groupNamed[slot] = 1;
        named[slot]!++;
      }
    };

    /** The products having every lexeme of a synonym of several words, in the parts they all share. */
    const visitAll = (lexemes: string[], g: number) => {
      const mark = ++now;
      let candidates: number[] = [];
      lexemes.forEach((lexeme, j) => {
        const posting = postings.get(lexeme);
        const next: number[] = [];
        if (posting)
          for (let i = 0; i < posting.length; i++) {
            const slot = posting.slots[i]!;
            const mask = posting.masks[i]!;
            if (j === 0) {
              if (altStamp[slot] === mark) continue;
              altStamp[slot] = mark;
              altCount[slot] = 1;
              altMask[slot] = mask;
              next.push(slot);
            } else if (altStamp[slot] === mark && altCount[slot] === j) {
              altCount[slot] = j + 1;
              const shared = altMask[slot]! & mask & WEIGHT_BITS || IN_DESCRIPTION;
              altMask[slot] = (Math.min(altMask[slot]! >>> COUNT_SHIFT, mask >>> COUNT_SHIFT) << COUNT_SHIFT) | shared;
              next.push(slot);
            }
          }
        candidates = next;
      });
      for (const slot of candidates) visit(slot, altMask[slot]!, g);
    };

    for (let g = 0; g < groups.length; g++) {
      for (const alternative of groups[g]!) {
        if (alternative.lexemes.length > 1) {
          visitAll(alternative.lexemes, g);
          continue;
        }
        const first = alternative.lexemes[0];
        if (first === undefined) continue;
        for (const head of alternative.prefix ? lexemesFrom(first) : [first]) {
          const posting = postings.get(head);
          if (!posting) continue;
          for (let i = 0; i < posting.length; i++) visit(posting.slots[i]!, posting.masks[i]!, g);
        }
      }
    }
    // `now` moved on in visitAll: stamps of this match are `current`, compared above before any visitAll ran.
    const slots: number[] = [];
    for (const slot of touched) if (matched[slot]! >= need) slots.push(slot);
    return { slots, named, weight };
  }

  return { add, remove, clear, match };
}
