import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { preparedPerDatabase } from "#server/core/db/prepared.ts";
import { orderLines, orders } from "./schema.ts";
import { BadRequestError, ConflictError } from "#server/core/errors.ts";
import {
  MAX_PENDING_ORDERS_PER_ACCOUNT,
  MAX_PENDING_UNITS_PER_ACCOUNT,
  MAX_UNITS_PER_LINE,
  ORDER_MESSAGES as M,
  pendingOrdersMessage,
  pendingUnitsMessage,
} from "./rules.ts";
import type { ResolvedLine } from "./cart.ts";

/* Checkout limits against stock hoarding (issue 11, 3.1); the numbers live in rules.ts. */

/**
 * One line per variant: lines of the same variant are added together (first position kept), so
 * a cart cannot pass the per-variant limit by repeating a line. Refuses more than
 * MAX_UNITS_PER_LINE units of one variant.
 */
export function mergeLines(lines: ResolvedLine[]): ResolvedLine[] {
  const byVariant = new Map<number, ResolvedLine>();
  for (const line of lines) {
    const seen = byVariant.get(line.variantId);
    if (seen) seen.quantity += line.quantity;
    else byVariant.set(line.variantId, { ...line });
  }
  for (const line of byVariant.values()) {
    if (line.quantity > MAX_UNITS_PER_LINE) {
      throw new BadRequestError(M.tooManyUnits, {
        reason: "quantity",
        product_id: line.productId,
        variant_id: line.variantId,
        requested: line.quantity,
      });
    }
  }
  return [...byVariant.values()];
}

/** Why one more order of `units` units would put an account over its unpaid limits, or null. */
export function holdProblem(held: { orders: number; units: number }, more: { orders: number; units: number }) {
  if (held.orders + more.orders > MAX_PENDING_ORDERS_PER_ACCOUNT) {
    return new ConflictError(pendingOrdersMessage(), {
      reason: "pending_orders",
      pending_orders: held.orders,
      max: MAX_PENDING_ORDERS_PER_ACCOUNT,
    });
  }
  if (held.units + more.units > MAX_PENDING_UNITS_PER_ACCOUNT) {
    return new ConflictError(pendingUnitsMessage(held.units), {
      reason: "pending_units",
      pending_units: held.units,
      max: MAX_PENDING_UNITS_PER_ACCOUNT,
    });
  }
  return null;
}

/** What one account holds unpaid: its pending orders and their units (prepared once per pooled connection). */
const pendingHoldQuery = preparedPerDatabase((db) =>
  db
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.userId, sql.placeholder("userId")), eq(orders.status, "pending_payment")))
    .prepare("orders_pending_hold"),
);

/** What one account holds unpaid: its pending orders and their units. */
export async function pendingHold(db: Database, userId: number): Promise<{ orders: number; units: number }> {
  const [row] = await pendingHoldQuery(db).execute({ userId });
  return { orders: row?.orders ?? 0, units: row?.units ?? 0 };
}
