import { PackagePlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { lowStockLevel } from "../../components/admin/stock/ProductStockBadges.tsx";
import { ProductVariants } from "../../components/admin/stock/ProductVariants.tsx";
import { type LowStockProduct, REASON_LOW_STOCK } from "../../components/admin/stock/types.ts";
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
  TableWrap,
  tdClass,
  thClass,
  useApiData,
} from "../../components/admin/ui.tsx";
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
  const list = useApiData<LowStockProduct[]>(`/api/stock/low-stock?threshold=${threshold}`, "Erro ao carregar os produtos com stock baixo");

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
          <TableWrap label="Produtos com stock baixo">
            <table className="min-w-full divide-y divide-gray-200" aria-busy={list.loading}>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={thClass}>Produto</th>
                  <th scope="col" className={thClass}>Categoria</th>
                  <th scope="col" className={thClass}>Variantes</th>
                  <th scope="col" className={thClass}>Stock Total</th>
                  <th scope="col" className={thClass}>Stock Mínimo</th>
                  <th scope="col" className={thClass}>Estado</th>
                  <th scope="col" className={thClass}>Ações</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {products.map((p) => {
                  const level = lowStockLevel(p.minStock, p.totalStock);
                  return (
                    <tr key={p.id} className={restocking === p.id ? "bg-brand-50" : undefined}>
                      <td className={`${tdClass} font-medium`}>{p.name}</td>
                      <td className={tdClass}>{p.categoria || "—"}</td>
                      <td className={`${tdClass} tabular-nums`}>{p.variantsCount}</td>
                      <td className={`${tdClass} tabular-nums`}>{p.totalStock}</td>
                      <td className={`${tdClass} tabular-nums`}>{p.minStock}</td>
                      <td className={tdClass}>
                        <Badge className={level.className}>{level.label}</Badge>
                        {level.detail ? <span className="ml-1 text-xs text-gray-700">{level.detail}</span> : null}
                      </td>
                      <td className={tdClass}>
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
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
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
