/**
 * The search pages' addresses (/pesquisa, /categoria/{slug}): every filter, the sort and the page live in the
 * query string, so a link is the state (shareable, crawlable, the back button undoes a change). Browser-safe.
 */

/** The parameters a search page reads (server/modules/search/schemas.ts parseSearchParams). */
export const FILTER_PARAMS = ["categoria", "cor", "tamanho", "preco_min", "preco_max", "em_stock"] as const;

/** `path?params`, or just `path` with no parameters. */
export function hrefOf(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A copy of `params` without the page (any change of filter or sort starts again at page 1). */
export function withoutPage(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("pagina");
  return next;
}

/** The same search at page `page` (page 1 has no parameter: one address per page). */
export function pageHref(path: string, params: URLSearchParams, page: number): string {
  const next = withoutPage(params);
  if (page > 1) next.set("pagina", String(page));
  return hrefOf(path, next);
}

/** The same search without one value of a filter (the active filters' "remove" links). */
export function withoutValue(path: string, params: URLSearchParams, name: string, value?: string): string {
  const kept = [...withoutPage(params)].filter(([k, v]) => k !== name || (value !== undefined && v !== value));
  return hrefOf(path, new URLSearchParams(kept));
}

/** The numbered links to show: first, last, and two either side of the current page, with gaps (null). */
export function pageNumbers(current: number, last: number): Array<number | null> {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const p of sorted) {
    const prev = out.at(-1);
    if (typeof prev === "number" && p - prev === 2) out.push(p - 1);
    else if (typeof prev === "number" && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}
