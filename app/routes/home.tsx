import { PackageOpen, RotateCw } from "lucide-react";
import { Link } from "react-router";
import type { ApiBanner, ApiProduct } from "#server/modules/catalog/schemas.ts";
import { CATEGORY_TILES, CategoryTiles } from "#app/components/catalog/CategoryTiles.tsx";
import { HomeBanner, type BannerData } from "#app/components/catalog/HomeBanner.tsx";
import { firstImage } from "#app/components/catalog/image-urls.ts";
import { ProductCard, focusRing, type CardProduct } from "#app/components/catalog/ProductCard.tsx";
import { webContext } from "#app/context.ts";
import { formatEuros } from "#app/lib/format.ts";
import { DEFAULT_DESCRIPTION, errorMeta, seoMeta, uploadUrl } from "#app/lib/seo.ts";
import { shopNameIn } from "#app/lib/shop.ts";
import type { Route } from "./+types/home";

/**
 * Home page (/): banner, category tiles (static pictures) and the grid of products in the shop.
 * Everything is read on the server in one round of parallel service calls, so the HTML carries
 * the real content (no spinner, works without JavaScript). `?categoria=Canecas` filters the grid.
 */

const MAX_CATEGORY_PARAM = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(webContext);
  const { catalog } = services;

  const [bannerResult, categoriesResult, productsResult] = await Promise.allSettled([
    catalog.activeBanner(),
    catalog.listCategories(),
    catalog.listShop(),
  ]);
  for (const result of [bannerResult, categoriesResult, productsResult]) {
    if (result.status === "rejected") console.error("home loader:", result.reason);
  }

  const banner: ApiBanner | undefined = bannerResult.status === "fulfilled" ? bannerResult.value : undefined;
  const categories = categoriesResult.status === "fulfilled" ? categoriesResult.value : [];
  const products: ApiProduct[] = productsResult.status === "fulfilled" ? productsResult.value : [];

  // The filter: a known category in its stored spelling, else the raw (bounded) text.
  const requested = new URL(request.url).searchParams.get("categoria")?.trim().slice(0, MAX_CATEGORY_PARAM) || null;
  const known = [...categories.map((c) => c.name), ...CATEGORY_TILES];
  const categoria = requested
    ? (known.find((name) => name.toLowerCase() === requested.toLowerCase()) ?? requested)
    : null;
  const isKnownCategory = categoria !== null && known.includes(categoria);

  const inCategory = (p: ApiProduct, name: string) => (p.categoria ?? "").toLowerCase() === name.toLowerCase();
  const toCard = (p: ApiProduct): CardProduct => ({
    id: p.id,
    name: p.name,
    price: p.price,
    priceLabel: formatEuros(p.price),
    image: firstImage(p.images),
    status: p.status,
  });

  return {
    publicUrl,
    banner: banner
      ? ({ titulo: banner.titulo, slogam: banner.slogam, imagem: banner.imagem } satisfies BannerData)
      : null,
    categoria,
    isKnownCategory,
    totalProducts: products.length,
    products: (categoria ? products.filter((p) => inCategory(p, categoria)) : products).map(toCard),
    productsError: productsResult.status === "rejected",
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return errorMeta("Algo deu errado.");
  const { publicUrl, banner, categoria, isKnownCategory } = loaderData;
  const filtered = categoria && isKnownCategory;
  const siteName = shopNameIn(matches);
  return seoMeta({
    siteName,
    title: filtered
      ? `${categoria} — Artigos Disponíveis`
      : `${siteName} — Canecas, T-shirts e Agendas feitas em Portugal`,
    description: filtered
      ? `${categoria} de pequenas marcas portuguesas. Pagamento por MB WAY, Multibanco ou Payshop e envios para Portugal continental e ilhas.`
      : DEFAULT_DESCRIPTION,
    publicUrl,
    path: filtered ? `/?${new URLSearchParams({ categoria })}` : "/",
    image: banner?.imagem ? uploadUrl(publicUrl, banner.imagem) : undefined,
    imageAlt: banner?.titulo,
    type: "website",
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, categoria, products, productsError, totalProducts } = loaderData;

  return (
    <>
      <HomeBanner banner={banner} />

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <section aria-labelledby="categorias" className="pt-12 sm:pt-16">
          <h2 id="categorias" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Escolha uma Categoria
          </h2>
          <CategoryTiles active={categoria} />
        </section>

        <section aria-labelledby="artigos" className="py-12 sm:py-16">
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <div>
              <h2 id="artigos" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
                Artigos Disponíveis
              </h2>
              {categoria && !productsError && (
                <p className="mt-1 text-sm text-gray-600" aria-live="polite">
                  Categoria: <strong className="font-semibold text-gray-900">{categoria}</strong> ·{" "}
                  {products.length === 1 ? "1 artigo" : `${products.length} artigos`}
                </p>
              )}
            </div>
            {categoria && (
              <Link
                to="/#artigos"
                preventScrollReset
                className={`rounded-md text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline ${focusRing}`}
              >
                Ver todos
              </Link>
            )}
          </div>

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
            <EmptyState filtered={categoria !== null && totalProducts > 0} />
          ) : (
            <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center">
      <PackageOpen className="size-10 text-gray-400" aria-hidden="true" />
      <p className="mt-3 font-semibold text-gray-900">
        {filtered ? "Não há artigos disponíveis nesta categoria." : "De momento não há artigos disponíveis."}
      </p>
      <p className="mt-1 text-sm text-gray-600">
        {filtered ? "Veja os outros artigos da loja." : "Estamos a preparar novidades. Volte em breve!"}
      </p>
      {filtered && (
        <Link
          to="/#artigos"
          preventScrollReset
          className={`mt-4 rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
        >
          Ver todos
        </Link>
      )}
    </div>
  );
}
