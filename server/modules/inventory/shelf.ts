import { asc, eq, inArray, sql } from "drizzle-orm";
import { variants } from "#server/modules/catalog/schema.ts";
import type { Tx } from "#server/core/db/client.ts";
import { recordMovements } from "./movements.ts";
import type { Units } from "./reservations.ts";

/*
 * Units taken straight off the shelf for an order that is paid without holding a reservation (an
 * expired or cancelled order reinstated when its payment arrived late). Called inside the caller's
 * transaction; variants are locked in id order like every other writer of variants.
 */

/** A variant that has fewer free units than the order needs (a deleted variant has 0). */
export interface Shortage {
  variantId: number;
  needed: number;
  available: number;
}

/**
 * Takes `units` from the variants' `stock`, each move a stock movement of the order by `actorUserId`.
 * All or nothing: when any variant is short, nothing changes and the shortages are returned.
 */
export async function takeFromShelf(
  tx: Tx,
  units: Units,
  reason: string,
  orderId: number,
  actorUserId: number | null,
): Promise<Shortage[]> {
  if (units.size === 0) return [];
  const ids = [...units.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .where(inArray(variants.id, ids))
    .orderBy(asc(variants.id))
    .for("update");
  const stockOf = new Map(locked.map((v) => [v.id, v.stock]));
  const shortages = ids
    .map((id) => ({ variantId: id, needed: units.get(id)!, available: stockOf.get(id) ?? 0 }))
    .filter((s) => s.available < s.needed);
  if (shortages.length > 0) return shortages;
  for (const v of locked) {
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${units.get(v.id)!}`, updatedAt: sql`now()` })
      .where(eq(variants.id, v.id));
  }
  await recordMovements(
    tx,
    locked.map((v) => ({
      variantId: v.id,
      stockBefore: v.stock,
      stockAfter: v.stock - units.get(v.id)!,
      reason,
      orderId,
      actorUserId,
    })),
  );
  return [];
}

/**
 * The variants (in id order) with fewer units on the shelf than `units` asks for, read without locks: the answer
 * after a reservation failed on `CHECK (stock >= 0)` (reserveUnits). Empty when the units came back meanwhile;
 * a variant that no longer exists is not listed.
 */
export async function shelfShortages(db: Tx, units: Units): Promise<Shortage[]> {
  const rows = await db
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .where(inArray(variants.id, [...units.keys()]))
    .orderBy(asc(variants.id));
  return rows
    .filter((v) => v.stock < units.get(v.id)!)
    .map((v) => ({ variantId: v.id, needed: units.get(v.id)!, available: v.stock }));
}
