import { ChevronRight } from "lucide-react";
import { Fragment } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { parseProductId } from "#server/modules/catalog/rules.ts";
import type { ApiProduct, ApiSize, ApiStockDetail } from "#server/modules/catalog/schemas.ts";
import type { CatalogService } from "#server/modules/catalog/service.ts";
import { firstImage } from "#app/components/catalog/image-urls.ts";
import { JsonLd } from "#app/components/catalog/JsonLd.tsx";
import { ModelStrip, type ModelItem } from "#app/components/catalog/ModelStrip.tsx";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { ProductGallery } from "#app/components/catalog/ProductGallery.tsx";
import { ProductPrice } from "#app/components/catalog/ProductPrice.tsx";
import { productPagePrice } from "#app/components/catalog/product-price.server.ts";
import { ProductPurchase } from "#app/components/catalog/ProductPurchase.tsx";
import { ProductSafety } from "#app/components/catalog/ProductSafety.tsx";
import { categoryPath } from "#app/components/search/category-links.server.ts";
import { breadcrumbJsonLd } from "#app/components/search/search-seo.ts";
import { ONE_SIZE, type PageVariant } from "#app/components/catalog/variants.ts";
import { webContext } from "#app/context.ts";
import { formatEuros } from "#app/lib/format.ts";
import { errorMeta, priceText, productJsonLd, seoMeta, uploadUrl } from "#app/lib/seo.ts";
import { shopNameIn } from "#app/lib/shop.ts";
import type { Route } from "./+types/produto";

/**
 * Product page /produto/{id}. The loader reads the product, the
 * other products of its model, its sizes and its variants on the server; a failure of any of
 * the last three only empties that list, an unknown or hidden product is a 404.
 */

const INVALID_ID = "ID do produto inválido";
const NOT_FOUND = "Produto não encontrado";

const isNotFound = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { status?: unknown }).status === 404;

function settled<T>(result: PromiseSettledResult<T>, fallback: T, what: string): T {
  if (result.status === "fulfilled") return result.value;
  if (!isNotFound(result.reason)) console.error(`produto loader (${what}):`, result.reason);
  return fallback;
}

/**
 * The page's four reads, cached together by the catalogue service. Should one of them fail, they are
 * read one by one instead, so only that list is empty and the page still shows.
 */
async function readProductPage(catalog: CatalogService, id: number) {
  try {
    const page = await catalog.productPage(id);
    return {
      product: page.product,
      related: page.related,
      sizeRows: page.sizes,
      detail: page.detail as ApiStockDetail | null,
    };
  } catch (error) {
    if (isNotFound(error)) throw data(NOT_FOUND, { status: 404 });
  }
  const [productResult, relatedResult, sizesResult, detailResult] = await Promise.allSettled(
    catalog.productPageReads(id),
  );
  if (productResult.status === "rejected") {
    if (isNotFound(productResult.reason)) throw data(NOT_FOUND, { status: 404 });
    throw productResult.reason;
  }
  return {
    product: productResult.value,
    related: settled<ApiProduct[]>(relatedResult, [], "related"),
    sizeRows: settled<ApiSize[]>(sizesResult, [], "sizes"),
    detail: settled<ApiStockDetail | null>(detailResult, null, "stockDetail"),
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  if (id === null) throw data(INVALID_ID, { status: 400 });
  // One address per product: /produto/007 -> /produto/7.
  if (params.id !== String(id)) throw redirect(`/produto/${id}`, 301);

  const { services, publicUrl } = context.get(webContext);
  const { product, related, sizeRows, detail } = await readProductPage(services.catalog, id);
  // The price of now: an automatic promotion's reduction and the 30-day lowest price (issue 20).
  const shownPrice = await productPagePrice(services, product);

  const variants: PageVariant[] = (detail?.variants ?? []).map((v) => ({
    id: v.id,
    color: v.color_name ?? v.color,
    colorHex: v.color_hex,
    size: v.size_name ?? v.size,
    stock: v.stock,
  }));
  let sizes = [...new Set(sizeRows.map((s) => s.name || s.tamanho).filter(Boolean))];
  if (sizes.length === 0) {
    const fromVariants = [...new Set(variants.map((v) => v.size).filter((s): s is string => !!s))];
    sizes = fromVariants.length > 0 ? fromVariants : variants.length > 0 ? [ONE_SIZE] : [];
  }

  const model: ModelItem[] = [product, ...related]
    .map((p) => ({ id: p.id, name: p.name, image: firstImage(p.images) }))
    .sort((a, b) => a.id - b.id);

  return {
    publicUrl,
    // The breadcrumb's middle step: the product's category page.
    categoryHref: product.categoria ? categoryPath(product.categoria) : null,
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      price: product.price,
      images: product.images,
      categoria: product.categoria,
      // Total units over the variants (the stock the page sells from).
      stock: detail ? variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0) : product.quantidade,
      // 'Informação de segurança' (GPSR): the product's own values; ProductSafety fills in the shop's.
      safety: product.seguranca,
    },
    shownPrice,
    model,
    sizes,
    variants,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    if (status === 400) return errorMeta(INVALID_ID);
    if (status === 404) return errorMeta(NOT_FOUND, "Este produto não existe ou já não está disponível na loja.");
    return errorMeta("Algo deu errado.");
  }
  const { product, publicUrl } = loaderData;
  const image = product.images[0];
  return seoMeta({
    siteName: shopNameIn(matches),
    title: product.name,
    description: product.description || `${product.name} por ${formatEuros(product.price)}.`,
    publicUrl,
    path: `/produto/${product.id}`,
    image: image ? uploadUrl(publicUrl, image) : undefined,
    imageAlt: product.name,
    type: "product",
    extra: [
      { property: "product:price:amount", content: priceText(product.price) },
      { property: "product:price:currency", content: "EUR" },
      { property: "product:availability", content: product.stock > 0 ? "in stock" : "out of stock" },
    ],
  });
};

