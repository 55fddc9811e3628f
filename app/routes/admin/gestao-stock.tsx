import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Pagination, usePagedData } from "#app/components/admin/orders/paging.tsx";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { ProductStockBadges } from "#app/components/admin/stock/ProductStockBadges.tsx";
import { ProductVariants } from "#app/components/admin/stock/ProductVariants.tsx";
import { REASON_MANUAL, type StockProductItem, type StockSummary } from "#app/components/admin/stock/types.ts";
import {
  buttonClass,
  EmptyState,
  ErrorPanel,
  inputClass,
  labelClass,
  LoadingState,
  PageHeader,
  Panel,
  useApiData,
} from "#app/components/admin/ui.tsx";
import type { Route } from "./+types/gestao-stock";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Gestão de Stock | Loja Admin" },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 20;

/** Each card says what it counts (products, variants or units) under its figure. */
const SUMMARY_CARDS: ReadonlyArray<{ key: keyof StockSummary; label: string; counts: string; tone: string }> = [
  { key: "totalProducts", label: "Total Produtos", counts: "produtos", tone: "text-gray-900" },
  { key: "totalVariants", label: "Total Variantes", counts: "variantes", tone: "text-gray-900" },
  { key: "totalStock", label: "Stock Total", counts: "unidades", tone: "text-gray-900" },
  { key: "outOfStock", label: "Sem Stock", counts: "produtos sem unidades", tone: "text-red-800" },
  { key: "variantsOutOfStock", label: "Variantes sem stock", counts: "variantes com 0 unidades", tone: "text-red-800" },
  { key: "lowStock", label: "Stock Baixo", counts: "produtos com variantes de 1 a 10", tone: "text-yellow-900" },
  { key: "colorsAvailable", label: "Cores Disponíveis", counts: "cores com stock", tone: "text-gray-900" },
  { key: "sizesAvailable", label: "Tamanhos Disponíveis", counts: "tamanhos com stock", tone: "text-gray-900" },
];

function SummaryCards({ summary }: { summary: ReturnType<typeof useApiData<StockSummary>> }) {
  if (summary.loading && !summary.data) return <LoadingState label="Carregando resumo de stock..." />;
  if (summary.error && !summary.data)
    return <ErrorPanel message={summary.error} onRetry={() => void summary.reload()} />;
  if (!summary.data) return null;
  const data = summary.data;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SUMMARY_CARDS.map((card) => (
        <div key={card.key} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium text-gray-700 sm:text-sm">{card.label}</dt>
          <dd className={`mt-1 text-2xl font-bold tabular-nums ${card.tone}`}>{data[card.key]}</dd>
          <dd className="text-xs text-gray-700">{card.counts}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Page() {
  const searchId = useId();
  const summary = useApiData<StockSummary>("/api/stock/summary", "Erro ao carregar o resumo de stock");
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const variantsHeading = useRef<HTMLHeadingElement>(null);

  // Search as the admin types, once they pause; a new search starts at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search) query.set("search", search);
  const products = usePagedData<StockProductItem>(`/api/stock/products?${query}`, "Erro ao carregar os produtos");

  // Move focus to the chosen product's variants (keyboard and screen-reader users land there).
  useEffect(() => {
    if (selected !== null) variantsHeading.current?.focus();
  }, [selected]);

  const stockChanged = () => {
    void summary.reload();
    void products.reload();
  };

  return (
    <div>
      <PageHeader
        title="Gestão de Stock"
        description="Resumo do stock, produtos e variantes."
        actions={
          <Link to="/stock-baixo" className={buttonClass.secondary}>
            Ver Stock Baixo
          </Link>
        }
      />

      <section aria-label="Resumo de stock" className="mb-6">
        <SummaryCards summary={summary} />
      </section>

      <Panel title="Produtos">
        <form role="search" onSubmit={(e) => e.preventDefault()} className="mb-4 max-w-md">
          <label htmlFor={searchId} className={labelClass}>
            Pesquisar produto
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-600"
            />
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Nome do produto"
              className={`${inputClass} pl-9`}
              autoComplete="off"
            />
          </div>
        </form>

        {products.loading && !products.items ? <LoadingState /> : null}
        {products.error ? <ErrorPanel message={products.error} onRetry={() => void products.reload()} /> : null}
        {products.items && products.items.length === 0 && !products.error ? (
          <EmptyState message="Nenhum produto encontrado" />
        ) : null}
        {products.items && products.items.length > 0 ? (
          <>
            <p className="mb-2 text-sm text-gray-700" aria-live="polite">
              {products.total} produto(s) encontrado(s)
            </p>
            <ResponsiveTable
              label="Produtos e stock"
              rows={products.items}
              rowKey={(p) => String(p.id)}
              busy={products.loading}
              rowClassName={(p) => (selected === p.id ? "bg-brand-50" : undefined)}
              cardTitle={(p) => <h3 className="text-base font-semibold text-gray-900">{p.name}</h3>}
              columns={[
                {
                  id: "name",
                  header: "Produto",
                  width: "w-[22%]",
                  className: "font-medium",
                  inCardTitle: true,
                  cell: (p) => p.name,
                },
                { id: "category", header: "Categoria", width: "w-[14%]", cell: (p) => p.categoria || "—" },
                {
                  id: "total",
                  header: "Stock Total",
                  width: "w-[11%]",
                  className: "tabular-nums",
                  cell: (p) => p.totalStock,
                },
                {
                  id: "variants",
                  header: "Variantes",
                  width: "w-[11%]",
                  className: "tabular-nums",
                  cell: (p) => p.variantsCount,
                },
                { id: "state", header: "Estado", width: "w-[24%]", cell: (p) => <ProductStockBadges product={p} /> },
              ]}
              actions={(p) => (
                <button
                  type="button"
                  className={`${buttonClass.secondary} px-3 py-1.5`}
                  onClick={() => setSelected(p.id)}
                  aria-pressed={selected === p.id}
                  aria-label={`Ver variantes de ${p.name}`}
                >
                  Ver variantes
                </button>
              )}
            />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={products.total}
              onPageChange={setPage}
              label="Paginação dos produtos"
              disabled={products.loading}
            />
          </>
        ) : null}
      </Panel>

      {selected !== null ? (
        <ProductVariants
          key={selected}
          ref={variantsHeading}
          productId={selected}
          defaultReason={REASON_MANUAL}
          onStockChanged={stockChanged}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </div>
  );
}
