import { ReducedPrice, type PriceReduction } from "./ReducedPrice.tsx";

/**
 * The product page's price (/produto/{id}): the price, or under an automatic promotion the list price struck
 * through, the reduced price, the reduction and the 30-day lowest price (ReducedPrice). Labels come formatted by the
 * loader (the shop's euro format).
 */
export function ProductPrice({ priceLabel, reduction }: { priceLabel: string; reduction?: PriceReduction | null }) {
  if (reduction) return <ReducedPrice priceLabel={priceLabel} reduction={reduction} size="page" />;
  return <p className="text-2xl font-semibold text-gray-900 tabular-nums">{priceLabel}</p>;
}
