import { Pencil, Power, Trash2 } from "lucide-react";
import { type AdminColumn, ResponsiveTable } from "#app/components/admin/ResponsiveTable.tsx";
import { Badge, buttonClass, EmptyState } from "#app/components/admin/ui.tsx";
import { formatEuroAmount } from "#server/core/money.ts";
import { PROMOTION_KIND_LABELS } from "#server/modules/promotions/rules.ts";
import type { PromotionRow } from "./data.server.ts";

/** "01/12/2026 00:00" from the API's Lisbon wall time "2026-12-01T00:00". */
const wallTime = (value: string) =>
  `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)} ${value.slice(11, 16)}`;

function discountText(p: PromotionRow): string {
  if (p.tipo === "percentagem") return `${p.valor} %`;
  if (p.tipo === "valor") return formatEuroAmount(p.valor ?? 0);
  return PROMOTION_KIND_LABELS.portes_gratis;
}

function periodText(p: PromotionRow): string {
  if (p.inicio && p.fim) return `${wallTime(p.inicio)} – ${wallTime(p.fim)}`;
  if (p.inicio) return `Desde ${wallTime(p.inicio)}`;
  if (p.fim) return `Até ${wallTime(p.fim)}`;
  return "Sem limite";
}

function conditions(p: PromotionRow, categoryName: (id: number) => string): string {
  const parts: string[] = [];
  if (p.minimo !== null) parts.push(`Mínimo ${formatEuroAmount(p.minimo)}`);
  if (p.categorias.length) parts.push(`Categorias: ${p.categorias.map(categoryName).join(", ")}`);
  if (p.produtos.length) parts.push(`Produtos n.º ${p.produtos.join(", ")}`);
  if (!p.categorias.length && !p.produtos.length) parts.push("Todos os produtos");
  if (p.codigo !== null) parts.push(p.usos_max === null ? `Usos: ${p.usos}` : `Usos: ${p.usos} de ${p.usos_max}`);
  if (p.usos_por_cliente !== null) parts.push(`Máximo ${p.usos_por_cliente} por cliente`);
  if (p.codigo !== null && p.acumulavel) parts.push("Acumula com automáticas");
  return parts.join(" · ");
}

function status(p: PromotionRow, now: string): { label: string; className: string } {
  if (!p.ativa) return { label: "Inativa", className: "bg-gray-200 text-gray-800" };
  if (p.fim && p.fim <= now) return { label: "Terminada", className: "bg-gray-200 text-gray-800" };
  if (p.inicio && p.inicio > now) return { label: "Agendada", className: "bg-amber-100 text-amber-900" };
  if (p.usos_max !== null && p.usos >= p.usos_max)
    return { label: "Esgotada", className: "bg-amber-100 text-amber-900" };
  return { label: "Ativa", className: "bg-green-100 text-green-900" };
}

/**
 * The promotions with their figures (paid orders only): a table from xl, cards below. Each row: edit,
 * deactivate / reactivate, delete (a used promotion is only deactivated by the server).
 */
export function PromotionsTable({
  rows,
  categories,
  now,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  rows: PromotionRow[];
  categories: Array<{ id: number; name: string }>;
  /** Lisbon wall time of the page's load, to tell scheduled and ended promotions. */
  now: string;
  busy: boolean;
  onEdit: (p: PromotionRow) => void;
  onToggle: (p: PromotionRow) => void;
  onDelete: (p: PromotionRow) => void;
}) {
  if (rows.length === 0) return <EmptyState message="Ainda não existem promoções." />;
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name ?? `n.º ${id}`;
  const columns: AdminColumn<PromotionRow>[] = [
    {
      id: "nome",
      header: "Promoção",
      width: "w-[17%]",
      inCardTitle: true,
      cell: (p) => (
        <>
          <span className="font-medium">{p.nome}</span>
          <br />
          {p.codigo ? (
            <code className="text-xs text-gray-800">{p.codigo}</code>
          ) : (
            <span className="text-xs text-gray-700">Automática</span>
          )}
        </>
      ),
    },
    { id: "desconto", header: "Desconto", width: "w-[9%]", cell: discountText },
    { id: "periodo", header: "Período", width: "w-[13%]", cell: periodText },
    { id: "condicoes", header: "Condições", width: "w-[18%]", cell: (p) => conditions(p, categoryName) },
    {
      id: "resultados",
      header: "Resultados",
      width: "w-[18%]",
      className: "tabular-nums",
      cell: (p) => (
        <ul>
          <li data-figure="encomendas">
            {p.resultados.encomendas} {p.resultados.encomendas === 1 ? "encomenda paga" : "encomendas pagas"}
          </li>
          <li data-figure="receita">Receita {formatEuroAmount(p.resultados.receita)}</li>
          <li data-figure="desconto">Desconto {formatEuroAmount(p.resultados.desconto)}</li>
        </ul>
      ),
    },
    {
      id: "estado",
      header: "Estado",
      width: "w-[11%]",
      cell: (p) => {
        const s = status(p, now);
        return <Badge className={s.className}>{s.label}</Badge>;
      },
    },
  ];
  return (
    <ResponsiveTable
      label="Promoções"
      rows={rows}
      rowKey={(p) => String(p.id)}
      columns={columns}
      busy={busy}
      actionsWidth="w-[14%]"
      cardTitle={(p) => (
        <>
          <span className="font-semibold text-gray-900">
            {p.nome}{" "}
            {p.codigo ? (
              <code className="ml-1 text-sm">{p.codigo}</code>
            ) : (
              <span className="ml-1 text-sm text-gray-700">(automática)</span>
            )}
          </span>
        </>
      )}
      actions={(p) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`${buttonClass.secondary} px-2`}
            onClick={() => onEdit(p)}
            aria-label={`Editar ${p.nome}`}
            title="Editar"
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={`${buttonClass.secondary} px-2`}
            onClick={() => onToggle(p)}
            aria-label={`${p.ativa ? "Desativar" : "Reativar"} ${p.nome}`}
            title={p.ativa ? "Desativar" : "Reativar"}
            disabled={busy}
          >
            <Power aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={`${buttonClass.secondary} px-2 text-red-800`}
            onClick={() => onDelete(p)}
            aria-label={`Eliminar ${p.nome}`}
            title="Eliminar"
            disabled={busy}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    />
  );
}
