import { PackagePlus } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { Pagination, useScreenPending } from "#app/components/admin/Pagination.tsx";
import { screenErrorBoundary, submission } from "#app/components/admin/route-data.tsx";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { type StockEdit, stockAction } from "#app/components/admin/stock/actions.ts";
import { loadProductPanel } from "#app/components/admin/stock/product-panel.server.ts";
import { lowStockLevel } from "#app/components/admin/stock/ProductStockBadges.tsx";
import { useScreenParams } from "#app/components/admin/stock/panel-params.ts";
import { ProductPanel } from "#app/components/admin/stock/ProductVariants.tsx";
import { stockColumns, StockProductTable } from "#app/components/admin/stock/StockProductTable.tsx";
import { REASON_LOW_STOCK } from "#app/components/admin/stock/types.ts";
import {
  Badge,
  buttonClass,
  EmptyState,
  inputClass,
  labelClass,
  PageHeader,
  Panel,
} from "#app/components/admin/ui.tsx";
import { load, servicesOf } from "#app/lib/route-data.server.ts";
import { adminMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/stock-baixo";
import { lowStockQuery } from "./queries.server.ts";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => adminMeta("Stock Baixo");

/** The threshold choices; 10 is the default (the API's too). */
const THRESHOLDS = [5, 10, 15] as const;

const PAGE_SIZE = 20;

/**
 * /stock-baixo?threshold=N&search=…&page=N&product={id}&history={variantId}: a page of GET /api/stock/low-stock
 * (emptiest first) with the number of every match, and the chosen product's panel.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const query = searchQuery(request, lowStockQuery);
  const page = query.page ?? 1;
  const [products, panel] = await Promise.all([
    load(() =>
      services.stock.lowStockPage({ threshold: query.threshold, page, limit: PAGE_SIZE, search: query.search }),
    ),
    loadProductPanel(services, request),
  ]);
  return { threshold: query.threshold, page, products, panel };
}

/** The stock dialog's edit (components/admin/stock/actions.ts). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return stockAction(await submission<StockEdit>(request));
}

export const ErrorBoundary = screenErrorBoundary("Erro ao carregar os produtos com stock baixo");

/** /stock-baixo 'Stock Baixo': products with a variant at or under the threshold, restocked from their variants. */
export default function Page({ loaderData: { threshold, page, products, panel } }: Route.ComponentProps) {
  const thresholdId = useId();
  const { update } = useScreenParams();
  const pending = useScreenPending();

  const chooseThreshold = (value: string) => update({ threshold: value, page: null });

  return (
    <div>
      <PageHeader
        title="Stock Baixo"
        description="Produtos com pelo menos uma variante com stock igual ou inferior ao limite escolhido."
        actions={
          <Link to="/gestao-stock" className={buttonClass.secondary}>
            Gestão de Stock
          </Link>
        }
      />

      <Panel>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="w-full sm:w-56">
            <label htmlFor={thresholdId} className={labelClass}>
              Limite de stock
            </label>
            <select
              id={thresholdId}
              value={threshold}
              onChange={(e) => chooseThreshold(e.target.value)}
              className={inputClass}
            >
              {THRESHOLDS.map((t) => (
                <option key={t} value={t}>
                  {t} unidades ou menos
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-gray-700" aria-live="polite">
            {products.total} produto(s) com stock igual ou inferior a {threshold}
          </p>
        </div>

        <ListSearch label="Pesquisar produto" placeholder="Nome do produto" />

        {products.items.length === 0 ? (
          <EmptyState message={`Nenhum produto com stock igual ou inferior a ${threshold}.`} />
        ) : (
          <div aria-busy={pending} className={pending ? "opacity-60" : ""}>
            <StockProductTable
              label="Produtos com stock baixo"
              rows={products.items}
              columns={[
                stockColumns.name("w-[20%]"),
                stockColumns.category("w-[13%]"),
                stockColumns.variants("w-[10%]"),
                stockColumns.total("w-[10%]"),
                {
                  id: "min",
                  header: "Stock Mínimo",
                  width: "w-[11%]",
                  className: "tabular-nums",
                  cell: (p) => p.minStock,
                },
                {
                  id: "state",
                  header: "Estado",
                  width: "w-[18%]",
                  cell: (p) => {
                    const level = lowStockLevel(p.minStock, p.totalStock);
                    return (
                      <>
                        <Badge className={level.className}>{level.label}</Badge>
                        {level.detail ? <span className="ml-1 text-xs text-gray-700">{level.detail}</span> : null}
                      </>
                    );
                  },
                },
              ]}
              open={{
                text: "Repor stock",
                label: (name) => `Repor stock de ${name}`,
                className: buttonClass.primary,
                icon: PackagePlus,
              }}
            />
            <Pagination page={page} pageSize={PAGE_SIZE} total={products.total} label="Paginação dos produtos" />
          </div>
        )}
      </Panel>

      <ProductPanel panel={panel} defaultReason={REASON_LOW_STOCK} />
    </div>
  );
}
