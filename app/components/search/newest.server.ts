/** The home page's 'Artigos Disponíveis': the newest page of the shop, as product cards. */
import type { Services } from "#server/services.ts";
import { firstImage } from "#app/components/catalog/image-urls.ts";
import type { CardProduct } from "#app/components/catalog/ProductCard.tsx";
import { formatEuros } from "#app/lib/format.ts";

export async function newestProducts(services: Services, count: number): Promise<CardProduct[]> {
  // Stop-gap until the search service lands: the shop's list is newest first.
  const products = await services.catalog.listShop();
  return products.slice(0, count).map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    priceLabel: formatEuros(p.price),
    image: firstImage(p.images),
    status: p.status,
  }));
}
