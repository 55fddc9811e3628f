import { and, countDistinct, eq, inArray, isNotNull, sql, sum } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { PAID_STATUSES } from "#server/modules/orders/fulfilment-status.ts";
import { orderLines, orders } from "#server/modules/orders/schema.ts";

/*
 * The admin's figures per promotion (issue 20 item 5), from PAID orders only (paid and every step after it; a
 * cancelled or expired order never counts). A flow: it reads orders, a later module than promotions.
 *
 * - A discount code (orders.promotion_id): its orders; revenue = what those orders paid (total_cents, delivery
 *   included); discount = the code's own part: the lines' discounts less their automatic reductions, plus the
 *   delivery discount.
 * - An automatic promotion (order_lines.automatic_promotion_id): the orders with a line it reduced; revenue = what
 *   those lines were paid (list price × quantity − line discount); discount = those lines' automatic reductions.
 * So on an order with both, each cent of discount is counted with the promotion that gave it, once.
 */

export interface PromotionFigures {
  orders: number;
  revenueCents: number;
  discountCents: number;
}

export const NO_FIGURES: PromotionFigures = { orders: 0, revenueCents: 0, discountCents: 0 };

const paid = inArray(orders.status, [...PAID_STATUSES]);
const int = (value: unknown) => Number(value ?? 0);

/** The figures of every promotion that has any (or of `ids` only); a promotion without paid orders is absent. */
export async function promotionFigures(db: Tx, ids?: number[]): Promise<Map<number, PromotionFigures>> {
  if (ids && ids.length === 0) return new Map();
  const [byCode, byLine] = await Promise.all([
    db
      .select({
        id: orders.promotionId,
        orders: sql<number>`count(*)::int`,
        revenue: sum(orders.totalCents),
        discount: sql<string>`sum(${orders.discountCents} + ${orders.shippingDiscountCents}
          - (select coalesce(sum(l.automatic_discount_cents), 0) from order_lines l where l.order_id = "orders"."id"))`,
      })
      .from(orders)
      .where(and(paid, ids ? inArray(orders.promotionId, ids) : isNotNull(orders.promotionId)))
      .groupBy(orders.promotionId),
    db
      .select({
        id: orderLines.automaticPromotionId,
        orders: countDistinct(orderLines.orderId),
        revenue: sql<string>`sum(${orderLines.unitPriceCents} * ${orderLines.quantity} - ${orderLines.discountCents})`,
        discount: sum(orderLines.automaticDiscountCents),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(paid, ids ? inArray(orderLines.automaticPromotionId, ids) : isNotNull(orderLines.automaticPromotionId)),
      )
      .groupBy(orderLines.automaticPromotionId),
  ]);
  const figures = new Map<number, PromotionFigures>();
  // A promotion is a code or automatic; should the admin have changed which, both kinds of orders add up.
  for (const row of [...byCode, ...byLine]) {
    if (row.id === null) continue;
    const before = figures.get(row.id) ?? NO_FIGURES;
    figures.set(row.id, {
      orders: before.orders + int(row.orders),
      revenueCents: before.revenueCents + int(row.revenue),
      discountCents: before.discountCents + int(row.discount),
    });
  }
  return figures;
}

/** Whether any order (of any status) or order line names the promotion: it is then deactivated, never deleted. */
export async function namedByOrders(tx: Tx, promotionId: number): Promise<boolean> {
  const result = await tx.execute<{ named: boolean }>(
    sql`select exists (select 1 from ${orders} where ${orders.promotionId} = ${promotionId})
      or exists (select 1 from ${orderLines} where ${orderLines.automaticPromotionId} = ${promotionId}) as named`,
  );
  return result.rows[0]?.named === true;
}
