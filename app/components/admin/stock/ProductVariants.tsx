/**
 * One product's variants with their stock level, an edit action (the stock dialog) and each
 * variant's history. Shared by /gestao-stock (selected product) and /stock-baixo (restock).
 */
import { History, Pencil, X } from "lucide-react";
import { forwardRef, useState } from "react";
import { formatEuros } from "#app/lib/format.ts";
import { ResponsiveTable } from "../ResponsiveTable.tsx";
import {
  Badge,
  buttonClass,
  EmptyState,
  ErrorPanel,
  focusRing,
  LoadingState,
  Panel,
  stockLevel,
  useApiData,
} from "../ui.tsx";
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

function ColorDot({ hex }: { hex: string | null | undefined }) {
  return hex ? (
    <span
      aria-hidden="true"
      className="size-4 shrink-0 rounded-full border border-gray-300"
      style={{ backgroundColor: hex }}
    />
  ) : null;
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
          <button
            type="button"
            onClick={onClose}
            className={`${focusRing} rounded-md p-1 text-gray-700 hover:bg-gray-100`}
            aria-label="Fechar variantes"
          >
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
        <ResponsiveTable
          label={title}
          rows={data.variants}
          rowKey={(v) => String(v.id)}
          rowClassName={(v) => (historyFor?.id === v.id ? "bg-brand-50" : undefined)}
          cardTitle={(v) => (
            <>
              <h3 className="inline-flex items-center gap-2 text-base font-semibold text-gray-900">
                <ColorDot hex={v.color_hex} />
                {variantLabel(v)}
              </h3>
              <Badge className={stockLevel(v.stock).className}>{stockLevel(v.stock).label}</Badge>
            </>
          )}
          columns={[
            {
              id: "color",
              header: "Cor",
              width: "w-[16%]",
              inCardTitle: true,
              cell: (v) => (
                <span className="inline-flex items-center gap-2">
                  <ColorDot hex={v.color_hex} />
                  {v.color ?? "N/A"}
                </span>
              ),
            },
            { id: "size", header: "Tamanho", width: "w-[13%]", inCardTitle: true, cell: (v) => v.size ?? "N/A" },
            {
              id: "stock",
              header: "Stock",
              width: "w-[11%]",
              className: "font-semibold tabular-nums",
              cell: (v) => v.stock,
            },
            {
              id: "reserved",
              header: "Reservado",
              width: "w-[13%]",
              className: "tabular-nums",
              cell: (v) => v.reserved,
            },
            {
              id: "level",
              header: "Nível",
              width: "w-[15%]",
              inCardTitle: true,
              cell: (v) => <Badge className={stockLevel(v.stock).className}>{stockLevel(v.stock).label}</Badge>,
            },
          ]}
          actionsWidth="w-[32%]"
          actions={(v) => {
            const label = variantLabel(v);
            const showingHistory = historyFor?.id === v.id;
            return (
              <div className="flex flex-wrap gap-2">
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
            );
          }}
        />
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

      <StockEditDialog
        target={editing}
        defaultReason={defaultReason}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
    </Panel>
  );
});
