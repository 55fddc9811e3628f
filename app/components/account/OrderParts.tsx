import type { OrderStatus } from "#server/modules/orders/timeline.ts";
import { SHOP_TIME_ZONE } from "#app/lib/format.ts";

/** Small parts shared by the account's order list (/conta) and order page (/conta/encomendas/:id). */

/** The status pill's colours: waiting (amber), on its way (blue), done (green), stopped (grey/red). */
const STATUS_STYLES: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-50 text-amber-800 ring-amber-600/20",
  paid: "bg-blue-50 text-blue-800 ring-blue-600/20",
  em_preparacao: "bg-indigo-50 text-indigo-800 ring-indigo-600/20",
  enviada: "bg-violet-50 text-violet-800 ring-violet-600/20",
  entregue: "bg-green-50 text-green-800 ring-green-600/20",
  cancelled: "bg-red-50 text-red-800 ring-red-600/20",
  expired: "bg-gray-100 text-gray-700 ring-gray-500/20",
};

export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {label}
    </span>
  );
}

/** "3 de maio de 2025" in Lisbon (the same text on the server and in the browser). */
export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString("pt-PT", {
    timeZone: SHOP_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** "3 de maio de 2025, 14:07" in Lisbon. */
export function formatOrderDateTime(iso: string): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString("pt-PT", { timeZone: SHOP_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
  return `${formatOrderDate(iso)}, ${time}`;
}

export const unitsText = (units: number) => `${units} ${units === 1 ? "artigo" : "artigos"}`;
