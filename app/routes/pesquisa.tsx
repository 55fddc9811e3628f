import { Search } from "lucide-react";
import { Form } from "react-router";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { SearchError, errorMessage } from "#app/components/search/SearchError.tsx";
import { SearchPage } from "#app/components/search/SearchPage.tsx";
import { loadSearchPage } from "#app/components/search/search-page.server.ts";
import { webContext } from "#app/context.ts";
import { errorMeta, seoMeta } from "#app/lib/seo.ts";
import { shopNameIn } from "#app/lib/shop.ts";
import type { Route } from "./+types/pesquisa";

/**
 * /pesquisa?q=…: the shop's search, server-rendered (works without JavaScript), with the filters, sort and pages
 * of /api/search in its URL. Results pages are not for search engines (noindex); their canonical is the search
 * text alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(webContext);
  return loadSearchPage({ request, services, publicUrl });
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const message = errorMessage(error);
    const title = message?.startsWith("Página não encontrada") ? "Página não encontrada" : "Pesquisa inválida";
    return errorMeta(title, message ?? undefined);
  }
  const { q, publicUrl, total } = loaderData;
  return [
    ...seoMeta({
      siteName: shopNameIn(matches),
      title: q ? `Pesquisa: ${q}` : "Todos os artigos",
      description: q ? `${total} artigos encontrados para "${q}".` : `Todos os artigos da loja (${total}).`,
      publicUrl,
      path: q ? `/pesquisa?${new URLSearchParams({ q })}` : "/pesquisa",
    }),
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function Pesquisa({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <Form method="get" action="/pesquisa" role="search" className="flex max-w-2xl gap-2">
        <label htmlFor="pesquisa-texto" className="sr-only">
          Texto da pesquisa
        </label>
        <input
          key={page.q}
          id="pesquisa-texto"
          name="q"
          type="search"
          defaultValue={page.q}
          maxLength={200}
          placeholder="Pesquisar artigos…"
          enterKeyHint="search"
          className="block h-11 min-w-0 flex-1 rounded-lg border border-gray-300 px-3 text-base text-gray-900"
        />
        <button
          type="submit"
          className={`inline-flex h-11 items-center gap-2 rounded-lg bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
        >
          <Search className="size-4" aria-hidden="true" />
          Pesquisar
        </button>
      </Form>
      <SearchPage
        page={page}
        heading={
          <h1 id="resultados" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            {page.q ? `Resultados para "${page.q}"` : "Todos os artigos"}
          </h1>
        }
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SearchError error={error} />;
}
