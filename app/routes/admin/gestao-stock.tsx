import { Search } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import type { StockSummary } from "#server/modules/inventory/schemas.ts";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { type StockEdit, stockAction } from "#app/components/admin/stock/actions.ts";
import { loadProductPanel } from "#app/components/admin/stock/product-panel.server.ts";
import { useScreenParams } from "#app/components/admin/stock/panel-params.ts";
import { ProductPanel } from "#app/components/admin/stock/ProductVariants.tsx";
import { ProductStockBadges } from "#app/components/admin/stock/ProductStockBadges.tsx";
import { stockColumns, StockProductTable } from "#app/components/admin/stock/StockProductTable.tsx";
import { REASON_MANUAL } from "#app/components/admin/stock/types.ts";
import { buttonClass, EmptyState, inputClass, labelClass, PageHeader, Panel } from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/gestao-stock";
import { stockProductsQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Gestão de Stock");

const PAGE_SIZE = 20;

/**
 * /gestao-stock?search=…&page=N&product={id}&history={variantId}: the stock summary
 * (GET /api/stock/summary), a page of products (GET /api/stock/products) and the chosen product's panel.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const query = { ...searchQuery(request, stockProductsQuery), limit: PAGE_SIZE };
  const [summary, products, panel] = await Promise.all([
    load(() => services.stock.summary()),
    load(() => services.stock.listProducts(query)),
    loadProductPanel(services, request),
  ]);
  return { summary, page: query.page, search: query.search ?? "", products, panel };
}

/** The stock dialog's edit (components/admin/stock/actions.ts). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return stockAction(await submission<StockEdit>(request));
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar o resumo de stock");

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

function SummaryCards({ summary }: { summary: StockSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SUMMARY_CARDS.map((card) => (
        <div key={card.key} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium text-gray-700 sm:text-sm">{card.label}</dt>
          <dd className={`mt-1 text-2xl font-bold tabular-nums ${card.tone}`}>{summary[card.key]}</dd>
          <dd className="text-xs text-gray-700">{card.counts}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Pesquisar produto': searches as the admin types, once they pause; a new search starts at page 1. */
function ProductSearch({ search }: { search: string }) {
  const searchId = useId();
  const { update } = useScreenParams();
  // The timer calls the latest update, which starts from the params wanted by then (a product chosen meanwhile stays).
  const latest = useRef(update);
  useEffect(() => {
    latest.current = update;
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const typed = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => latest.current({ search: text.trim() || null, page: null }, { replace: true }),
      300,
    );
  };

  return (
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
          defaultValue={search}
          onChange={(e) => typed(e.target.value)}
          placeholder="Nome do produto"
          className={`${inputClass} pl-9`}
          autoComplete="off"
        />
      </div>
    </form>
  );
}

/** /gestao-stock 'Gestão de Stock': the summary, the products with their stock, a product's variants. */
export default function Page({ loaderData: { summary, page, search, products, panel } }: Route.ComponentProps) {
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
        <ProductSearch search={search} />

        {products.items.length === 0 ? (
          <EmptyState message="Nenhum produto encontrado" />
        ) : (
          <>
            <p className="mb-2 text-sm text-gray-700" aria-live="polite">
              {products.total} produto(s) encontrado(s)
            </p>
            <StockProductTable
              label="Produtos e stock"
              rows={products.items}
              columns={[
                stockColumns.name("w-[22%]"),
                stockColumns.category("w-[14%]"),
                stockColumns.total("w-[11%]"),
                stockColumns.variants("w-[11%]"),
                { id: "state", header: "Estado", width: "w-[24%]", cell: (p) => <ProductStockBadges product={p} /> },
              ]}
              open={{
                text: "Ver variantes",
                label: (name) => `Ver variantes de ${name}`,
                className: buttonClass.secondary,
              }}
            />
            <Pagination page={page} pageSize={PAGE_SIZE} total={products.total} label="Paginação dos produtos" />
          </>
        )}
      </Panel>

      <ProductPanel panel={panel} defaultReason={REASON_MANUAL} />
    </div>
  );
}
