import type { StockProductItem } from "#server/modules/inventory/schemas.ts";
import { Badge } from "#app/components/admin/ui.tsx";

type StockFlags = Pick<StockProductItem, "isOutOfStock" | "hasLowStock" | "variantsOutOfStock" | "status">;

/**
 * The stock labels of a product row (/gestao-stock), each saying what it counts: 'Sem Stock' when
 * the product has no unit at all, 'Esgotado em parte' when some of its variants are sold out while
 * others still sell, 'Stock Baixo' when a variant has 1 to 10 units, and 'Stock OK' only when none
 * of these holds.
 */
export function productStockLabels(p: StockFlags): Array<{ label: string; detail?: string; className: string }> {
  const labels: Array<{ label: string; detail?: string; className: string }> = [];
  if (p.isOutOfStock) labels.push({ label: "Sem Stock", className: "bg-red-100 text-red-800" });
  else if (p.variantsOutOfStock > 0) {
    labels.push({
      label: "Esgotado em parte",
      detail: p.variantsOutOfStock === 1 ? "1 variante sem stock" : `${p.variantsOutOfStock} variantes sem stock`,
      className: "bg-orange-100 text-orange-900",
    });
  }
  if (p.hasLowStock) labels.push({ label: "Stock Baixo", className: "bg-yellow-100 text-yellow-900" });
  if (labels.length === 0) labels.push({ label: "Stock OK", className: "bg-green-100 text-green-800" });
  if (p.status === 0) labels.push({ label: "Produto fora da Loja", className: "bg-gray-200 text-gray-800" });
  return labels;
}

export function ProductStockBadges({ product }: { product: StockFlags }) {
  return (
    <span className="flex flex-wrap gap-1">
      {productStockLabels(product).map(({ label, detail, className }) => (
        <Badge key={label} className={className}>
          {label}
          {detail ? <span className="ml-1 font-normal">({detail})</span> : null}
        </Badge>
      ))}
    </span>
  );
}

/**
 * The low-stock screen's label of a product, by its lowest variant (spec: 0 Sem Stock, up to 5
 * Crítico, otherwise Baixo). 'Sem Stock' then says whether all of the product is sold out or only
 * some of its variants, since the product may still sell in others.
 */
export function lowStockLevel(
  minStock: number,
  totalStock: number,
): { label: string; detail?: string; className: string } {
  if (minStock <= 0) {
    return {
      label: "Sem Stock",
      detail: totalStock > 0 ? "algumas variantes" : "todas as variantes",
      className: totalStock > 0 ? "bg-orange-100 text-orange-900" : "bg-red-100 text-red-800",
    };
  }
  if (minStock <= 5) return { label: "Crítico", className: "bg-orange-100 text-orange-900" };
  return { label: "Baixo", className: "bg-yellow-100 text-yellow-900" };
}
