import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { variants } from "#server/modules/catalog/schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { recordMovements } from "./movements.ts";
import { stockMovements } from "./schema.ts";

/*
 * An order's units: reserved at checkout (moved from a variant's `stock` to its `reserved`, inside checkout's one
 * statement: reserveUnits below), sold when the order is paid, back on the shelf when it expires or is
 * cancelled; a paid order cancelled before shipping returns its sold units (returnSold).
 * Called inside the caller's transaction (or statement); variants are always taken in id order, like every
 * other writer of variants, so two transactions never deadlock.
 */

/** Units per variant id. */
export type Units = ReadonlyMap<number, number>;

const inIdOrder = (units: Units) => [...units.keys()].sort((a, b) => a - b);

/** The named values reserveUnits reads: the variant ids in ascending order and the units wanted of each. */
export interface ReservationValues {
  reserveVariantIds: number[];
  reserveQuantities: number[];
}

/** reserveUnits' values for `units`. */
export function reservationValues(units: Units): ReservationValues {
  const reserveVariantIds = inIdOrder(units);
  return { reserveVariantIds, reserveQuantities: reserveVariantIds.map((id) => units.get(id)!) };
}

/**
 * The common table expressions (`stock_wanted`, `stock_locked`, `stock_reserved`, `stock_moved`) that reserve an
 * order's units inside the caller's statement, for the order its CTE `order` returns (a row with its `id`; none:
 * nothing is locked or changed). The units come as the named values of ReservationValues (sql.placeholder), so the
 * statement is rendered once and prepared once per connection. `reason` is each movement's reason (SQL over `order`).
 *
 * - No oversell: the units leave `stock` under the row lock, and `CHECK (stock >= 0)` aborts the whole statement
 *   when a variant has too few (the caller answers the shortage: shelfShortages in shelf.ts).
 * - No deadlock: `stock_locked` takes the variant rows FOR NO KEY UPDATE in id order before anything else touches
 *   them; the foreign-key checks of rows inserted later in the statement (FOR KEY SHARE) then only meet rows
 *   this transaction already holds.
 * - Each movement has the true before/after: RETURNING gives the row as this update left it.
 */
export function reserveUnits(order: SQL, reason: SQL): SQL {
  const ids = sql`${sql.placeholder("reserveVariantIds")}::int[]`;
  const quantities = sql`${sql.placeholder("reserveQuantities")}::int[]`;
  return sql`
  stock_wanted as (
    select w.variant_id, w.quantity from unnest(${ids}, ${quantities}) as w(variant_id, quantity)
  ),
  stock_locked as (
    select v.id from ${variants} v
     where v.id = any(${ids}) and exists (select 1 from ${order})
     order by v.id
       for no key update
  ),
  stock_reserved as (
    update ${variants} v
       set stock = v.stock - w.quantity, reserved = v.reserved + w.quantity, updated_at = now()
      from stock_locked l join stock_wanted w on w.variant_id = l.id
     where v.id = l.id
    returning v.id, v.stock + w.quantity as stock_before, v.stock as stock_after
  ),
  stock_moved as (
    insert into ${stockMovements} (variant_id, stock_before, stock_after, reason, notes, order_id, created_at)
    select r.id, r.stock_before, r.stock_after, ${reason}, '', ${order}.id, now()
      from stock_reserved r cross join ${order}
     order by r.id
  )`;
}

/** Paid: the reserved units are sold (they leave `reserved`; `stock` already went down at checkout). */
export async function sellReserved(tx: Tx, units: Units): Promise<void> {
  for (const variantId of inIdOrder(units)) {
    await tx
      .update(variants)
      .set({ reserved: sql`greatest(${variants.reserved} - ${units.get(variantId)!}, 0)`, updatedAt: sql`now()` })
      .where(eq(variants.id, variantId));
  }
}

/**
 * Payment failed, expired or cancelled: the reserved units return to the shelf, under the
 * variants' row locks (id order), each move recorded as a stock movement of the order.
 */
export async function releaseReserved(tx: Tx, units: Units, reason: string, orderId: number): Promise<void> {
  if (units.size === 0) return;
  const locked = await tx
    .select({ id: variants.id, stock: variants.stock, reserved: variants.reserved })
    .from(variants)
    .where(inArray(variants.id, inIdOrder(units)))
    .orderBy(asc(variants.id))
    .for("update");
  const moves = locked.map((v) => ({ id: v.id, stock: v.stock, quantity: Math.min(units.get(v.id)!, v.reserved) }));
  for (const v of moves) {
    await tx
      .update(variants)
      .set({
        stock: sql`${variants.stock} + ${v.quantity}`,
        reserved: sql`${variants.reserved} - ${v.quantity}`,
        updatedAt: sql`now()`,
      })
      .where(eq(variants.id, v.id));
  }
  await recordMovements(
    tx,
    moves.map((v) => ({ variantId: v.id, stockBefore: v.stock, stockAfter: v.stock + v.quantity, reason, orderId })),
  );
}

/**
 * A paid order was cancelled before shipping: its units were sold (they left `reserved` on payment), so
 * they go back onto the shelf (`stock`), under the variants' row locks (id order), each move recorded as a
 * stock movement of the order by `actorUserId`. Deleted variants (absent here) take nothing back.
 */
export async function returnSold(
  tx: Tx,
  units: Units,
  reason: string,
  orderId: number,
  actorUserId: number | null,
): Promise<void> {
  if (units.size === 0) return;
  const locked = await tx
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .where(inArray(variants.id, inIdOrder(units)))
    .orderBy(asc(variants.id))
    .for("update");
  for (const v of locked) {
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${units.get(v.id)!}`, updatedAt: sql`now()` })
      .where(eq(variants.id, v.id));
  }
  await recordMovements(
    tx,
    locked.map((v) => ({
      variantId: v.id,
      stockBefore: v.stock,
      stockAfter: v.stock + units.get(v.id)!,
      reason,
      orderId,
      actorUserId,
    })),
  );
}
