import { AlertTriangle, Plus } from "lucide-react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { AdminProductCard, CardBoundary } from "#app/components/admin/products/AdminProductCard.tsx";
import { GRID_PAGE_SIZE, SEARCH_PARAM } from "#app/components/admin/products/grid.ts";
import { refreshedOrKept, useTimedRefresh } from "#app/components/admin/products/grid-refresh.ts";
import { type CardChange, changeProduct } from "#app/components/admin/products/product-actions.ts";
import { PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { Pagination, pageParam, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { buttonClass, EmptyState, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produtos";
import { adminProductsQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Gestão de Produtos");

/**
 * /produtos?pesquisa=…&page=N: one page of the products, newest first, each with its stock (the call of
 * GET /api/product/admin): the page's cards only, never the whole catalogue.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { search } = searchQuery(request, adminProductsQuery.pick({ search: true }), { search: SEARCH_PARAM });
  const page = pageParam(params);
  const { stock } = servicesOf(context);
  const { items, total, inShop } = await load(() => stock.adminProducts({ page, limit: GRID_PAGE_SIZE, search }));
  return { products: items, total, inShop, page, search: search ?? "" };
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

/** /produtos 'Gestão de Produtos': a page of the products' grid, refreshed every 5 seconds. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { products, total, inShop, page, search } = loaderData;
  useTimedRefresh(loaderData);
  const pending = useScreenPending();
  const { confirm, dialog } = useConfirm();
  const allOut = total > 0 && !inShop;

  return (
    <div>
      <PageHeader
        title="Gestão de Produtos"
        description={`${total} ${total === 1 ? "produto encontrado" : "produtos encontrados"}`}
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
      {total === 0 && !search ? (
        <EmptyState message={PRODUCT_TEXT.noProducts}>
          <Link to="/produtos/criar" className={`${buttonClass.primary} mt-4`}>
            Criar Produto
          </Link>
        </EmptyState>
      ) : (
        <>
          <ListSearch
            label="Pesquisar produtos"
            placeholder="Pesquisar por nome"
            param={SEARCH_PARAM}
            className="mb-4 max-w-sm"
          />
          {products.length === 0 ? (
            <EmptyState message={PRODUCT_TEXT.noProducts} />
          ) : (
            <ul
              className={`grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 ${pending ? "opacity-60" : ""}`}
              aria-label="Produtos"
              aria-busy={pending}
            >
              {products.map((product) => (
                <li key={product.id}>
                  <CardBoundary>
                    <AdminProductCard product={product} stock={{ total: product.totalStock }} confirm={confirm} />
                  </CardBoundary>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pageSize={GRID_PAGE_SIZE} total={total} label="Paginação dos produtos" />
        </>
      )}
    </div>
  );
}
