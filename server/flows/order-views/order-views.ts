import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { NotFoundError } from "#server/core/errors.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { billingViewOf } from "#server/modules/orders/billing.ts";
import { euros } from "#server/modules/orders/cart.ts";
import { toPaymentData } from "#server/modules/orders/presenter.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { PAYMENT_METHOD_LABELS, type MyOrdersQuery } from "#server/modules/orders/shopper/schemas.ts";
import {
  findMyOrder,
  listMyOrders,
  shopperSteps,
  type MyOrdersPage,
} from "#server/modules/orders/shopper/my-orders.ts";
import { linesOf } from "#server/modules/orders/status.ts";
import {
  readTimeline,
  type OrderEvent,
  type OrderStatus,
  ORDER_STATUS_LABELS,
} from "#server/modules/orders/timeline.ts";
import { CARRIER_NAMES, type Carrier } from "#server/modules/orders/tracking.ts";
import { vatViewOf } from "#server/modules/tax/vat-view.ts";
import {
  latestPayment,
  orderPayments,
  paymentEventsOf,
  type PaymentEventRow,
  type PaymentRow,
} from "#server/modules/payments/order-payments.ts";
import {
  FULFILMENT_MESSAGES,
  type OrderDetail,
  type PaymentDetail,
  type TimelineEntry,
} from "#server/modules/aftersale/fulfilment/schemas.ts";
import { allowedTargets } from "#server/modules/aftersale/fulfilment/transitions.ts";
import { readWithdrawalView } from "#server/modules/aftersale/returns/withdrawal-view.ts";
import type { MyOrderDetail } from "./schemas.ts";

/*
 * The order pages, each a read across modules: the shopper's (/conta/encomendas/:id: the order from orders, its
 * latest payment from payments, its withdrawal from aftersale's returns) and the admin's (/orders/:id: the order and
 * its customer, every payment with the gateway's events, the timeline and notes, and the fulfilment steps allowed
 * now). Money is read in cents and shown in euros. The shopper's list is the orders module's alone.
 */

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

// ---------- the shopper's ----------

type Method = keyof typeof PAYMENT_METHOD_LABELS;
type PaymentStatus = NonNullable<MyOrderDetail["payment"]["status"]>;

/** GET /api/users/me/orders/:id: one of the shopper's orders; anyone else's (or none) is 404. */
export async function readMyOrder(db: Database, userId: number, orderId: number): Promise<MyOrderDetail> {
  const order = await findMyOrder(db, userId, orderId);
  const [lines, payment, events, withdrawal] = await Promise.all([
    linesOf(db, order.id),
    latestPayment(db, order.id),
    readTimeline(db, order.id, "shopper"),
    readWithdrawalView(db, order),
  ]);
  const status = order.status as OrderStatus;
  const waiting = status === "pending_payment" && payment?.status === "pending";
  const shipped = order.shippedAt !== null || status === "enviada" || status === "entregue";
  const carrier = order.carrier as Carrier | null;
  const method = (payment?.method ?? order.paymentMethod) as Method;
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status,
    status_label: ORDER_STATUS_LABELS[status],
    timeline: shopperSteps(order, events),
    lines: lines.map((l) => ({
      product_id: l.productId,
      name: l.productName,
      color: l.colorName,
      size: l.sizeName,
      quantity: l.quantity,
      unit_price: euros(l.unitPriceCents),
      line_total: euros(l.unitPriceCents * l.quantity),
    })),
    subtotal: euros(order.subtotalCents),
    portes: euros(order.shippingCents),
    desconto: euros(order.discountCents + order.shippingDiscountCents),
    codigo_desconto: order.discountCode,
    total: euros(order.totalCents),
    iva: vatViewOf(lines, order),
    dados_entrega: {
      nome: order.deliveryName,
      morada: order.deliveryAddress,
      codigo_postal: order.deliveryPostalCode,
      cidade: order.deliveryCity,
      telefone: order.deliveryPhone,
      entrega_rapida: order.fastDelivery,
    },
    faturacao: billingViewOf(order),
    payment: {
      method,
      method_label: PAYMENT_METHOD_LABELS[method],
      status: (payment?.status as PaymentStatus | undefined) ?? null,
      paid_at: isoOrNull(order.paidAt ?? payment?.paidAt ?? null),
      pagamento: waiting && payment ? toPaymentData(order.id, payment) : null,
    },
    tracking: shipped
      ? {
          carrier,
          carrier_label: carrier ? CARRIER_NAMES[carrier] : null,
          tracking_number: order.trackingNumber,
          tracking_url: order.trackingUrl,
          shipped_at: isoOrNull(order.shippedAt),
          delivered_at: isoOrNull(order.deliveredAt),
        }
      : null,
    withdrawal,
  };
}