export default function Produto({ loaderData }: Route.ComponentProps) {
  const { product, model, sizes, variants, publicUrl, categoryHref, shownPrice } = loaderData;
  const inStock = product.stock > 0;
  const crumbs = [
    { name: "Início", path: "/" },
    ...(product.categoria && categoryHref ? [{ name: product.categoria, path: categoryHref }] : []),
    { name: product.name, path: `/produto/${product.id}` },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <JsonLd data={productJsonLd({ ...product, price: shownPrice.price, inStock }, publicUrl)} />
      <JsonLd data={breadcrumbJsonLd(crumbs, publicUrl)} />

      <nav aria-label="Navegação estrutural" className="text-sm">
        <ol className="flex min-w-0 items-center gap-1.5 text-gray-600">
          {crumbs.slice(0, -1).map((crumb) => (
            <Fragment key={crumb.path}>
              <li className="shrink-0">
                <Link to={crumb.path} className={`rounded-sm hover:text-gray-900 hover:underline ${focusRing}`}>
                  {crumb.name}
                </Link>
              </li>
              <li aria-hidden="true" className="shrink-0">
                <ChevronRight className="size-4 text-gray-400" />
              </li>
            </Fragment>
          ))}
          <li aria-current="page" className="min-w-0 truncate font-medium text-gray-900">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery key={product.id} images={product.images} name={product.name} />

        <div className="min-w-0 space-y-6">
          <div>
            {product.categoria && (
              <p className="text-sm font-medium tracking-wide text-brand-600 uppercase">{product.categoria}</p>
            )}
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-gray-900 sm:text-3xl">
              {product.name}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <ProductPrice priceLabel={shownPrice.priceLabel} reduction={shownPrice.reduction} />
              {/* Prices are IVA included, whatever the delivery region (decision 0013). */}
              <span className="text-sm text-gray-600">IVA incluído</span>
              {!inStock && (
                <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-700">Esgotado</span>
              )}
            </div>
          </div>

          {product.description && <p className="leading-7 whitespace-pre-line text-gray-700">{product.description}</p>}

          <ModelStrip items={model} currentId={product.id} />

          <ProductPurchase
            key={product.id}
            product={{ id: product.id, name: product.name, price: product.price, image: firstImage(product.images) }}
            sizes={sizes}
            variants={variants}
          />

          <ProductSafety safety={product.safety} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [code, title, text] =
    status === 400
      ? ["400", INVALID_ID, "O endereço deste produto não é válido. Verifique a ligação ou procure o artigo na loja."]
      : status === 404
        ? ["404", NOT_FOUND, "Este produto não existe ou já não está disponível na loja."]
        : [null, "Algo deu errado.", "Não foi possível mostrar este produto. Tente novamente dentro de momentos."];
  if (status >= 500) console.error(error);

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {code && <p className="text-6xl font-extrabold tracking-tight text-brand-500">{code}</p>}
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p className="text-gray-600">{text}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <Link
          to="/"
          className={`rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
        >
          Voltar à loja
        </Link>
        <Link
          to="/#artigos"
          className={`rounded-lg border border-gray-300 px-5 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50 ${focusRing}`}
        >
          Ver os artigos disponíveis
        </Link>
      </div>
    </div>
  );
}
