import type { Tx } from "#server/core/db/client.ts";
import { reductionsForIds, type ShownReduction } from "#server/modules/promotions/automatic.ts";
import type { SearchAnswer, SearchSuggestions } from "./schemas.ts";

/*
 * Products at the prices of now (issue 20): an automatic reduction makes `price` the reduced price. Applied after the
 * answer cache (a promotion starts and ends by the clock, not by a catalogue write), in one query for the products
 * (two when something is reduced).
 */

/** `products` with `reduce` applied to each one an automatic promotion reduces now. */
async function atPricesOfNow<P extends { id: number }>(
  db: Tx,
  products: P[],
  reduce: (p: P, r: ShownReduction) => P,
  now: Date,
): Promise<P[]> {
  if (products.length === 0) return products;
  const shown = await reductionsForIds(
    db,
    products.map((p) => p.id),
    now,
  );
  if (shown.size === 0) return products;
  return products.map((p) => {
    const r = shown.get(p.id);
    return r ? reduce(p, r) : p;
  });
}

/** Search results: the reduced price, plus the list price, the reduction and the 30-day lowest price. */
export async function withReductions(db: Tx, answer: SearchAnswer, now = new Date()): Promise<SearchAnswer> {
  const produtos = await atPricesOfNow(
    db,
    answer.produtos,
    (p, r) => ({
      ...p,
      price: r.priceCents / 100,
      preco_original: r.originalCents / 100,
      reducao: r.percentOff,
      preco_minimo_30_dias: r.lowest30DaysCents / 100,
    }),
    now,
  );
  return produtos === answer.produtos ? answer : { ...answer, produtos };
}

/** The header's suggestions: the price a shopper pays now, as on the product's card. */
export async function suggestionsWithReductions(
  db: Tx,
  suggestions: SearchSuggestions,
  now = new Date(),
): Promise<SearchSuggestions> {
  const produtos = await atPricesOfNow(db, suggestions.produtos, (p, r) => ({ ...p, price: r.priceCents / 100 }), now);
  return produtos === suggestions.produtos ? suggestions : { ...suggestions, produtos };
}
