import { PackagePlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { lowStockLevel } from "#app/components/admin/stock/ProductStockBadges.tsx";
import { ProductVariants } from "#app/components/admin/stock/ProductVariants.tsx";
import { type LowStockProduct, REASON_LOW_STOCK } from "#app/components/admin/stock/types.ts";
import {
  Badge,
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
import type { Route } from "./+types/stock-baixo";

// A route's meta replaces its parents', so noindex is repeated here.
export const meta: Route.MetaFunction = () => [
  { title: "Stock Baixo | Loja Admin" },
  { name: "robots", content: "noindex" },
];

/** Threshold choices of spec section 9; 10 is the default. */
const THRESHOLDS = [5, 10, 15] as const;
const DEFAULT_THRESHOLD = 10;

export default function Page() {
  const thresholdId = useId();
  const [threshold, setThreshold] = useState<number>(DEFAULT_THRESHOLD);
  const [restocking, setRestocking] = useState<number | null>(null);
  const variantsHeading = useRef<HTMLHeadingElement>(null);
  const list = useApiData<LowStockProduct[]>(
    `/api/stock/low-stock?threshold=${threshold}`,
    "Erro ao carregar os produtos com stock baixo",
  );

  useEffect(() => {
    if (restocking !== null) variantsHeading.current?.focus();
  }, [restocking]);

  const products = list.data ?? [];

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
              onChange={(e) => setThreshold(Number(e.target.value))}
              className={inputClass}
            >
              {THRESHOLDS.map((t) => (
                <option key={t} value={t}>
                  {t} unidades ou menos
                </option>
              ))}
            </select>
          </div>
          {list.data ? (
            <p className="text-sm text-gray-700" aria-live="polite">
              {products.length} produto(s) com stock igual ou inferior a {threshold}
            </p>
          ) : null}
        </div>

        {list.loading && !list.data ? <LoadingState /> : null}
        {list.error ? <ErrorPanel message={list.error} onRetry={() => void list.reload()} /> : null}
        {list.data && products.length === 0 && !list.error ? (
          <EmptyState message={`Nenhum produto com stock igual ou inferior a ${threshold}.`} />
        ) : null}
        {products.length > 0 ? (
          <ResponsiveTable
            label="Produtos com stock baixo"
            rows={products}
            rowKey={(p) => String(p.id)}
            busy={list.loading}
            rowClassName={(p) => (restocking === p.id ? "bg-brand-50" : undefined)}
            cardTitle={(p) => <h3 className="text-base font-semibold text-gray-900">{p.name}</h3>}
            columns={[
              {
                id: "name",
                header: "Produto",
                width: "w-[20%]",
                className: "font-medium",
                inCardTitle: true,
                cell: (p) => p.name,
              },
              { id: "category", header: "Categoria", width: "w-[13%]", cell: (p) => p.categoria || "—" },
              {
                id: "variants",
                header: "Variantes",
                width: "w-[10%]",
                className: "tabular-nums",
                cell: (p) => p.variantsCount,
              },
              {
                id: "total",
                header: "Stock Total",
                width: "w-[10%]",
                className: "tabular-nums",
                cell: (p) => p.totalStock,
              },
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
            actions={(p) => (
              <button
                type="button"
                className={`${buttonClass.primary} px-3 py-1.5`}
                onClick={() => setRestocking(p.id)}
                aria-pressed={restocking === p.id}
                aria-label={`Repor stock de ${p.name}`}
              >
                <PackagePlus aria-hidden="true" className="size-4" />
                Repor stock
              </button>
            )}
          />
        ) : null}
      </Panel>

      {restocking !== null ? (
        <ProductVariants
          key={restocking}
          ref={variantsHeading}
          productId={restocking}
          defaultReason={REASON_LOW_STOCK}
          onStockChanged={() => void list.reload()}
          onClose={() => setRestocking(null)}
        />
      ) : null}
    </div>
  );
}
