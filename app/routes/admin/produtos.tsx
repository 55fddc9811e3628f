import { AlertTriangle, Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { AdminProductCard, CardBoundary } from "#app/components/admin/products/AdminProductCard.tsx";
import {
  filterProducts,
  GRID_STEP,
  SEARCH_PARAM,
  SHOWN_PARAM,
  shownCount,
} from "#app/components/admin/products/grid.ts";
import { refreshedOrKept, useTimedRefresh } from "#app/components/admin/products/grid-refresh.ts";
import { type CardChange, changeProduct } from "#app/components/admin/products/product-actions.ts";
import { PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import { adminProductList, cardStocks } from "#app/components/admin/products/product-data.server.ts";
import { screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { buttonClass, EmptyState, inputClass, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Gestão de Produtos");

/** GET /api/product/all (as the admin), and the stock of each card the URL's search and count show. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { catalog } = servicesOf(context);
  return load(async () => {
    const products = await adminProductList(catalog);
    const shown = filterProducts(products, params.get(SEARCH_PARAM) ?? "").slice(0, shownCount(params));
    return {
      products,
      stock: await cardStocks(
        catalog,
        shown.map((p) => p.id),
      ),
    };
  });
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return refreshedOrKept(serverLoader);
}

/** A card's change; the toast is shown here, since a deleted product's card is gone when its fetcher settles. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const result = await changeProduct(await submission<CardChange>(request));
  if (result.ok) toast.success(result.message ?? "Produto eliminado com sucesso!");
  else toast.error(result.message ?? PRODUCT_TEXT.connection);
  return result;
}

export const ErrorBoundary = screenErrorBoundary(PRODUCT_TEXT.listLoadError);

/** /produtos 'Gestão de Produtos': the grid of every product, refreshed every 5 seconds. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { products, stock } = loaderData;
  useTimedRefresh(loaderData);
  const [params, setParams] = useSearchParams();
  // The input answers at once; the URL (hence the loader, for the shown cards' stock) follows.
  const [query, setQuery] = useState(() => params.get(SEARCH_PARAM) ?? "");
  const visible = shownCount(params);
  const { confirm, dialog } = useConfirm();

  const filtered = useMemo(() => filterProducts(products, query), [products, query]);
  const shown = filtered.slice(0, visible);
  const allOut = products.length > 0 && products.every((p) => p.status === 0);

  const search = (value: string) => {
    setQuery(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set(SEARCH_PARAM, value);
    else next.delete(SEARCH_PARAM);
    next.delete(SHOWN_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const more = new URLSearchParams(params);
  more.set(SHOWN_PARAM, String(visible + GRID_STEP));

  return (
    <div>
      <PageHeader
        title="Gestão de Produtos"
        description={`${products.length} ${products.length === 1 ? "produto encontrado" : "produtos encontrados"}`}
        actions={
          <Link to="/produtos/criar" className={buttonClass.primary}>
            <Plus aria-hidden="true" className="size-4" />
            Criar Produto
          </Link>
        }
      />
      {dialog}
      {allOut && (
        <div
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-4 font-medium text-yellow-900"
        >
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          {PRODUCT_TEXT.emptyShop}
        </div>
      )}
      {products.length === 0 ? (
        <EmptyState message={PRODUCT_TEXT.noProducts}>
          <Link to="/produtos/criar" className={`${buttonClass.primary} mt-4`}>
            Criar Produto
          </Link>
        </EmptyState>
      ) : (
        <>
          <div className="mb-4 max-w-sm">
            <label htmlFor="product-search" className="sr-only">
              Pesquisar produtos
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-600"
              />
              <input
                id="product-search"
                type="search"
                value={query}
                onChange={(e) => search(e.target.value)}
                placeholder="Pesquisar por nome"
                className={`${inputClass} pl-9`}
              />
            </div>
          </div>
          {filtered.length === 0 ? (
            <EmptyState message={PRODUCT_TEXT.noProducts} />
          ) : (
            <ul
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
              aria-label="Produtos"
            >
              {shown.map((product) => (
                <li key={product.id}>
                  <CardBoundary>
                    <AdminProductCard product={product} stock={stock[product.id]} confirm={confirm} />
                  </CardBoundary>
                </li>
              ))}
            </ul>
          )}
          {filtered.length > shown.length && (
            <div className="mt-6 flex flex-col items-center gap-2">
              <p className="text-sm text-gray-700">
                A mostrar {shown.length} de {filtered.length}
              </p>
              <Link to={`?${more}`} replace preventScrollReset className={buttonClass.secondary}>
                Mostrar mais
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}
