import { RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import type { ReturnView, WithdrawalView } from "#server/modules/aftersale/returns/schemas.ts";
import { formatEuros } from "#app/lib/format.ts";
import { formatOrderDate, formatOrderDateTime } from "./OrderParts.tsx";

/** Pieces of the withdrawal ('Livre resolução') shown in /conta/encomendas/:id and on /livre-resolucao. */

/** "8 de dezembro de 2026" for a Lisbon calendar day (YYYY-MM-DD): noon UTC is that day in Lisbon. */
export const formatLastDay = (day: string) => formatOrderDate(`${day}T12:00:00Z`);

/** Whether something of the order is not yet in a withdrawal request. */
export const hasUnitsLeft = (view: WithdrawalView) => view.lines.some((l) => l.available > 0);

/** Why the withdrawal cannot be asked now (null when it can). */
export function unavailableText(view: WithdrawalView): string | null {
  if (view.available) return null;
  if (!view.last_day) return "A livre resolução fica disponível quando a encomenda for entregue.";
  if (!hasUnitsLeft(view)) return "Todos os artigos desta encomenda já estão num pedido de livre resolução.";
  return `A livre resolução desta encomenda era possível até ${formatLastDay(view.last_day)}.`;
}

const STATUS_STYLES: Record<ReturnView["status"], string> = {
  requested: "bg-amber-50 text-amber-800 ring-amber-600/20",
  received: "bg-blue-50 text-blue-800 ring-blue-600/20",
  refunded: "bg-green-50 text-green-800 ring-green-600/20",
  cancelled: "bg-gray-100 text-gray-700 ring-gray-500/20",
};

/**
 * The requests made, oldest first: when, which items, the refund and where the request stands; `actions`, what the
 * owner may do with one (/conta: correct or cancel).
 */
export function ReturnList({ returns, actions }: { returns: ReturnView[]; actions?: (r: ReturnView) => ReactNode }) {
  if (returns.length === 0) return null;
  return (
    <ul className="mt-3 space-y-3" aria-label="Pedidos de livre resolução">
      {returns.map((r) => (
        <li key={r.id} className="rounded-lg border border-gray-200 bg-gray-50 p-3 sm:p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="flex min-w-0 items-start gap-2 text-sm font-medium text-gray-900">
              <RotateCcw className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
              <span>
                Pedido de livre resolução registado em{" "}
                <time dateTime={r.requested_at}>{formatOrderDateTime(r.requested_at)}</time>
              </span>
            </p>
            <span
              className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[r.status]}`}
            >
              {r.status_label}
            </span>
          </div>
          <ul className="mt-2 space-y-0.5 pl-6 text-sm text-gray-700">
            {r.lines.map((l) => (
              <li key={l.order_line_id} className="break-words">
                {l.quantity} × {l.name}
              </li>
            ))}
          </ul>
          <p className="mt-2 pl-6 text-sm text-gray-700">
            Reembolso: <span className="font-medium text-gray-900 tabular-nums">{formatEuros(r.refund)}</span>
          </p>
          {actions?.(r)}
        </li>
      ))}
    </ul>
  );
}
