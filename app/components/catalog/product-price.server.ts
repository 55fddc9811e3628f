import type { Services } from "#server/services.ts";
import { formatEuros } from "#app/lib/format.ts";
import type { PriceReduction } from "./ReducedPrice.tsx";

/**
 * The product page's price of now (issue 20): the reduced price and its reduction when an automatic promotion applies
 * (server/modules/promotions/automatic.ts), else the list price. Should the promotions not be readable, the list
 * price is shown (what the quote then also charges only if no promotion applies; the cart always shows the quote).
 */
export async function productPagePrice(
  services: Services,
  product: { id: number; categoria_id: number | null; price_cents: number },
): Promise<{ price: number; priceLabel: string; reduction: PriceReduction | null }> {
  const shown = await services.shopWindow
    .reductions([{ id: product.id, categoryId: product.categoria_id, priceCents: product.price_cents }])
    .catch((error: unknown) => {
      console.error("produto loader (reductions):", error);
      return new Map();
    });
  const r = shown.get(product.id);
  if (!r) {
    const price = product.price_cents / 100;
    return { price, priceLabel: formatEuros(price), reduction: null };
  }
  return {
    price: r.priceCents / 100,
    priceLabel: formatEuros(r.priceCents / 100),
    reduction: {
      originalLabel: formatEuros(r.originalCents / 100),
      percentOff: r.percentOff,
      lowest30Label: formatEuros(r.lowest30DaysCents / 100),
    },
  };
}
