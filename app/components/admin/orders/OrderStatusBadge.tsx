/** An order's status on the admin's order screens, its pt-PT label given by the loader (ORDER_STATUS_LABELS). */
import type { AdminOrderLine } from "#server/modules/orders/admin/schemas.ts";
import { Badge } from "#app/components/admin/ui.tsx";

type OrderStatus = AdminOrderLine["order_status"];

const COLOURS: Record<OrderStatus, string> = {
  pending_payment: "bg-yellow-100 text-yellow-900",
  paid: "bg-green-100 text-green-800",
  em_preparacao: "bg-blue-100 text-blue-800",
  enviada: "bg-indigo-100 text-indigo-800",
  entregue: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-red-100 text-red-800",
  expired: "bg-gray-200 text-gray-800",
};

export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <Badge className={COLOURS[status]}>{label}</Badge>;
}