/** The shopper's order pages as the web app's loaders call them (services.myOrders). */
export interface ShopperOrderViews {
  list(userId: number, query: MyOrdersQuery): Promise<MyOrdersPage>;
  get(userId: number, orderId: number): Promise<MyOrderDetail>;
}

export function shopperOrderViews(db: Database): ShopperOrderViews {
  return {
    list: (userId, query) => listMyOrders(db, userId, query),
    get: (userId, orderId) => readMyOrder(db, userId, orderId),
  };
}

// ---------- the admin's ----------

/** What a payment event was, in pt-PT (the gateway's notifications, the shop's own resends). */
function describeEvent(e: PaymentEventRow): string {
  const payload = e.payload as Record<string, unknown>;
  if (payload.type === "confirmation_resend") {
    return `Confirmação reenviada${typeof payload.by_email === "string" ? ` por ${payload.by_email}` : ""}`;
  }
  return `Notificação do operador (${e.provider})`;
}

function paymentOf(p: PaymentRow, events: PaymentEventRow[]): PaymentDetail {
  return {
    id: p.id,
    provider: p.provider,
    method: p.method as PaymentDetail["method"],
    status: p.status as PaymentDetail["status"],
    amount: euros(p.amountCents),
    entity: p.entity,
    reference: p.reference,
    request_id: p.requestId,
    phone: p.phone,
    created_at: p.createdAt.toISOString(),
    expires_at: isoOrNull(p.expiresAt),
    paid_at: isoOrNull(p.paidAt),
    events: events
      .filter((e) => e.paymentId === p.id)
      .map((e) => ({
        id: e.id,
        received_at: e.receivedAt.toISOString(),
        provider: e.provider,
        description: describeEvent(e),
        payload: e.payload as Record<string, unknown>,
      })),
  };
}

const entryOf = (e: OrderEvent): TimelineEntry => ({
  id: e.id,
  kind: e.kind as TimelineEntry["kind"],
  from_status: e.fromStatus as OrderStatus | null,
  to_status: e.toStatus as OrderStatus | null,
  actor_name: e.actorName,
  actor_user_id: e.actorUserId,
  message: e.message,
  created_at: e.createdAt.toISOString(),
});

/** GET /api/orders/:id/detail and the /orders/:id loader: everything the admin order page shows; 404 when none. */
export async function readAdminOrder(db: Database, orderId: number): Promise<OrderDetail> {
  const [orderRows, lines, paymentRows, events] = await Promise.all([
    db
      .select({ order: orders, name: users.name, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    linesOf(db, orderId),
    orderPayments(db, orderId),
    readTimeline(db, orderId, "admin"),
  ]);
  const row = orderRows[0];
  if (!row) throw new NotFoundError(FULFILMENT_MESSAGES.orderNotFound);
  const o = row.order;
  const gatewayEvents = await paymentEventsOf(
    db,
    paymentRows.map((p) => p.id),
  );
  const status = o.status as OrderStatus;
  return {
    id: o.id,
    status,
    created_at: o.createdAt.toISOString(),
    paid_at: isoOrNull(o.paidAt),
    shipped_at: isoOrNull(o.shippedAt),
    delivered_at: isoOrNull(o.deliveredAt),
    cancelled_at: isoOrNull(o.cancelledAt),
    refund_status: o.refundStatus as OrderDetail["refund_status"],
    cliente: { id: o.userId, nome: row.name, email: row.email },
    dados_entrega: {
      nome: o.deliveryName,
      morada: o.deliveryAddress,
      codigo_postal: o.deliveryPostalCode,
      cidade: o.deliveryCity,
      telefone: o.deliveryPhone,
      zona: o.shippingZone as OrderDetail["dados_entrega"]["zona"],
      entrega_rapida: o.fastDelivery,
    },
    faturacao: billingViewOf(o),
    envio:
      o.carrier && o.trackingNumber
        ? { carrier: o.carrier as Carrier, tracking_number: o.trackingNumber, tracking_url: o.trackingUrl ?? "" }
        : null,
    metodo_pagamento: o.paymentMethod as OrderDetail["metodo_pagamento"],
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      product_name: l.productName,
      color: l.colorName,
      size: l.sizeName,
      quantity: l.quantity,
      unit_price: euros(l.unitPriceCents),
      line_total: euros(l.unitPriceCents * l.quantity),
      desconto: euros(l.discountCents),
    })),
    subtotal: euros(o.subtotalCents),
    shipping: euros(o.shippingCents),
    desconto: euros(o.discountCents + o.shippingDiscountCents),
    codigo_desconto: o.discountCode,
    total: euros(o.totalCents),
    iva: vatViewOf(lines, o),
    payments: paymentRows.map((p) => paymentOf(p, gatewayEvents)),
    timeline: events.filter((e) => e.kind !== "note").map(entryOf),
    notes: events.filter((e) => e.kind === "note").map(entryOf),
    actions: { targets: [...allowedTargets(status)], refund_done: o.refundStatus === "due" },
  };
}
