import { sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { stockMovements } from "./schema.ts";

export interface MovementInput {
  variantId: number;
  stockBefore: number;
  stockAfter: number;
  reason: string;
  notes?: string;
  actorUserId?: number | null;
  orderId?: number | null;
}

/**
 * Every change of a variant's shelf stock, manual or by an order, is recorded here with who,
 * when, before, after and why. Callers change `variants.stock` in the same transaction.
 */
export async function recordMovements(tx: Tx, movements: MovementInput[]): Promise<void> {
  if (movements.length === 0) return;
  await tx.insert(stockMovements).values(
    movements.map((m) => ({
      variantId: m.variantId,
      stockBefore: m.stockBefore,
      stockAfter: m.stockAfter,
      reason: m.reason,
      notes: m.notes ?? "",
      actorUserId: m.actorUserId ?? null,
      orderId: m.orderId ?? null,
      createdAt: sql`now()`,
    })),
  );
}
