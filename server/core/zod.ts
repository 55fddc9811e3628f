import { z } from "zod";

/*
 * The zod pieces every module's request schemas share: integers from numbers or their text
 * (ids, quantities, prices in cents), and the paging query of the admin lists.
 */

/** The largest value of a PostgreSQL integer column. */
export const INT32_MAX = 2_147_483_647;

export const MAX_PAGE_SIZE = 200;

export const PAGE_MESSAGES = {
  invalidPage: "Página inválida.",
  invalidLimit: `Limite inválido: indique um número entre 1 e ${MAX_PAGE_SIZE}.`,
} as const;

type IntResult = { ok: true; value: number } | { ok: false; missing: boolean };

/** Accepts a safe integer or its decimal text; `missing` for undefined, null and "". */
export function parseInteger(value: unknown, min: number, max: number): IntResult {
  let n: number;
  if (value === undefined || value === null) return { ok: false, missing: true };
  if (typeof value === "number") n = value;
  else if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return { ok: false, missing: true };
    if (!/^-?\d{1,12}$/.test(text)) return { ok: false, missing: false };
    n = Number(text);
  } else return { ok: false, missing: false };
  if (!Number.isSafeInteger(n) || n < min || n > max) return { ok: false, missing: false };
  return { ok: true, value: n };
}

/** A required integer in [min, max], from a number or its text. */
export function intValue(opts: { invalid: string; required?: string; min?: number; max?: number }) {
  const { min = 1, max = INT32_MAX } = opts;
  return z.unknown().transform((value, ctx) => {
    const r = parseInteger(value, min, max);
    if (r.ok) return r.value;
    ctx.addIssue({ code: "custom", message: r.missing ? (opts.required ?? opts.invalid) : opts.invalid });
    return z.NEVER;
  });
}

/** Like intValue, but undefined / null / "" give undefined. */
export function optionalIntValue(opts: { invalid: string; min?: number; max?: number }) {
  const { min = 1, max = INT32_MAX } = opts;
  return z
    .unknown()
    .transform((value, ctx): number | undefined => {
      const r = parseInteger(value, min, max);
      if (r.ok) return r.value;
      if (r.missing) return undefined;
      ctx.addIssue({ code: "custom", message: opts.invalid });
      return z.NEVER;
    })
    .optional();
}

/** An optional query integer: absent or "" gives the default. */
export const queryInt = (opts: { invalid: string; min: number; max: number; fallback: number }) =>
  z
    .unknown()
    .transform((value, ctx): number => {
      if (value === undefined || value === null || value === "") return opts.fallback;
      const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
      const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (Number.isInteger(n) && n >= opts.min && n <= opts.max) return n;
      ctx.addIssue({ code: "custom", message: opts.invalid });
      return z.NEVER;
    })
    .optional()
    .transform((v) => v ?? opts.fallback);

export const pageQuery = {
  page: queryInt({ invalid: PAGE_MESSAGES.invalidPage, min: 1, max: 1_000_000, fallback: 1 }),
  limit: queryInt({ invalid: PAGE_MESSAGES.invalidLimit, min: 1, max: MAX_PAGE_SIZE, fallback: 50 }),
};

/** The longest search text an admin list accepts. */
export const SEARCH_MAX_LENGTH = 200;

export const SEARCH_MESSAGES = {
  invalid: "Pesquisa inválida: escreva só texto, sem caracteres de controlo.",
  tooLong: `A pesquisa não pode ter mais de ${SEARCH_MAX_LENGTH} caracteres.`,
} as const;

/** C0 and C1 control characters and DEL (a NUL byte among them: PostgreSQL text cannot hold it). */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * The `search` of every list: trimmed, at most SEARCH_MAX_LENGTH characters, no control character (a NUL byte
 * would reach PostgreSQL, which refuses it and logs the whole statement); blank or absent gives undefined.
 * Matched literally by the lists (likeContains).
 */
export const searchText = z
  .string({ error: SEARCH_MESSAGES.invalid })
  .refine((v) => !CONTROL_CHARACTER.test(v), SEARCH_MESSAGES.invalid)
  .transform((v) => v.trim())
  .refine((v) => v.length <= SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong)
  .optional()
  .transform((v) => v || undefined);

/** `text` inside an ILIKE pattern ("%text%"), its wildcards (%, _ and the escape \) taken literally. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An optional query integer: absent or "" gives undefined (a list answers whole unless a page is asked for). */
export const optionalQueryInt = (opts: { invalid: string; min: number; max: number }) =>
  z
    .unknown()
    .transform((value, ctx): number | undefined => {
      if (value === undefined || value === null || value === "") return undefined;
      const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
      const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (Number.isInteger(n) && n >= opts.min && n <= opts.max) return n;
      ctx.addIssue({ code: "custom", message: opts.invalid });
      return z.NEVER;
    })
    .optional();

/**
 * The NEW optional paging of a list whose contract is the whole list (GET /api/users, /api/product/all…):
 * without page, limit and search the answer stays the whole list; with any of them, one page and X-Total-Count.
 */
export const optionalPageQuery = {
  page: optionalQueryInt({ invalid: PAGE_MESSAGES.invalidPage, min: 1, max: 1_000_000 }),
  limit: optionalQueryInt({ invalid: PAGE_MESSAGES.invalidLimit, min: 1, max: MAX_PAGE_SIZE }),
  search: searchText,
};

/** The page asked for by an optionalPageQuery, or null when the whole list is asked for. */
export function askedPage(q: { page?: number | undefined; limit?: number | undefined; search?: string | undefined }) {
  if (q.page === undefined && q.limit === undefined && q.search === undefined) return null;
  return { page: q.page ?? 1, limit: q.limit ?? 50, search: q.search };
}
