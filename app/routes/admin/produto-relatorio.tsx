import { ChevronLeft, ChevronRight, Eye, Pencil, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import {
  deleteProduct,
  PRODUCT_TEXT,
  type ApiColor,
  type ApiProduct,
  type ApiProductListItem,
} from "#app/components/admin/products/product-api.ts";
import {
  buttonClass,
  EmptyState,
  focusRing,
  ErrorPanel,
  LoadingState,
  PageHeader,
  Panel,
  TableWrap,
  tdClass,
  thClass,
  useApiData,
  useConfirm,
} from "#app/components/admin/ui.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { apiGet } from "#app/lib/api.ts";
import { formatEuros } from "#app/lib/format.ts";
import type { Route } from "./+types/produto-relatorio";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Relatório de Produtos | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 50;
/** Parallel detail requests for the products of a page that are not in the shop list. */
const DETAIL_CONCURRENCY = 6;

type Detail = Pick<ApiProduct, "quantidade" | "categoria" | "cor">;

const iconLink = `${focusRing} inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium`;

export default function Page() {
  const list = useApiData<ApiProductListItem[]>("/api/product/all", PRODUCT_TEXT.listLoadError);
  // Full rows of the products in the shop (one call); the others are fetched per page.
  const shop = useApiData<ApiProduct[]>("/api/product", PRODUCT_TEXT.listLoadError);
  const colors = useApiData<ApiColor[]>("/api/product/cores", "Erro ao carregar as cores.");
  const sizes = useApiData<Array<{ id: number; name: string }>>(
    "/api/product/tamanhos",
    "Erro ao carregar os tamanhos.",
  );
  const { confirm, dialog } = useConfirm();
  const [page, setPage] = useState(1);
  const [extra, setExtra] = useState<ReadonlyMap<number, Detail | null>>(new Map());
  const [deleting, setDeleting] = useState<number | null>(null);

  const details = useMemo(() => {
    const map = new Map<number, Detail | null>(extra);
    for (const p of shop.data ?? []) map.set(p.id, p);
    return map;
  }, [shop.data, extra]);

  const products = list.data ?? [];
  const pages = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = products.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  // Details of this page's products that GET /api/product did not include (out of the shop).
  const missing = shop.loading && !shop.data ? [] : rows.filter((p) => !details.has(p.id)).map((p) => p.id);
  const missingKey = missing.join(",");
  const requested = useRef(new Set<number>());
  useEffect(() => {
    const queue = missingKey
      ? missingKey
          .split(",")
          .map(Number)
          .filter((id) => !requested.current.has(id))
      : [];
    if (queue.length === 0) return;
    for (const id of queue) requested.current.add(id);
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        let detail: Detail | null = null;
        try {
          const response = await apiGet<ApiProduct>(`/api/product/${id}`);
          if (response.ok && response.data) detail = response.data;
        } catch {
          detail = null;
        }
        const value = detail;
        const productId = id;
        setExtra((m) => new Map(m).set(productId, value));
      }
    };
    void Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, worker));
  }, [missingKey]);

  const remove = async (product: ApiProductListItem) => {
    if (!(await confirm(PRODUCT_TEXT.deleteConfirm, "Eliminar"))) return;
    setDeleting(product.id);
    const result = await deleteProduct(product.id);
    setDeleting(null);
    if (result.ok) {
      toast.success(result.message);
    } else {
      toast.error(PRODUCT_TEXT.reportDeleteError, { description: result.message });
    }
    await list.reload();
  };

  const header = (
    <PageHeader
      title="Relatório de Produtos"
      description={list.data ? `${products.length} ${products.length === 1 ? "produto" : "produtos"}` : undefined}
    />
  );

  if (list.loading && !list.data) {
    return (
      <div>
        {header}
        <LoadingState label={PRODUCT_TEXT.loadingList} />
      </div>
    );
  }
  if (!list.data) {
    return (
      <div>
        {header}
        <ErrorPanel message={PRODUCT_TEXT.listLoadError} onRetry={() => window.location.reload()} />
      </div>
    );
  }

  const cell = (id: number, pick: (d: Detail) => string | number) => {
    if (!details.has(id)) return <span className="text-gray-700">…</span>;
    const d = details.get(id);
    if (!d) return "N/A";
    const value = pick(d);
    return value === "" ? "N/A" : value;
  };

  return (
    <div>
      {header}
      {dialog}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {products.length === 0 ? (
            <EmptyState message={PRODUCT_TEXT.noProducts} />
          ) : (
            <>
              <ResponsiveTable
                label="Produtos"
                rows={rows}
                rowKey={(p) => String(p.id)}
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
                    cell: (p) => cell(p.id, (d) => d.quantidade),
                  },
                  {
                    id: "category",
                    header: "Categoria",
                    width: "w-[13%]",
                    cell: (p) => cell(p.id, (d) => d.categoria ?? ""),
                  },
                  {
                    id: "color",
                    header: "Cor",
                    width: "w-[14%]",
                    cell: (p) => cell(p.id, (d) => d.cor.split(",").join(", ")),
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
              {pages > 1 && (
                <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-2">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={current <= 1}
                    onClick={() => setPage(current - 1)}
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" />
                    Anterior
                  </button>
                  <p className="text-sm text-gray-700" aria-live="polite">
                    Página {current} de {pages}
                  </p>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={current >= pages}
                    onClick={() => setPage(current + 1)}
                  >
                    Seguinte
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </button>
                </nav>
              )}
            </>
          )}
        </div>

        <Panel title="Tamanhos e cores">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-1">
            <TableWrap label="Tamanhos">
              <table className="min-w-full divide-y divide-gray-200">
                <thead className="bg-gray-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      Tamanhos
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {(sizes.data ?? []).map((s) => (
                    <tr key={s.id}>
                      <td className={tdClass}>{s.name}</td>
                    </tr>
                  ))}
                  {sizes.data?.length === 0 && (
                    <tr>
                      <td className={tdClass}>Nenhum tamanho</td>
                    </tr>
                  )}
                  {sizes.error && !sizes.data && (
                    <tr>
                      <td className={`${tdClass} text-red-700`}>{sizes.error}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </TableWrap>
            <TableWrap label="Cores">
              <table className="min-w-full divide-y divide-gray-200">
                <thead className="bg-gray-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      Cores
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {(colors.data ?? []).map((c) => (
                    <tr key={c.id}>
                      <td className={tdClass}>
                        <span className="inline-flex items-center gap-2">
                          {c.color_hex && (
                            <span
                              aria-hidden="true"
                              className="size-3.5 rounded-full border border-gray-300"
                              style={{ backgroundColor: c.color_hex }}
                            />
                          )}
                          {c.name}
                        </span>
                      </td>
                    </tr>
                  ))}
                  {colors.data?.length === 0 && (
                    <tr>
                      <td className={tdClass}>Nenhuma cor</td>
                    </tr>
                  )}
                  {colors.error && !colors.data && (
                    <tr>
                      <td className={`${tdClass} text-red-700`}>{colors.error}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </TableWrap>
          </div>
        </Panel>
      </div>
    </div>
  );
}
