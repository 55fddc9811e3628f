import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "#app/components/catalog/JsonLd.tsx";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { SearchError, errorMessage } from "#app/components/search/SearchError.tsx";
import { SearchPage } from "#app/components/search/SearchPage.tsx";
import { loadSearchPage } from "#app/components/search/search-page.server.ts";
import { breadcrumbJsonLd, itemListJsonLd } from "#app/components/search/search-seo.ts";
import { webContext } from "#app/context.ts";
import { errorMeta, seoMeta } from "#app/lib/seo.ts";
import { shopNameIn } from "#app/lib/shop.ts";
import type { Route } from "./+types/categoria";

/**
 * /categoria/{slug}: a category's products with the search's filters, sort and pages (everything in the URL).
 * The canonical address is the category's own, without filters or page; BreadcrumbList and ItemList for search
 * engines. An unknown slug is a 404, a bad parameter a 400.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(webContext);
  const page = await loadSearchPage({ request, services, publicUrl, slug: params.slug });
  return { ...page, category: page.category! };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const message = errorMessage(error);
    const title =
      message === "Categoria não encontrada" || message?.startsWith("Página não encontrada")
        ? message.split(":")[0]!
        : "Pesquisa inválida";
    return errorMeta(title, message ?? undefined);
  }
  const { category, publicUrl, path } = loaderData;
  return seoMeta({
    siteName: shopNameIn(matches),
    title: category.name,
    description: `${category.name} de pequenas marcas portuguesas. Pagamento por MB WAY, Multibanco ou Payshop e envios para Portugal continental e ilhas.`,
    publicUrl,
    path,
  });
};

export default function Categoria({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const first = (page.pagina - 1) * page.porPagina + 1;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: "Início", path: "/" },
            { name: page.category.name, path: page.path },
          ],
          page.publicUrl,
        )}
      />
      {page.products.length > 0 && <JsonLd data={itemListJsonLd(page.products, first, page.total, page.publicUrl)} />}
      <nav aria-label="Navegação estrutural" className="text-sm">
        <ol className="flex min-w-0 items-center gap-1.5 text-gray-600">
          <li className="shrink-0">
            <Link to="/" className={`rounded-sm hover:text-gray-900 hover:underline ${focusRing}`}>
              Início
            </Link>
          </li>
          <li aria-hidden="true" className="shrink-0">
            <ChevronRight className="size-4 text-gray-400" />
          </li>
          <li aria-current="page" className="min-w-0 truncate font-medium text-gray-900">
            {page.category.name}
          </li>
        </ol>
      </nav>
      <SearchPage
        page={page}
        heading={
          <h1 id="resultados" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            {page.category.name}
            {page.q && <span className="font-normal text-gray-600">{` — "${page.q}"`}</span>}
          </h1>
        }
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SearchError error={error} />;
}
