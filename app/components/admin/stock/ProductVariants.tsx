/**
 * One product's variants with their stock level, an edit action (the stock dialog) and each
 * variant's history. Shared by /gestao-stock (selected product) and /stock-baixo (restock); the
 * screen's loader reads them (product-panel.server.ts) from `?product={id}&history={variantId}`.
 */
import { History, Pencil, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { StockMovement } from "#server/modules/inventory/schemas.ts";
import { formatEuros } from "#app/lib/format.ts";
import { ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import {
  Badge,
  buttonClass,
  EmptyState,
  focusRing,
  LoadingState,
  Panel,
  stockLevel,
} from "#app/components/admin/ui.tsx";
import { type PanelChanges, usePanelParams } from "./panel-params.ts";
import type { ProductPanelData } from "./product-panel.server.ts";
import { StockEditDialog } from "./StockEditDialog.tsx";
import { StockHistory } from "./StockHistory.tsx";
import { type StockVariant, variantLabel } from "./types.ts";

function ColorDot({ hex }: { hex: string | null | undefined }) {
  return hex ? (
    <span
      aria-hidden="true"
      className="size-4 shrink-0 rounded-full border border-gray-300"
      style={{ backgroundColor: hex }}
    />
  ) : null;
}

/** The selected product's panel (nothing when none is selected). */
export function ProductPanel({ panel, defaultReason }: { panel: ProductPanelData | null; defaultReason: string }) {
  const { productId, historyId, update } = usePanelParams();
  if (productId === null) return null;
  const data = panel?.product.id === productId ? panel.product : null;
  return (
    <ProductVariants
      key={productId}
      productId={productId}
      data={data}
      history={data && panel?.history?.variantId === historyId ? panel.history.movements : null}
      historyId={historyId}
      defaultReason={defaultReason}
      update={update}
    />
  );
}

function ProductVariants({
  productId,
  data,
  history,
  historyId,
  defaultReason,
  update,
}: {
  productId: number;
  data: ProductPanelData["product"] | null;
  history: StockMovement[] | null;
  historyId: number | null;
  /** 'Atualização manual' or 'Reposição de stock baixo'. */
  defaultReason: string;
  update: (changes: PanelChanges) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = data?.variants.find((v) => v.id === editingId) ?? null;
  const historyFor = data?.variants.find((v) => v.id === historyId) ?? null;

  // A product just chosen: focus moves to its variants (keyboard and screen-reader users land here).
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const showHistory = (variant: StockVariant | null) => update({ history: variant ? String(variant.id) : null });

  const title = data ? `Variantes de ${data.name}` : "Variantes do produto";
  const historyRegion = `historico-${productId}`;

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
        <button
          type="button"
          onClick={() => update({ product: null, history: null })}
          className={`${focusRing} rounded-md p-1 text-gray-700 hover:bg-gray-100`}
          aria-label="Fechar variantes"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      {data ? null : <LoadingState />}
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
                  onClick={() => setEditingId(v.id)}
                  aria-label={`Editar stock de ${label}`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Editar
                </button>
                <button
                  type="button"
                  className={`${buttonClass.secondary} px-3 py-1.5`}
                  onClick={() => showHistory(showingHistory ? null : v)}
                  aria-expanded={showingHistory}
                  aria-controls={historyRegion}
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

      <div id={historyRegion}>
        {historyFor ? (
          <section className="mt-6" aria-labelledby={`${historyRegion}-title`}>
            <h3 id={`${historyRegion}-title`} className="mb-3 text-base font-semibold text-gray-900">
              Histórico — {variantLabel(historyFor)}
            </h3>
            {history ? <StockHistory movements={history} /> : <LoadingState label="Carregando histórico..." />}
          </section>
        ) : null}
      </div>

      <StockEditDialog
        target={data && editing ? { productName: data.name, variant: editing } : null}
        defaultReason={defaultReason}
        onClose={() => setEditingId(null)}
        // Show the changed variant's history, where the new movement now sits on top.
        onSaved={(variantId) => update({ history: String(variantId) })}
      />
    </Panel>
  );
}
