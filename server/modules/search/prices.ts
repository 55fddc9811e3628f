import type { Tx } from "#server/core/db/client.ts";
import { reductionsForIds } from "#server/modules/promotions/automatic.ts";
import type { SearchAnswer, SearchProduct, SearchSuggestions } from "./schemas.ts";

/*
 * Products at the prices of now (issue 20): an automatic reduction makes `price` the reduced price. Applied after the
 * answer cache (a promotion starts and ends by the clock, not by a catalogue write), in one query for the products
 * (two when something is reduced).
 */

/** Search results: the reduced price, plus the list price, the reduction and the 30-day lowest price. */
export async function withReductions(db: Tx, answer: SearchAnswer, now = new Date()): Promise<SearchAnswer> {
  if (answer.produtos.length === 0) return answer;
  const shown = await reductionsForIds(
    db,
    answer.produtos.map((p) => p.id),
    now,
  );
  if (shown.size === 0) return answer;
  return {
    ...answer,
    produtos: answer.produtos.map((p): SearchProduct => {
      const r = shown.get(p.id);
      if (!r) return p;
      return {
        ...p,
        price: r.priceCents / 100,
        preco_original: r.originalCents / 100,
        reducao: r.percentOff,
        preco_minimo_30_dias: r.lowest30DaysCents / 100,
      };
    }),
  };
}

/** The header's suggestions: the price a shopper pays now, as on the product's card. */
export async function suggestionsWithReductions(
  db: Tx,
  suggestions: SearchSuggestions,
  now = new Date(),
): Promise<SearchSuggestions> {
  if (suggestions.produtos.length === 0) return suggestions;
  const shown = await reductionsForIds(
    db,
    suggestions.produtos.map((p) => p.id),
    now,
  );
  if (shown.size === 0) return suggestions;
  return {
    ...suggestions,
    produtos: suggestions.produtos.map((p) => {
      const r = shown.get(p.id);
      return r ? { ...p, price: r.priceCents / 100 } : p;
    }),
  };
}
