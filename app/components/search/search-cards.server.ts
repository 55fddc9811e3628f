import type { SearchProduct } from "#server/modules/search/schemas.ts";
import type { CardProduct } from "#app/components/catalog/ProductCard.tsx";
import { priceReduction } from "#app/components/catalog/ReducedPrice.tsx";
import { formatEuros } from "#app/lib/format.ts";

/** The search's products as product cards (prices formatted on the server, see CardProduct.priceLabel; a reduced
 * product's `price` is already the reduced one, server/modules/search/prices.ts). */
export function searchCards(products: readonly SearchProduct[]): CardProduct[] {
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    priceLabel: formatEuros(p.price),
    image: p.image ?? "",
    status: 1,
    reduction: priceReduction(formatEuros, p),
  }));
}
