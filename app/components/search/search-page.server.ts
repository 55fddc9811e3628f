/**
 * The loaders of /pesquisa and /categoria/{slug}: the URL parsed with the API's own rules (parseSearchParams, so
 * the page accepts exactly what GET /api/search accepts), one call to the search service, and what the page
 * shows. A bad parameter is a 400 with the pt-PT message (the route's ErrorBoundary shows it), never a 500.
 */
import { data } from "react-router";
import { parseSearchParams, type SearchAnswer, type SearchSort } from "#server/modules/search/schemas.ts";
import type { Services } from "#server/services.ts";
import type { CardProduct } from "#app/components/catalog/ProductCard.tsx";
import { categoryPath } from "./category-links.server.ts";
import { searchCards } from "./search-cards.server.ts";
import { hrefOf, withoutPage } from "./search-url.ts";

export interface SearchPageData {
  kind: "pesquisa" | "categoria";
  publicUrl: string;
  /** The page's path without parameters ("/pesquisa", "/categoria/canecas"): the canonical address's base. */
  path: string;
  category: { name: string; slug: string } | null;
  q: string;
  /** What the URL asks for (the filter form shows it; prices as typed). */
  selected: {
    categorias: string[];
    cores: string[];
    tamanhos: string[];
    precoMin: string;
    precoMax: string;
    emStock: boolean;
    ordenar: SearchSort;
  };
  /** `por_pagina` as the URL gives it (kept by the filter form), or null for the default. */
  perPageParam: string | null;
  total: number;
  pagina: number;
  porPagina: number;
  lastPage: number;
  products: CardProduct[];
  facetas: SearchAnswer["facetas"];
  /** "Quis dizer …?": the corrected text and the address of its search. */
  sugestao: { text: string; href: string } | null;
  /** Every category with its page (the empty state's links). */
  categories: Array<{ name: string; href: string }>;
}

const badRequest = (message: string) => data({ message }, { status: 400 });

export async function loadSearchPage(args: {
  request: Request;
  services: Services;
  publicUrl: string;
  /** /categoria/{slug}: the category's slug (a 404 when no category has it). */
  slug?: string;
}): Promise<SearchPageData> {
  const { request, services, publicUrl, slug } = args;
  const params = new URL(request.url).searchParams;
  const parsed = parseSearchParams(params);
  if (!parsed.ok) throw badRequest(parsed.message);

  const allCategories = await services.catalog.listCategories();
  const categories = allCategories.map((c) => ({ name: c.name, href: categoryPath(c.name) }));
  let category: SearchPageData["category"] = null;
  if (slug !== undefined) {
    const found = allCategories.find((c) => categoryPath(c.name) === `/categoria/${slug}`);
    if (!found) throw data({ message: "Categoria não encontrada" }, { status: 404 });
    category = { name: found.name, slug };
  }

  // A category page searches its own category, whatever `categoria` the URL carries.
  const query = category ? { ...parsed.query, categorias: [category.name] } : parsed.query;
  const answer = await services.search.search(query);
  const path = category ? `/categoria/${category.slug}` : "/pesquisa";
  const lastPage = Math.max(1, Math.ceil(answer.total / answer.por_pagina));
  // A page past the last would be an empty page a search engine could keep (and a link shared by mistake): 404.
  if (answer.pagina > lastPage) {
    throw data(
      { message: `Página não encontrada: esta lista tem ${lastPage} página${lastPage === 1 ? "" : "s"}.` },
      { status: 404 },
    );
  }

  let sugestao: SearchPageData["sugestao"] = null;
  if (answer.sugestao) {
    const next = withoutPage(params);
    next.set("q", answer.sugestao);
    sugestao = { text: answer.sugestao, href: hrefOf(path, next) };
  }

  return {
    kind: category ? "categoria" : "pesquisa",
    publicUrl,
    path,
    category,
    q: query.q,
    selected: {
      categorias: query.categorias,
      cores: query.cores,
      tamanhos: query.tamanhos,
      precoMin: params.get("preco_min")?.trim() ?? "",
      precoMax: params.get("preco_max")?.trim() ?? "",
      emStock: query.emStock,
      ordenar: query.ordenar,
    },
    perPageParam: params.get("por_pagina")?.trim() || null,
    total: answer.total,
    pagina: answer.pagina,
    porPagina: answer.por_pagina,
    lastPage,
    products: searchCards(answer.produtos),
    facetas: answer.facetas,
    sugestao,
    categories,
  };
}
