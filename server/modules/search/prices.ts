import type { Tx } from "#server/core/db/client.ts";
import { reductionsForIds } from "#server/modules/promotions/automatic.ts";
import type { SearchAnswer } from "./schemas.ts";

/**
 * The page's products at the prices of now (issue 20): an automatic reduction makes `price` the reduced price and
 * adds the list price, the reduction and the 30-day lowest price. Applied after the answer cache (a promotion starts
 * and ends by the clock, not by a catalogue write), in one query for the page (two when something is reduced).
 */
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
    produtos: answer.produtos.map((p) => {
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
