import { Eye, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import type { ApiColor } from "#server/modules/catalog/schemas.ts";
import type { AdminProductItem } from "#server/modules/inventory/schemas.ts";
import { Pagination, pageParam, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { PRODUCT_TEXT } from "#app/components/admin/products/product-api.ts";
import { changeProduct } from "#app/components/admin/products/product-actions.ts";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import {
  type ActionResult,
  screenErrorBoundary,
  submission,
  useFetcherToast,
} from "#app/components/admin/route-data.tsx";
import {
  EmptyState,
  focusRing,
  PageHeader,
  Panel,
  TableWrap,
  tdClass,
  thClass,
  useConfirm,
} from "#app/components/admin/ui.tsx";
import { formatEuros } from "#app/lib/format.ts";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/produto-relatorio";
import { adminProductsQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Relatório de Produtos");

// 25 rows (each drawn as a table row and as a phone card) keep the page near 180 KB of HTML.
const PAGE_SIZE = 25;

/**
 * /produto/relatorio?search=…&page=N: a page of 25 products (newest first) with their stock, category and colours
 * (GET /api/product/admin's call), and the sizes and colours beside.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog, stock } = servicesOf(context);
  const { search } = searchQuery(request, adminProductsQuery.pick({ search: true }));
  const page = pageParam(new URL(request.url).searchParams);
  const [products, colors, sizes] = await Promise.all([
    load(() => stock.adminProducts({ page, limit: PAGE_SIZE, search })),
    load(() => catalog.listColors()),
    load(() => catalog.listSizes()),
  ]);
  return { total: products.total, page, rows: products.items, colors, sizes };
}

/** A row's 'Eliminar' (the products grid's delete, components/admin/products/product-actions.ts). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { id } = await submission<{ id: number }>(request);
  return changeProduct({ intent: "delete", id });
}

export const ErrorBoundary = screenErrorBoundary(PRODUCT_TEXT.listLoadError);

const iconLink = `${focusRing} inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium`;

/** A one-column list table of the side panel ('Tamanhos', 'Cores'). */
function NameTable<T extends { id: number }>({
  title,
  rows,
  empty,
  cell,
}: {
  title: string;
  rows: T[];
  empty: string;
  cell: (row: T) => ReactNode;
}) {
  return (
    <TableWrap label={title}>
      <table className="min-w-full divide-y divide-gray-200">
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={thClass}>
              {title}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={tdClass}>{cell(row)}</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td className={tdClass}>{empty}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </TableWrap>
  );
}

function ColorName({ color }: { color: ApiColor }) {
  return (
    <span className="inline-flex items-center gap-2">
      {color.color_hex ? (
        <span
          aria-hidden="true"
          className="size-3.5 rounded-full border border-gray-300"
          style={{ backgroundColor: color.color_hex }}
        />
      ) : null}
      {color.name}
    </span>
  );
}

/** /produto/relatorio 'Relatório de Produtos': the products a page at a time with its stock, category and colours; sizes and colours beside. */
export default function Page({ loaderData: { total, page, rows, colors, sizes } }: Route.ComponentProps) {
  const pending = useScreenPending();
  const { confirm, dialog } = useConfirm();
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher, { success: "Produto eliminado com sucesso!", failure: PRODUCT_TEXT.reportDeleteError });
  const deleting = fetcher.state !== "idle" ? (fetcher.json as { id?: number } | undefined)?.id : undefined;

  const remove = async (product: AdminProductItem) => {
    if (!(await confirm(PRODUCT_TEXT.deleteConfirm, "Eliminar"))) return;
    void fetcher.submit({ id: product.id }, { method: "post", encType: "application/json" });
  };

  const orNa = (value: string | number | null) => (value === null || value === "" ? "N/A" : value);

  return (
    <div>
      <PageHeader title="Relatório de Produtos" description={`${total} ${total === 1 ? "produto" : "produtos"}`} />
      {dialog}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <ListSearch label="Pesquisar produtos" placeholder="Nome do produto" />
          {total === 0 ? (
            <EmptyState message={PRODUCT_TEXT.noProducts} />
          ) : (
            <>
              <ResponsiveTable
                label="Produtos"
                rows={rows}
                rowKey={(p) => String(p.id)}
                busy={pending}
                // h2: the cards sit right under the page's h1.
                cardTitle={(p) => <h2 className="text-base font-semibold break-words text-gray-900">{p.name}</h2>}
                columns={[
                  {
                    id: "name",
                    header: "Nome",
                    width: "w-[24%]",
                    className: "font-medium",
                    inCardTitle: true,
                    cell: (p) => p.name,
                  },
                  {
                    id: "price",
                    header: "Preço",
                    width: "w-[11%]",
                    className: "tabular-nums",
                    cell: (p) => formatEuros(p.price),
                  },
                  {
                    id: "quantity",
                    header: "Quantidade",
                    width: "w-[12%]",
                    className: "tabular-nums",
                    cell: (p) => p.totalStock,
                  },
                  {
                    id: "category",
                    header: "Categoria",
                    width: "w-[13%]",
                    cell: (p) => orNa(p.categoria),
                  },
                  {
                    id: "color",
                    header: "Cor",
                    width: "w-[14%]",
                    cell: (p) => orNa(p.cor.split(",").join(", ")),
                  },
                ]}
                actionsWidth="w-[26%]"
                actions={(p) => (
                  <div className="flex flex-wrap gap-1">
                    <Link
                      to={`/produto/ver/${p.id}`}
                      aria-label={`Ver ${p.name}`}
                      className={`${iconLink} text-blue-800 hover:bg-blue-50`}
                    >
                      <Eye aria-hidden="true" className="size-4" />
                      Ver
                    </Link>
                    <Link
                      to={`/produtos/editar/${p.id}`}
                      aria-label={`Editar ${p.name}`}
                      className={`${iconLink} text-brand-700 hover:bg-brand-50`}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Editar
                    </Link>
                    <button
                      type="button"
                      disabled={deleting === p.id}
                      onClick={() => void remove(p)}
                      aria-label={`Eliminar ${p.name}`}
                      className={`${iconLink} text-red-700 hover:bg-red-50 disabled:opacity-60`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Eliminar
                    </button>
                  </div>
                )}
              />
              <Pagination page={page} pageSize={PAGE_SIZE} total={total} label="Paginação" />
            </>
          )}
        </div>

        <Panel title="Tamanhos e cores">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-1">
            <NameTable title="Tamanhos" rows={sizes} empty="Nenhum tamanho" cell={(s) => s.name} />
            <NameTable title="Cores" rows={colors} empty="Nenhuma cor" cell={(c) => <ColorName color={c} />} />
          </div>
        </Panel>
      </div>
    </div>
  );
}
