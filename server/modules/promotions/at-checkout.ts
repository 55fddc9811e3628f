import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import type { PromotionKind, PromotionRule } from "./pricing.ts";
import { promotions } from "./schema.ts";

/*
 * What the cart's quote and checkout read and write of promotions (issue 20; decision 0022): the automatic promotions
 * that may apply, a code's promotion, and its uses. A use is taken by ONE conditional UPDATE inside checkout's
 * statement (claimUse) and given back by the order's own transaction when an unpaid order expires or is cancelled
 * (giveBackUse), so `uses` always equals the orders that hold one.
 */

type PromotionRow = typeof promotions.$inferSelect;

const toRule = (row: PromotionRow): PromotionRule => ({ ...row, kind: row.kind as PromotionKind });

/** The active automatic promotions (pricing.ts checks their periods against the moment priced). */
export async function automaticRules(db: Tx): Promise<PromotionRule[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.code), eq(promotions.active, true), ne(promotions.kind, "portes_gratis")));
  return rows.map(toRule);
}

/** The promotion of a code as typed (trimmed, any case), or null: no such code. */
export async function ruleByCode(db: Tx, code: string): Promise<PromotionRule | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(sql`upper(${promotions.code}) = upper(${code.trim()})`)
    .limit(1);
  return row ? toRule(row) : null;
}

/**
 * The CTE `promotion_use` for checkout's one statement: takes a use of the promotion named by the placeholder
 * `promotionId` while uses < max_uses (null: nothing to take, no row). Concurrent checkouts of the last use wait on
 * the row and re-check the condition on its new version (READ COMMITTED), so exactly one of them gets a row.
 */
export const claimUse: SQL = sql`promotion_use as (
    update ${promotions} set uses = uses + 1
     where id = ${sql.placeholder("promotionId")}::int and active
       and (max_uses is null or uses < max_uses)
    returning id
  )`;

/** An order that held a use ended unpaid (expired, cancelled) or a claim was left without its order: the use returns. */
export async function giveBackUse(tx: Tx, promotionId: number): Promise<void> {
  await tx
    .update(promotions)
    .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
    .where(eq(promotions.id, promotionId));
}

/** An expired or cancelled order paid after all (reinstated) holds its use again, whatever the limit says now. */
export async function retakeUse(tx: Tx, promotionId: number): Promise<void> {
  await tx
    .update(promotions)
    .set({ uses: sql`${promotions.uses} + 1` })
    .where(eq(promotions.id, promotionId));
}
