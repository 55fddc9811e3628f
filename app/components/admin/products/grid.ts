/**
 * The products grid (/produtos): which cards are shown. The search and the number of cards live in
 * the URL (`?pesquisa=…&mostrar=…`), so the loader reads each shown card's stock and reload/back keep them.
 */
import type { ApiProductListItem } from "#server/modules/catalog/schemas.ts";

/** Cards rendered per step, so a catalogue of 10 000 products never renders at once. */
export const GRID_STEP = 30;
export const SEARCH_PARAM = "pesquisa";
export const SHOWN_PARAM = "mostrar";

/** How many cards the URL asks for: a positive multiple of the step, else one step. */
export function shownCount(params: URLSearchParams): number {
  const raw = params.get(SHOWN_PARAM);
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return n >= GRID_STEP ? Math.ceil(n / GRID_STEP) * GRID_STEP : GRID_STEP;
}

/** The products whose name contains `query` (case-insensitive, pt-PT). */
export function filterProducts<T extends Pick<ApiProductListItem, "name">>(products: readonly T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase("pt-PT");
  return q ? products.filter((p) => p.name.toLocaleLowerCase("pt-PT").includes(q)) : [...products];
}
