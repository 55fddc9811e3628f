/**
 * The product lists of /gestao-stock and /stock-baixo: the columns both share (each with the width
 * its table gives it) and the row button that opens the product's variants (`?product={id}`).
 */
import type { LucideIcon } from "lucide-react";
import { useScreenPending } from "#app/components/admin/Pagination.tsx";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { usePanelParams } from "./panel-params.ts";

interface StockRow {
  id: number;
  name: string;
  categoria: string | null;
  totalStock: number;
  variantsCount: number;
}

export const stockColumns = {
  name: (width: string): AdminColumn<StockRow> => ({
    id: "name",
    header: "Produto",
    width,
    className: "font-medium",
    inCardTitle: true,
    cell: (p) => p.name,
  }),
  category: (width: string): AdminColumn<StockRow> => ({
    id: "category",
    header: "Categoria",
    width,
    cell: (p) => p.categoria || "—",
  }),
  total: (width: string): AdminColumn<StockRow> => ({
    id: "total",
    header: "Stock Total",
    width,
    className: "tabular-nums",
    cell: (p) => p.totalStock,
  }),
  variants: (width: string): AdminColumn<StockRow> => ({
    id: "variants",
    header: "Variantes",
    width,
    className: "tabular-nums",
    cell: (p) => p.variantsCount,
  }),
};

export function StockProductTable<T extends StockRow>({
  label,
  rows,
  columns,
  open,
}: {
  label: string;
  rows: T[];
  columns: AdminColumn<T>[];
  /** The row's button: its text, accessible name, style and icon. */
  open: { text: string; label: (name: string) => string; className: string; icon?: LucideIcon };
}) {
  const pending = useScreenPending();
  const { productId, update } = usePanelParams();
  const Icon = open.icon;
  return (
    <ResponsiveTable
      label={label}
      rows={rows}
      rowKey={(p) => String(p.id)}
      busy={pending}
      rowClassName={(p) => (productId === p.id ? "bg-brand-50" : undefined)}
      cardTitle={(p) => <h3 className="text-base font-semibold text-gray-900">{p.name}</h3>}
      columns={columns}
      actions={(p) => (
        <button
          type="button"
          className={`${open.className} px-3 py-1.5`}
          onClick={() => update({ product: String(p.id), history: null })}
          aria-pressed={productId === p.id}
          aria-label={open.label(p.name)}
        >
          {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
          {open.text}
        </button>
      )}
    />
  );
}
