/**
 * One product's variants with their stock level, an edit action (the stock dialog) and each
 * variant's history. Shared by /gestao-stock (selected product) and /stock-baixo (restock).
 */
import { History, Pencil, X } from "lucide-react";
import { forwardRef, useState } from "react";
import { formatEuros } from "../../../lib/format.ts";
import { Badge, buttonClass, EmptyState, ErrorPanel, focusRing, LoadingState, Panel, stockLevel, TableWrap, tdClass, thClass, useApiData } from "../ui.tsx";
import { StockEditDialog, type StockEditTarget } from "./StockEditDialog.tsx";
import { StockHistory } from "./StockHistory.tsx";
import { type StockProductDetail, type StockUpdateAnswer, type StockVariant, variantLabel } from "./types.ts";

interface ProductVariantsProps {
  productId: number;
  /** 'Atualização manual' or 'Reposição de stock baixo'. */
  defaultReason: string;
  /** Called after a successful stock change (the page refreshes its summary or list). */
  onStockChanged?: (answer: StockUpdateAnswer) => void;
  onClose?: () => void;
}

/** The heading is focusable so the page can move focus here when a product is chosen. */
export const ProductVariants = forwardRef<HTMLHeadingElement, ProductVariantsProps>(function ProductVariants(
  { productId, defaultReason, onStockChanged, onClose },
  headingRef,
) {
  const { data, error, loading, reload } = useApiData<StockProductDetail>(
    `/api/stock/product/${productId}`,
    "Erro ao carregar os dados do produto.",
  );
  const [editing, setEditing] = useState<StockEditTarget | null>(null);
  const [historyFor, setHistoryFor] = useState<StockVariant | null>(null);
  const [historyKey, setHistoryKey] = useState(0);

  const saved = (answer: StockUpdateAnswer) => {
    void reload();
    setHistoryKey((k) => k + 1);
    // Show the changed variant's history, where the new movement now sits on top.
    const changed = data?.variants.find((v) => v.id === answer.variant.id);
    if (changed) setHistoryFor(changed);
    onStockChanged?.(answer);
  };

  const title = data ? `Variantes de ${data.name}` : "Variantes do produto";
  const historyId = `historico-${productId}`;

  return (
    <Panel className="mt-6">
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
            {title}
          </h2>
          {data ? (
            <p className="mt-1 text-sm text-gray-700">
              Preço {formatEuros(data.price)} · Stock total {data.totalStock} · {data.variantsCount} variante(s)
              {data.lowStockCount > 0 ? ` · ${data.lowStockCount} com stock baixo` : ""}
            </p>
          ) : null}
        </div>
        {onClose ? (
          <button type="button" onClick={onClose} className={`${focusRing} rounded-md p-1 text-gray-700 hover:bg-gray-100`} aria-label="Fechar variantes">
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>

      {loading && !data ? <LoadingState /> : null}
      {error && !data ? <ErrorPanel message={error} onRetry={() => void reload()} /> : null}
      {data && data.variants.length === 0 ? (
        <EmptyState message="Este produto ainda não tem stock por variante. Adicione variantes na página de edição do produto." />
      ) : null}

      {data && data.variants.length > 0 ? (
        <TableWrap label={title}>
          <table className="min-w-full divide-y divide-gray-200">
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={thClass}>Cor</th>
                <th scope="col" className={thClass}>Tamanho</th>
                <th scope="col" className={thClass}>Stock</th>
                <th scope="col" className={thClass}>Reservado</th>
                <th scope="col" className={thClass}>Nível</th>
                <th scope="col" className={thClass}>Ações</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {data.variants.map((v) => {
                const level = stockLevel(v.stock);
                const label = variantLabel(v);
                const showingHistory = historyFor?.id === v.id;
                return (
                  <tr key={v.id} className={showingHistory ? "bg-brand-50" : undefined}>
                    <td className={tdClass}>
                      <span className="inline-flex items-center gap-2">
                        {v.color_hex ? (
                          <span aria-hidden="true" className="size-4 rounded-full border border-gray-300" style={{ backgroundColor: v.color_hex }} />
                        ) : null}
                        {v.color ?? "N/A"}
                      </span>
                    </td>
                    <td className={tdClass}>{v.size ?? "N/A"}</td>
                    <td className={`${tdClass} font-semibold tabular-nums`}>{v.stock}</td>
                    <td className={`${tdClass} tabular-nums`}>{v.reserved}</td>
                    <td className={tdClass}>
                      <Badge className={level.className}>{level.label}</Badge>
                    </td>
                    <td className={tdClass}>
                      <div className="flex gap-2">
                        <button
                          type="button"
                          className={`${buttonClass.primary} px-3 py-1.5`}
                          onClick={() => setEditing({ productName: data.name, variant: v })}
                          aria-label={`Editar stock de ${label}`}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          Editar
                        </button>
                        <button
                          type="button"
                          className={`${buttonClass.secondary} px-3 py-1.5`}
                          onClick={() => setHistoryFor(showingHistory ? null : v)}
                          aria-expanded={showingHistory}
                          aria-controls={historyId}
                          aria-label={`Histórico de ${label}`}
                        >
                          <History aria-hidden="true" className="size-4" />
                          Histórico
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      ) : null}

      <div id={historyId}>
        {historyFor ? (
          <section className="mt-6" aria-labelledby={`${historyId}-title`}>
            <h3 id={`${historyId}-title`} className="mb-3 text-base font-semibold text-gray-900">
              Histórico — {variantLabel(historyFor)}
            </h3>
            <StockHistory key={historyFor.id} variantId={historyFor.id} refreshKey={historyKey} />
          </section>
        ) : null}
      </div>

      <StockEditDialog target={editing} defaultReason={defaultReason} onClose={() => setEditing(null)} onSaved={saved} />
    </Panel>
  );
});
