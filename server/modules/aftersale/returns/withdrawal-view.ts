import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { returnLines, returns } from "#server/modules/aftersale/schema.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";
import { payments } from "#server/modules/payments/schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { SHOP_TIME_ZONE } from "#server/core/time.ts";
import {
  FILED_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnChannel,
  type ReturnStatus,
  type ReturnView,
  type WithdrawalView,
} from "./schemas.ts";

/*
 * What an order's withdrawal looks like now: the period, the units still free to return, the refund method
 * and the requests made. Read by the withdrawal service (to check a request under the order's lock) and by
 * "A minha conta"'s order page (orders/my-orders.ts), so both agree.
 */

/**
 * Decreto-Lei 24/2014, art. 10: 14 days from the day the goods are received. Counted in Lisbon calendar days;
 * a request is accepted until the end of the 14th day after delivered_at.
 */
export const WITHDRAWAL_DAYS = 14;

type Order = typeof orders.$inferSelect;
type Method = "mbway" | "mb" | "payshop";

const METHOD_LABELS: Record<Method, string> = { mbway: "MB WAY", mb: "Multibanco", payshop: "Payshop" };

export interface WithdrawalPeriod {
  /** YYYY-MM-DD in Lisbon. */
  lastDay: string;
  /** The first instant after lastDay in Lisbon (the period is open while now < endsAt). */
  endsAt: Date;
  open: boolean;
}

/**
 * The period of a delivered order, computed by PostgreSQL with its time-zone rules (summer time included):
 * the Lisbon date of delivery + 14 is the last day; its next midnight in Lisbon ends it. Null before delivery.
 */
export async function withdrawalPeriod(tx: Tx, orderId: number): Promise<WithdrawalPeriod | null> {
  const lisbonDay = sql`(${orders.deliveredAt} at time zone ${SHOP_TIME_ZONE})::date`;
  const [row] = await tx
    .select({
      lastDay: sql<string | null>`to_char(${lisbonDay} + ${WITHDRAWAL_DAYS}::int, 'YYYY-MM-DD')`,
      endsAt: sql<
        string | null
      >`((${lisbonDay} + ${WITHDRAWAL_DAYS + 1}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`,
      open: sql<
        boolean | null
      >`now() < ((${lisbonDay} + ${WITHDRAWAL_DAYS + 1}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row?.lastDay || !row.endsAt) return null;
  return { lastDay: row.lastDay, endsAt: new Date(row.endsAt), open: row.open === true };
}

/** How the order was paid: the paid payment's method (MB WAY may have been switched to Multibanco), else the order's. */
export async function paidMethodOf(tx: Tx, order: Order): Promise<Method> {
  const [paid] = await tx
    .select({ method: payments.method })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")))
    .orderBy(desc(payments.id))
    .limit(1);
  return (paid?.method ?? order.paymentMethod) as Method;
}

/** MB WAY is refunded to the phone through ifthenpay; Multibanco and Payshop by bank transfer (an IBAN). */
export const needsIban = (method: Method) => method !== "mbway";

export interface LineState {
  id: number;
  name: string;
  color: string | null;
  size: string | null;
  unitPriceCents: number;
  quantity: number;
  /** The line's discount, whole line (issue 20): a refund gives back what was paid (refunds.ts' withdrawalRefund). */
  discountCents: number;
  /** Units already in a return that is not cancelled. */
  returned: number;
}

/**
 * The order's lines with the units already asked back (cancelled returns free their units again). `except`: a
 * request being corrected, whose units count as free.
 */
export async function lineStates(tx: Tx, orderId: number, except?: number): Promise<LineState[]> {
  const returned = tx
    .select({
      orderLineId: returnLines.orderLineId,
      units: sql<number>`sum(${returnLines.quantity})::int`.as("units"),
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returns.orderId, orderId),
        ne(returns.status, "cancelled"),
        except === undefined ? undefined : ne(returns.id, except),
      ),
    )
    .groupBy(returnLines.orderLineId)
    .as("returned");
  const rows = await tx
    .select({
      id: orderLines.id,
      name: orderLines.productName,
      color: orderLines.colorName,
      size: orderLines.sizeName,
      unitPriceCents: orderLines.unitPriceCents,
      quantity: orderLines.quantity,
      discountCents: orderLines.discountCents,
      returned: sql<number>`coalesce(${returned.units}, 0)::int`,
    })
    .from(orderLines)
    .leftJoin(returned, eq(returned.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return rows;
}

const euros = (cents: number) => Math.round(cents) / 100;

type ReturnRow = typeof returns.$inferSelect;

/** Declared on the public form and not yet completed by the owner (items, IBAN) in /conta or through the link. */
export const awaitingOwner = (r: ReturnRow) =>
  r.status === "requested" && r.channel === "formulario" && r.completedAt === null;

/** The order's returns, oldest first, with their lines' names. */
export async function readReturns(tx: Tx, orderId: number): Promise<ReturnView[]> {
  const rows = await tx.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.id));
  if (rows.length === 0) return [];
  const lines = await tx
    .select({
      returnId: returnLines.returnId,
      orderLineId: returnLines.orderLineId,
      quantity: returnLines.quantity,
      name: orderLines.productName,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(returnLines.orderLineId));
  return rows.map((r) => {
    const status = r.status as ReturnStatus;
    return {
      id: r.id,
      status,
      status_label: RETURN_STATUS_LABELS[status],
      requested_at: r.requestedAt.toISOString(),
      refund: euros(r.refundCents),
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => ({ order_line_id: l.orderLineId, name: l.name, quantity: l.quantity })),
      filed_label: FILED_LABELS[r.channel as ReturnChannel],
      awaiting_owner: awaitingOwner(r),
      can_change: status === "requested",
    };
  });
}

/**
 * The order page's withdrawal block (and the answers of the withdrawal API). `except`: the request being corrected
 * (the e-mailed link's page), whose units count as free.
 */
export async function readWithdrawalView(tx: Tx, order: Order, except?: number): Promise<WithdrawalView> {
  const [period, method, lines, requested] = await Promise.all([
    withdrawalPeriod(tx, order.id),
    paidMethodOf(tx, order),
    lineStates(tx, order.id, except),
    readReturns(tx, order.id),
  ]);
  const left = lines.some((l) => l.quantity > l.returned);
  return {
    order_id: order.id,
    available: order.status === "entregue" && period?.open === true && left,
    last_day: period?.lastDay ?? null,
    ends_at: period ? period.endsAt.toISOString() : null,
    iban_required: needsIban(method),
    method_label: METHOD_LABELS[method],
    lines: lines.map((l) => ({
      order_line_id: l.id,
      name: l.name,
      color: l.color,
      size: l.size,
      unit_price: euros(l.unitPriceCents),
      quantity: l.quantity,
      available: Math.max(0, l.quantity - l.returned),
    })),
    returns: requested,
  };
}
