/**
 * The payment status badge (pending, paid, failed, expired), shared by the dashboard's payments table and
 * /payment-status: paid 'Pago' (green), pending 'Pendente' (yellow), failed 'Falhou' (red),
 * expired 'Expirado' (grey), anything else 'Desconhecido'.
 */
import { Badge } from "./ui.tsx";

export type PaymentStatus = "paid" | "pending" | "failed" | "expired";

const STATUS: Record<PaymentStatus, { label: string; className: string }> = {
  paid: { label: "Pago", className: "bg-green-100 text-green-800" },
  pending: { label: "Pendente", className: "bg-yellow-100 text-yellow-900" },
  failed: { label: "Falhou", className: "bg-red-100 text-red-800" },
  expired: { label: "Expirado", className: "bg-gray-200 text-gray-800" },
};

const UNKNOWN = { label: "Desconhecido", className: "bg-gray-100 text-gray-800 ring-1 ring-gray-300" };

function styleOf(status: string | null | undefined): { label: string; className: string } {
  return status && Object.hasOwn(STATUS, status) ? STATUS[status as PaymentStatus] : UNKNOWN;
}

/** 'paid' -> 'Pago', …; null or an unknown value -> 'Desconhecido'. */
export function paymentStatusLabel(status: string | null | undefined): string {
  return styleOf(status).label;
}

export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, className } = styleOf(status);
  return <Badge className={className}>{label}</Badge>;
}
