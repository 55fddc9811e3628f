import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { NotFoundError } from "#server/core/errors.ts";
import { euros } from "#server/modules/orders/cart.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { ORDER_STATUS_LABELS, type OrderEvent, type OrderStatus } from "#server/modules/orders/timeline.ts";
import { CARRIER_NAMES, type Carrier } from "#server/modules/orders/tracking.ts";
import { MY_ORDERS_MESSAGES as M, type MyOrdersQuery, type MyOrderStep, type MyOrderSummary } from "./schemas.ts";

/*
 * "A minha conta": the signed-in shopper's own orders, the orders module's part. Every read is scoped by user id in
 * SQL, so another account's order is indistinguishable from an unknown one (404). The list reads one page off
 * orders_user_created_idx and aggregates the lines of that page only, so it stays fast however many orders the table
 * holds. The order page, with its payment and withdrawal, is server/flows/order-views.ts.
 */

/** One page of the shopper's orders and the number of all of them (X-Total-Count). */
export interface MyOrdersPage {
  items: MyOrderSummary[];
  total: number;
}

/** What the shopper reads at each status reached (the timeline's step titles). */
const STEP_TITLES: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  paid: "Pagamento recebido",
};

/** The order columns that date a status, for orders whose change predates the timeline (no event). */
const DATED_STATUSES: Array<[OrderStatus, keyof Pick<Order, "paidAt" | "shippedAt" | "deliveredAt" | "cancelledAt">]> =
  [
    ["paid", "paidAt"],
    ["enviada", "shippedAt"],
    ["entregue", "deliveredAt"],
    ["cancelled", "cancelledAt"],
  ];

type Order = typeof orders.$inferSelect;

/** What the shopper reads under a step, from the order itself (the events' messages are written for the staff). */
function stepDetail(order: Order, status: OrderStatus): string | null {
  if (status === "enviada" && order.carrier) {
    const carrier = CARRIER_NAMES[order.carrier as Carrier];
    return order.trackingNumber ? `${carrier}, n.º de seguimento ${order.trackingNumber}` : carrier;
  }
  if (status === "cancelled" && order.refundStatus === "due") return "O valor pago será reembolsado pela loja.";
  if (status === "cancelled" && order.refundStatus === "done") return "O valor pago foi reembolsado.";
  return null;
}

/**
 * The shopper's timeline: the order's creation, then every status it reached, dated by its event (readTimeline's
 * shopper view, which already leaves internal notes out), or by the order's own column for a change that predates
 * the timeline. Payment and e-mail events are the staff's record (the shopper sees the payment's state beside it
 * and receives the e-mails), so they are not steps. Oldest first.
 */
export function shopperSteps(order: Order, events: OrderEvent[]): MyOrderStep[] {
  const step = (at: Date, status: OrderStatus): MyOrderStep => ({
    at: at.toISOString(),
    kind: "status",
    status,
    title: STEP_TITLES[status],
    detail: stepDetail(order, status),
  });
  const steps: MyOrderStep[] = [
    {
      at: order.createdAt.toISOString(),
      kind: "created",
      status: "pending_payment",
      title: "Encomenda criada",
      detail: null,
    },
  ];
  for (const e of events) {
    if (e.kind === "status" && e.toStatus) steps.push(step(e.createdAt, e.toStatus as OrderStatus));
  }
  for (const [status, column] of DATED_STATUSES) {
    const at = order[column];
    if (at && !steps.some((s) => s.kind === "status" && s.status === status)) steps.push(step(at, status));
  }
  // A stable sort: equal instants keep creation, then event order.
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** GET /api/users/me/orders: the shopper's orders, newest first, one page, with the number of all of them. */
export async function listMyOrders(db: Tx, userId: number, query: MyOrdersQuery): Promise<MyOrdersPage> {
  const [page, [counted]] = await Promise.all([
    db
      .select({ id: orders.id, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const ids = page.map((o) => o.id);
  const sums =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            units: sql<number>`sum(${orderLines.quantity})::int`,
            lines: sql<number>`count(*)::int`,
            first: sql<string>`(array_agg(${orderLines.productName} order by ${orderLines.id}))[1]`,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, ids))
          .groupBy(orderLines.orderId);
  const byOrder = new Map(sums.map((s) => [s.orderId, s]));
  const items = page.map((o) => {
    const s = byOrder.get(o.id);
    const status = o.status as OrderStatus;
    return {
      id: o.id,
      created_at: o.createdAt.toISOString(),
      status,
      status_label: ORDER_STATUS_LABELS[status],
      total: euros(o.totalCents),
      item_count: s?.units ?? 0,
      line_count: s?.lines ?? 0,
      first_item: s?.first ?? null,
    };
  });
  return { items, total: counted?.total ?? 0 };
}

/** One of the shopper's orders; anyone else's (or none) is 404 'Encomenda não encontrada.'. */
export async function findMyOrder(db: Tx, userId: number, orderId: number): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new NotFoundError(M.orderNotFound);
  return order;
}
