import { AlertTriangle, Plus, Search } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.tsx";
import { AdminProductCard, CardBoundary } from "#app/components/admin/products/AdminProductCard.tsx";
import {
  deleteProduct,
  PRODUCT_LIST_REFRESH_MS,
  PRODUCT_TEXT,
  type ApiProductListItem,
} from "#app/components/admin/products/product-api.ts";
import {
  buttonClass,
  EmptyState,
  ErrorPanel,
  inputClass,
  LoadingState,
  PageHeader,
  useConfirm,
} from "#app/components/admin/ui.tsx";
import { apiGet, apiPut } from "#app/lib/api.ts";
import type { Route } from "./+types/produtos";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Gestão de Produtos | Loja Admin" },
  { name: "robots", content: "noindex" },
];

/** Cards rendered per step, so a catalogue of 10 000 products never renders at once. */
const PAGE_SIZE = 30;

function sameList(a: readonly ApiProductListItem[], b: readonly ApiProductListItem[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.id !== y.id || x.status !== y.status || x.name !== y.name || x.price !== y.price || x.image !== y.image) {
      return false;
    }
  }
  return true;
}

/** GET /api/product/all; the browser revalidates with the ETag, so an unchanged list costs a 304. */
async function fetchList(): Promise<ApiProductListItem[] | null> {
  const response = await apiGet<unknown>("/api/product/all");
  if (!response.ok || !Array.isArray(response.data)) return null;
  return response.data.filter(
    (p): p is ApiProductListItem => !!p && typeof p === "object" && typeof (p as ApiProductListItem).id === "number",
  );
}

export default function Page() {
  const [products, setProducts] = useState<ApiProductListItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [visible, setVisible] = useState(PAGE_SIZE);
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const { confirm, dialog } = useConfirm();
  const refreshing = useRef(false);
  const loaded = useRef(false);

  /** Fetches the list; the first failure is the error panel, later ones a toast. */
  const refresh = useCallback(async (initial: boolean) => {
    if (refreshing.current && !initial) return;
    refreshing.current = true;
    try {
      const list = await fetchList().catch(() => null);
      if (list === null) {
        if (initial || !loaded.current) setLoadFailed(true);
        else toast.error(PRODUCT_TEXT.listRefreshError, { id: "products-refresh" });
        return;
      }
      loaded.current = true;
      setLoadFailed(false);
      setProducts((current) => (current && sameList(current, list) ? current : list));
    } finally {
      refreshing.current = false;
    }
  }, []);

  useEffect(() => {
    void refresh(true);
    const timer = window.setInterval(() => {
      if (document.visibilityState !== "hidden") void refresh(false);
    }, PRODUCT_LIST_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const setItemBusy = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const setStatus = async (product: ApiProductListItem, status: 0 | 1) => {
    const path = status === 1 ? `/api/product/status/${product.id}` : `/api/product/editstatus/${product.id}`;
    setItemBusy(product.id, true);
    try {
      const response = await apiPut<{ status?: number }>(path).catch(() => null);
      if (!response?.ok) {
        toast.error(status === 1 ? PRODUCT_TEXT.addError : PRODUCT_TEXT.removeError);
        return;
      }
      const newStatus = typeof response.data?.status === "number" ? response.data.status : status;
      toast.success(status === 1 ? `${product.name} Adicionado a loja` : `${product.name} Retirado da loja`);
      setProducts((current) => current?.map((p) => (p.id === product.id ? { ...p, status: newStatus } : p)) ?? current);
      void refresh(false);
    } finally {
      setItemBusy(product.id, false);
    }
  };

  const remove = async (product: ApiProductListItem) => {
    if (!(await confirm(PRODUCT_TEXT.deleteConfirm, "Eliminar"))) return;
    setItemBusy(product.id, true);
    const result = await deleteProduct(product.id);
    setItemBusy(product.id, false);
    if (result.ok) {
      toast.success(result.message);
      setProducts((current) => current?.filter((p) => p.id !== product.id) ?? current);
    } else {
      toast.error(result.message);
    }
    // The list is reloaded after a deletion (spec section 4), whatever the outcome.
    void refresh(false);
  };

  const filtered = useMemo(() => {
    if (!products) return [];
    const q = query.trim().toLocaleLowerCase("pt-PT");
    return q ? products.filter((p) => p.name.toLocaleLowerCase("pt-PT").includes(q)) : products;
  }, [products, query]);

  const header = (
    <PageHeader
      title="Gestão de Produtos"
      description={
        products
          ? `${products.length} ${products.length === 1 ? "produto encontrado" : "produtos encontrados"}`
          : undefined
      }
      actions={
        <Link to="/produtos/criar" className={buttonClass.primary}>
          <Plus aria-hidden="true" className="size-4" />
          Criar Produto
        </Link>
      }
    />
  );

  if (loadFailed && !products) {
    return (
      <div>
        {header}
        <ErrorPanel message={PRODUCT_TEXT.listLoadError} onRetry={() => window.location.reload()} />
      </div>
    );
  }
  if (!products) {
    return (
      <div>
        {header}
        <LoadingState label={PRODUCT_TEXT.loadingList} />
      </div>
    );
  }

  const allOut = products.length > 0 && products.every((p) => p.status === 0);
  const shown = filtered.slice(0, visible);

  return (
    <div>
      {header}
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
                onChange={(e) => {
                  setQuery(e.target.value);
                  setVisible(PAGE_SIZE);
                }}
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
                    <AdminProductCard
                      product={product}
                      busy={busy.has(product.id)}
                      onAdd={(p) => void setStatus(p, 1)}
                      onRemove={(p) => void setStatus(p, 0)}
                      onDelete={(p) => void remove(p)}
                    />
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
              <button type="button" className={buttonClass.secondary} onClick={() => setVisible((v) => v + PAGE_SIZE)}>
                Mostrar mais
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
