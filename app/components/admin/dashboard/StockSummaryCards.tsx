import { AlertTriangle, Boxes, Layers, Package, PackageX } from "lucide-react";
import type { ComponentType } from "react";
import type { StockSummary } from "#server/modules/inventory/schemas.ts";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

/**
 * The spec's five cards (their labels are the spec's). Each says under its figure what it counts:
 * 'Sem Stock' and 'Stock Baixo' count products, with the variants at that level alongside.
 */
const CARDS: {
  key: keyof StockSummary;
  label: string;
  icon: Icon;
  tone: string;
  counts: (s: StockSummary) => string[];
}[] = [
  {
    key: "totalProducts",
    label: "Total Produtos",
    icon: Package,
    tone: "bg-blue-50 text-blue-800",
    counts: () => ["produtos"],
  },
  {
    key: "totalVariants",
    label: "Total Variantes",
    icon: Layers,
    tone: "bg-indigo-50 text-indigo-800",
    counts: () => ["variantes"],
  },
  {
    key: "totalStock",
    label: "Stock Total",
    icon: Boxes,
    tone: "bg-green-50 text-green-800",
    counts: () => ["unidades"],
  },
  {
    key: "outOfStock",
    label: "Sem Stock",
    icon: PackageX,
    tone: "bg-red-50 text-red-800",
    counts: (s) => ["produtos", `${variants(s.variantsOutOfStock)} sem stock`],
  },
  {
    key: "lowStock",
    label: "Stock Baixo",
    icon: AlertTriangle,
    tone: "bg-yellow-50 text-yellow-900",
    counts: (s) => ["produtos", `${variants(s.variantsLowStock)} de 1 a 10`],
  },
];

const number = new Intl.NumberFormat("pt-PT");
const variants = (n: number) => `${number.format(n)} ${n === 1 ? "variante" : "variantes"}`;

/** The five stock summary cards of /dashboard (GET /api/stock/summary, read by the dashboard's loader). */
export function StockSummaryCards({ summary }: { summary: StockSummary }) {
  return (
    <ul aria-label="Resumo do stock" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label, icon: Icon, tone, counts }) => (
        <li key={key} className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <span className={`hidden rounded-md p-2 sm:inline-flex ${tone}`}>
            <Icon aria-hidden={true} className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-gray-700">{label}</p>
            <p className="text-2xl font-bold text-gray-900" data-testid={`resumo-${key}`}>
              {number.format(summary[key])}
            </p>
            <p className="text-xs text-gray-700" data-testid={`resumo-${key}-conta`}>
              {counts(summary).map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
