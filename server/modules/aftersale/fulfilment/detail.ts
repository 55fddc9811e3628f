import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { paymentEvents, payments } from "#server/modules/payments/schema.ts";
import { NotFoundError } from "#server/core/errors.ts";
import { vatViewOf } from "#server/modules/tax/vat-view.ts";
import { billingViewOf } from "#server/modules/orders/billing.ts";
import { linesOf } from "#server/modules/orders/status.ts";
import { type OrderEvent, type OrderStatus, readTimeline } from "#server/modules/orders/timeline.ts";
import { FULFILMENT_MESSAGES as M, type OrderDetail, type PaymentDetail, type TimelineEntry } from "./schemas.ts";
import type { Carrier } from "#server/modules/orders/tracking.ts";
import { allowedTargets } from "./transitions.ts";

/*
 * The admin order page's read (GET /api/orders/:id/detail and the /orders/:id loader): the order with
 * its customer, delivery data, lines and sums, every payment with its gateway events, the timeline and
 * the internal notes, and the steps allowed now. Money is read in cents and shown in euros.
 */

const euros = (cents: number) => Math.round(cents) / 100;
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

type PaymentRow = typeof payments.$inferSelect;
type EventRow = typeof paymentEvents.$inferSelect;

/** What a payment event was, in pt-PT (the gateway's notifications, the shop's own resends). */
function describeEvent(e: EventRow): string {
  const payload = e.payload as Record<string, unknown>;
  if (payload.type === "confirmation_resend") {
    return `Confirmação reenviada${typeof payload.by_email === "string" ? ` por ${payload.by_email}` : ""}`;
  }
  return `Notificação do operador (${e.provider})`;
}

function paymentOf(p: PaymentRow, events: EventRow[]): PaymentDetail {
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

export async function readOrderDetail(db: Database, orderId: number): Promise<OrderDetail> {
  const [orderRows, lines, paymentRows, events] = await Promise.all([
    db
      .select({ order: orders, name: users.name, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    linesOf(db, orderId),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    readTimeline(db, orderId, "admin"),
  ]);
  const row = orderRows[0];
  if (!row) throw new NotFoundError(M.orderNotFound);
  const o = row.order;
  const gatewayEvents = paymentRows.length
    ? await db
        .select()
        .from(paymentEvents)
        .where(
          inArray(
            paymentEvents.paymentId,
            paymentRows.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id))
    : [];
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
    })),
    subtotal: euros(o.subtotalCents),
    shipping: euros(o.shippingCents),
    total: euros(o.totalCents),
    iva: vatViewOf(lines, o),
    payments: paymentRows.map((p) => paymentOf(p, gatewayEvents)),
    timeline: events.filter((e) => e.kind !== "note").map(entryOf),
    notes: events.filter((e) => e.kind === "note").map(entryOf),
    actions: { targets: [...allowedTargets(status)], refund_done: o.refundStatus === "due" },
  };
}
