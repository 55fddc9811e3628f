import { formatYmd } from "#server/core/time.ts";
import { euros } from "./cart.ts";
import type { PaymentData } from "./schemas.ts";

/** The checkout's answers as the API and the payment page read them (POST /orders, /pagamento). */

/** What the shop stored of an order's payment. */
export interface OrderPayment {
  method: string;
  entity: string | null;
  reference: string | null;
  phone: string | null;
  amountCents: number;
  expiresAt: Date | null;
}

/** A placed order (new or replayed): what checkout returns. */
export interface PlacedOrder {
  orderId: number;
  totalCents: number;
  shippingCents: number;
  payment: OrderPayment;
}

/** The `pagamento` object of the payment page. */
export function toPaymentData(orderId: number, payment: OrderPayment): PaymentData {
  const expiresAt = payment.expiresAt ?? new Date();
  return {
    metodo: payment.method === "mb" ? "MB" : (payment.method as "mbway" | "payshop"),
    entidade: payment.entity,
    referencia: payment.reference,
    valor: euros(payment.amountCents),
    telefone: payment.phone,
    validade: payment.method === "mbway" ? null : formatYmd(expiresAt),
    expira_em: expiresAt.toISOString(),
    orderId,
    order_id: orderId,
  };
}

/** POST /orders' body: the order, its payment data and its amounts. */
export function placedOrderBody(placed: PlacedOrder) {
  return {
    success: true,
    message: "Encomenda criada com sucesso!",
    order_id: placed.orderId,
    pagamento: toPaymentData(placed.orderId, placed.payment),
    total: euros(placed.totalCents),
    portes: euros(placed.shippingCents),
  };
}
