/**
 * The order's own status on the admin order page: its pt-PT name and badge colour. The names are the
 * server's (ORDER_STATUS_LABELS in server/modules/orders/timeline.ts; status.test.ts keeps them equal), kept
 * here because that module brings the database schema with it.
 */
import type { OrderDetail } from "#server/modules/aftersale/fulfilment/schemas.ts";
import { Badge } from "#app/components/admin/ui.tsx";

type Status = OrderDetail["status"];

export const ORDER_STATUS_TEXT: Record<Status, { label: string; className: string }> = {
  pending_payment: { label: "A aguardar pagamento", className: "bg-yellow-100 text-yellow-900" },
  paid: { label: "Paga", className: "bg-blue-100 text-blue-900" },
  em_preparacao: { label: "Em preparação", className: "bg-indigo-100 text-indigo-900" },
  enviada: { label: "Enviada", className: "bg-purple-100 text-purple-900" },
  entregue: { label: "Entregue", className: "bg-green-100 text-green-800" },
  cancelled: { label: "Cancelada", className: "bg-red-100 text-red-800" },
  expired: { label: "Expirada", className: "bg-gray-200 text-gray-800" },
};

export const statusLabel = (status: Status | null) => (status ? ORDER_STATUS_TEXT[status].label : "");

export function OrderStatusBadge({ status }: { status: Status }) {
  const { label, className } = ORDER_STATUS_TEXT[status];
  return <Badge className={className}>{label}</Badge>;
}
