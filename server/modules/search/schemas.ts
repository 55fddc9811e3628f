import { z } from "zod";

/*
 * The search's request and answer shapes (docs: /work/notes/search-contract.md). Browser-safe: zod and types
 * only. parseSearchParams is used by GET /api/search and by the page loaders (/pesquisa, /categoria/{slug}).
 */

export const SEARCH_MAX_PER_PAGE = 60;
export const SEARCH_DEFAULT_PER_PAGE = 24;
/** Longest search text kept (longer text is refused: nobody types more in a shop's search field). */
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** Most values of one repeatable filter (categoria, cor, tamanho). */
export const SEARCH_MAX_FILTER_VALUES = 30;
/** Longest filter value (a category, colour or size name). */
export const SEARCH_MAX_FILTER_LENGTH = 100;
export const SEARCH_MAX_PAGE = 10_000;
/** Highest price filter in euros (prices are integer cents in an int column). */
export const SEARCH_MAX_PRICE_EUROS = 1_000_000;

export const SEARCH_SORTS = ["relevancia", "preco-asc", "preco-desc", "novidades"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_MESSAGES = {
  queryTooLong: `A pesquisa é demasiado longa (máximo ${SEARCH_MAX_QUERY_LENGTH} caracteres).`,
  invalidText: "A pesquisa contém caracteres inválidos.",
  invalidFilter: (name: string) => `Filtro "${name}" inválido.`,
  tooManyValues: (name: string) => `Demasiados valores no filtro "${name}" (máximo ${SEARCH_MAX_FILTER_VALUES}).`,
  invalidPrice: (name: string) =>
    `Preço inválido em "${name}": indique um valor em euros, por exemplo 12,50 (máximo ${SEARCH_MAX_PRICE_EUROS}).`,
  priceRange: "O preço mínimo não pode ser maior do que o preço máximo.",
  invalidStock: 'Valor inválido em "em_stock": use 1 ou 0.',
  invalidSort: `Ordenação inválida: use ${SEARCH_SORTS.join(", ")}.`,
  invalidPage: "Página inválida.",
  invalidPerPage: `Valor inválido em "por_pagina": indique um número entre 1 e ${SEARCH_MAX_PER_PAGE}.`,
  synonymsInvalid: "Lista de sinónimos inválida.",
  synonymsTooMany: "Demasiados grupos de sinónimos (máximo 500).",
  synonymGroupTooSmall: "Cada grupo de sinónimos precisa de pelo menos duas palavras diferentes.",
  synonymGroupTooBig: "Um grupo de sinónimos tem no máximo 20 palavras.",
  synonymWordInvalid: "Cada sinónimo tem de 1 a 60 caracteres, sem caracteres de controlo.",
} as const;

export interface SearchQuery {
  q: string;
  categorias: string[];
  cores: string[];
  tamanhos: string[];
  precoMinCents: number | null;
  precoMaxCents: number | null;
  emStock: boolean;
  ordenar: SearchSort;
  pagina: number;
  porPagina: number;
}

export type ParsedSearch = { ok: true; query: SearchQuery } | { ok: false; message: string };

/** Control characters (NUL and friends) reach PostgreSQL nowhere: refused. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** "12", "12,5", "12.50" → cents; null when absent; undefined when invalid. */
function euros(text: string | null): number | null | undefined {
  if (text === null) return null;
  const t = text.trim().replace(/\s*€\s*$/, "");
  if (t === "") return null;
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return cents > SEARCH_MAX_PRICE_EUROS * 100 ? undefined : cents;
}

function integer(text: string | null, min: number, max: number, fallback: number): number | undefined {
  if (text === null || text.trim() === "") return fallback;
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
}

function filterValues(params: URLSearchParams, name: string): string[] | string {
  const seen = new Map<string, string>();
  for (const raw of params.getAll(name)) {
    if (CONTROL.test(raw)) return SEARCH_MESSAGES.invalidFilter(name);
    const value = oneLine(raw);
    if (value === "") continue; // an empty <select> option of a GET form
    if (value.length > SEARCH_MAX_FILTER_LENGTH) return SEARCH_MESSAGES.invalidFilter(name);
    const key = value.toLocaleLowerCase("pt-PT");
    if (!seen.has(key)) seen.set(key, value);
  }
  if (seen.size > SEARCH_MAX_FILTER_VALUES) return SEARCH_MESSAGES.tooManyValues(name);
  return [...seen.values()];
}

/**
 * The search parameters of /api/search, /pesquisa and /categoria/{slug}: every one optional, unknown ones ignored,
 * empty ones as absent (a GET form sends its empty fields). A bad value gives a pt-PT message for a 400.
 */
export function parseSearchParams(params: URLSearchParams): ParsedSearch {
  const rawQ = params.get("q") ?? "";
  if (CONTROL.test(rawQ)) return { ok: false, message: SEARCH_MESSAGES.invalidText };
  const q = oneLine(rawQ);
  if (q.length > SEARCH_MAX_QUERY_LENGTH) return { ok: false, message: SEARCH_MESSAGES.queryTooLong };

  const categorias = filterValues(params, "categoria");
  if (typeof categorias === "string") return { ok: false, message: categorias };
  const cores = filterValues(params, "cor");
  if (typeof cores === "string") return { ok: false, message: cores };
  const tamanhos = filterValues(params, "tamanho");
  if (typeof tamanhos === "string") return { ok: false, message: tamanhos };

  const precoMinCents = euros(params.get("preco_min"));
  if (precoMinCents === undefined) return { ok: false, message: SEARCH_MESSAGES.invalidPrice("preco_min") };
  const precoMaxCents = euros(params.get("preco_max"));
  if (precoMaxCents === undefined) return { ok: false, message: SEARCH_MESSAGES.invalidPrice("preco_max") };
  if (precoMinCents !== null && precoMaxCents !== null && precoMinCents > precoMaxCents)
    return { ok: false, message: SEARCH_MESSAGES.priceRange };

  const stockText = (params.get("em_stock") ?? "").trim().toLowerCase();
  let emStock: boolean;
  if (["", "0", "false", "nao", "não"].includes(stockText)) emStock = false;
  else if (["1", "true", "sim", "on"].includes(stockText)) emStock = true;
  else return { ok: false, message: SEARCH_MESSAGES.invalidStock };

  const sortText = (params.get("ordenar") ?? "").trim();
  let ordenar: SearchSort;
  if (sortText === "") ordenar = q ? "relevancia" : "novidades";
  else if ((SEARCH_SORTS as readonly string[]).includes(sortText)) ordenar = sortText as SearchSort;
  else return { ok: false, message: SEARCH_MESSAGES.invalidSort };

  const pagina = integer(params.get("pagina"), 1, SEARCH_MAX_PAGE, 1);
  if (pagina === undefined) return { ok: false, message: SEARCH_MESSAGES.invalidPage };
  const porPagina = integer(params.get("por_pagina"), 1, SEARCH_MAX_PER_PAGE, SEARCH_DEFAULT_PER_PAGE);
  if (porPagina === undefined) return { ok: false, message: SEARCH_MESSAGES.invalidPerPage };

  return {
    ok: true,
    query: { q, categorias, cores, tamanhos, precoMinCents, precoMaxCents, emStock, ordenar, pagina, porPagina },
  };
}

/** A SearchQuery with the defaults, for loaders that build one by hand (e.g. a category page). */
export function searchQuery(partial: Partial<SearchQuery> = {}): SearchQuery {
  const q = partial.q ?? "";
  return {
    q,
    categorias: [],
    cores: [],
    tamanhos: [],
    precoMinCents: null,
    precoMaxCents: null,
    emStock: false,
    ordenar: q ? "relevancia" : "novidades",
    pagina: 1,
    porPagina: SEARCH_DEFAULT_PER_PAGE,
    ...partial,
  };
}

// ---------- answers ----------

const facetValue = z.object({ nome: z.string(), total: z.number().int() });

export const searchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Euros. */
  price: z.number(),
  /** The first picture's file name (served under /uploads/), or null. */
  image: z.string().nullable(),
  /** The category's name, or null. */
  categoria: z.string().nullable(),
  /*
   * Only while an automatic promotion reduces the product (issue 20; `price` is then the reduced price): the list
   * price (euros, shown struck through), the reduction in % and 'Preço mais baixo nos últimos 30 dias' (euros).
   */
  preco_original: z.number().optional(),
  reducao: z.number().int().optional(),
  preco_minimo_30_dias: z.number().optional(),
});

