import { asc, eq, inArray, sql } from "drizzle-orm";
import { variants } from "#server/modules/catalog/schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { recordMovements } from "./movements.ts";

/*
 * What happens to units an order reserved (checkout moved them from a variant's `stock` to its
 * `reserved`, in orders/place-order.ts): sold when the order is paid, back on the shelf when it
 * expires or is cancelled; a paid order cancelled before shipping returns its sold units (returnSold).
 * Called inside the caller's transaction; variants are always taken in id order, like every other
 * writer of variants, so two transactions never deadlock.
 */

/** Units per variant id. */
export type Units = ReadonlyMap<number, number>;

const inIdOrder = (units: Units) => [...units.keys()].sort((a, b) => a - b);

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
