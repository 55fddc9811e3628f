/** The home page's 'Artigos Disponíveis': the newest page of the shop, as product cards. */
import { searchQuery } from "#server/modules/search/schemas.ts";
import type { Services } from "#server/services.ts";
import { searchCards } from "./search-cards.server.ts";

export async function newestProducts(services: Services, count: number) {
  // One bounded page from the search (newest first): the page's work does not grow with the catalogue.
  const answer = await services.search.search(searchQuery({ ordenar: "novidades", porPagina: count }));
  return searchCards(answer.produtos);
}