export const searchAnswerSchema = z.object({
  total: z.number().int(),
  pagina: z.number().int(),
  por_pagina: z.number().int(),
  produtos: z.array(searchProductSchema),
  facetas: z.object({
    categorias: z.array(facetValue),
    cores: z.array(facetValue),
    tamanhos: z.array(facetValue),
    /** Euros; null when nothing matches. */
    preco: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  }),
  /** A corrected search text ("Quis dizer …?" on the page), or null. */
  sugestao: z.string().nullable(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
export type SearchProduct = z.infer<typeof searchProductSchema>;

export const suggestionsSchema = z.object({
  produtos: z.array(
    z.object({ id: z.number().int(), name: z.string(), price: z.number(), image: z.string().nullable() }),
  ),
  categorias: z.array(z.object({ nome: z.string(), slug: z.string() })),
});
export type SearchSuggestions = z.infer<typeof suggestionsSchema>;

// ---------- admin: synonyms and zero-result queries ----------

export const SYNONYM_LIMITS = { groups: 500, words: 20, wordMax: 60 } as const;

const synonymWord = z
  .string({ error: SEARCH_MESSAGES.synonymWordInvalid })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, SEARCH_MESSAGES.synonymWordInvalid)
      .max(SYNONYM_LIMITS.wordMax, SEARCH_MESSAGES.synonymWordInvalid)
      .refine((w) => !CONTROL.test(w), SEARCH_MESSAGES.synonymWordInvalid),
  );

export const synonymsBody = z.object(
  {
    grupos: z
      .array(
        z
          .array(synonymWord, { error: SEARCH_MESSAGES.synonymsInvalid })
          .max(SYNONYM_LIMITS.words, SEARCH_MESSAGES.synonymGroupTooBig)
          .refine(
            (g) => new Set(g.map((w) => w.toLocaleLowerCase("pt-PT"))).size >= 2,
            SEARCH_MESSAGES.synonymGroupTooSmall,
          ),
        { error: SEARCH_MESSAGES.synonymsInvalid },
      )
      .max(SYNONYM_LIMITS.groups, SEARCH_MESSAGES.synonymsTooMany),
  },
  { error: SEARCH_MESSAGES.synonymsInvalid },
);
export type SynonymsBody = z.infer<typeof synonymsBody>;

export const synonymsAnswer = z.object({ grupos: z.array(z.array(z.string())) });
export type SynonymsAnswer = z.infer<typeof synonymsAnswer>;

export const zeroResultQuerySchema = z.object({
  text: z.string(),
  count: z.number().int(),
  /** ISO time. */
  lastSeen: z.string(),
});
export type ZeroResultQuery = z.infer<typeof zeroResultQuerySchema>;
export const zeroResultPage = z.array(zeroResultQuerySchema);
