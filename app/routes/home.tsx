import { ArrowRight, PackageOpen, RotateCw } from "lucide-react";
import { Link, redirect } from "react-router";
import type { ApiBanner } from "#server/modules/catalog/schemas.ts";
import { CATEGORY_TILES, CategoryTiles, type CategoryTileName } from "#app/components/catalog/CategoryTiles.tsx";
import { HomeBanner, type BannerData } from "#app/components/catalog/HomeBanner.tsx";
import { ProductCard, focusRing } from "#app/components/catalog/ProductCard.tsx";
import { categoryPath } from "#app/components/search/category-links.server.ts";
import { newestProducts } from "#app/components/search/newest.server.ts";
import { webContext } from "#app/context.ts";
import { DEFAULT_DESCRIPTION, errorMeta, seoMeta, uploadUrl } from "#app/lib/seo.ts";
import { shopNameIn } from "#app/lib/shop.ts";
import type { Route } from "./+types/home";

/**
 * Home page (/): banner, category tiles (static pictures, linking to /categoria/{slug}) and the newest page of the
 * shop ('Artigos Disponíveis', HOME_PAGE_SIZE products and a link to all of them on /pesquisa). Read on the server
 * in one round of parallel service calls, so the HTML carries the real content and its size does not grow with the
 * catalogue. The old filter `/?categoria=Canecas` redirects to the category's page.
 */

const MAX_CATEGORY_PARAM = 100;
export const HOME_PAGE_SIZE = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(webContext);
  const { catalog } = services;

  const requested = new URL(request.url).searchParams.get("categoria")?.trim().slice(0, MAX_CATEGORY_PARAM);
  if (requested) throw redirect(categoryPath(requested), 301);

  const [bannerResult, productsResult] = await Promise.allSettled([
    catalog.activeBanner(),
    newestProducts(services, HOME_PAGE_SIZE),
  ]);
  for (const result of [bannerResult, productsResult]) {
    if (result.status === "rejected") console.error("home loader:", result.reason);
  }

  const banner: ApiBanner | undefined = bannerResult.status === "fulfilled" ? bannerResult.value : undefined;
  const products = productsResult.status === "fulfilled" ? productsResult.value : [];
  const tileHrefs = Object.fromEntries(CATEGORY_TILES.map((name) => [name, categoryPath(name)])) as Record<
    CategoryTileName,
    string
  >;

  return {
    publicUrl,
    banner: banner
      ? ({ titulo: banner.titulo, slogam: banner.slogam, imagem: banner.imagem } satisfies BannerData)
      : null,
    tileHrefs,
    products,
    productsError: productsResult.status === "rejected",
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return errorMeta("Algo deu errado.");
  const { publicUrl, banner } = loaderData;
  const siteName = shopNameIn(matches);
  return seoMeta({
    siteName,
    title: `${siteName} — Canecas, T-shirts e Agendas feitas em Portugal`,
    description: DEFAULT_DESCRIPTION,
    publicUrl,
    path: "/",
    image: banner?.imagem ? uploadUrl(publicUrl, banner.imagem) : undefined,
    imageAlt: banner?.titulo,
    type: "website",
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, tileHrefs, products, productsError } = loaderData;

  return (
    <>
      <HomeBanner banner={banner} />

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <section aria-labelledby="categorias" className="pt-12 sm:pt-16">
          <h2 id="categorias" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Escolha uma Categoria
          </h2>
          <CategoryTiles hrefs={tileHrefs} />
        </section>

        <section aria-labelledby="artigos" className="py-12 sm:py-16">
          <h2 id="artigos" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Artigos Disponíveis
          </h2>

          {productsError ? (
            <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
              <p className="font-semibold text-red-800">Erro ao carregar os produtos</p>
              <p className="mt-1 text-sm text-red-700">Tente novamente dentro de momentos.</p>
              <Link
                to="."
                reloadDocument
                className={`mt-4 inline-flex items-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 ${focusRing}`}
              >
                <RotateCw className="size-4" aria-hidden="true" />
                Tentar novamente
              </Link>
            </div>
          ) : products.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
              <div className="mt-8 flex justify-center">
                <Link
                  to="/pesquisa"
                  className={`inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
                >
                  Ver todos os artigos
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}

function EmptyState() {
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center">
      <PackageOpen className="size-10 text-gray-400" aria-hidden="true" />
      <p className="mt-3 font-semibold text-gray-900">De momento não há artigos disponíveis.</p>
      <p className="mt-1 text-sm text-gray-600">Estamos a preparar novidades. Volte em breve!</p>
    </div>
  );
}
