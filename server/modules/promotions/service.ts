import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Tx } from "#server/core/db/client.ts";
import { PG_UNIQUE_VIOLATION, pgError, pgErrorCode } from "#server/core/db/pg-errors.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import { categories, products } from "#server/modules/catalog/schema.ts";
import { promotions } from "./schema.ts";
import { PROMOTION_MESSAGES as M, type Promotion, type PromotionInput, toPromotion } from "./schemas.ts";

/*
 * The admin's promotions (discount codes and automatic reductions): list, create, change, delete. The input is
 * validated by the routes (schemas.ts); here: the references that must exist, the unique code, and the delete that
 * deactivates when orders name the promotion. Every save notifies `loja_catalog` through the table's triggers
 * (migration 0022), so the cached catalogue and pages of every instance show the new prices.
 */

export interface PromotionsService {
  list(): Promise<Promotion[]>;
  get(id: number): Promise<Promotion>;
  create(input: PromotionInput): Promise<Promotion>;
  update(id: number, input: PromotionInput): Promise<Promotion>;
  /** Removes it, or only deactivates it when it was used (orders keep naming it): `deactivated` says which. */
  remove(id: number): Promise<{ deactivated: boolean }>;
}

/** The categories and products named must exist (a product deleted from the shop no longer counts). */
async function checkReferences(tx: Tx, input: PromotionInput): Promise<void> {
  if (input.categoryIds.length) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, input.categoryIds));
    const missing = input.categoryIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new BadRequestError(M.unknownCategory(missing));
  }
  if (input.productIds.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, input.productIds), isNull(products.deletedAt)));
    const missing = input.productIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new BadRequestError(M.unknownProduct(missing));
  }
}

/** The unique index on upper(code): a clear 409 instead of the generic constraint answer. */
function duplicateCode(error: unknown): never {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgError(error)?.constraint === "promotions_code_upper_idx")
    throw new ConflictError(M.duplicateCode);
  throw error;
}

export function createPromotionsService(deps: {
  db: Database;
  /**
   * Whether an order or order line names the promotion (server/flows/promotion-figures/): such a promotion is only
   * deactivated, so the orders keep naming it (their foreign keys would set null).
   */
  namedByOrders: (tx: Tx, promotionId: number) => Promise<boolean>;
}): PromotionsService {
  const { db } = deps;

  async function get(id: number): Promise<Promotion> {
    const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
    if (!row) throw new NotFoundError(M.notFound);
    return toPromotion(row);
  }

  return {
    async list() {
      const rows = await db.select().from(promotions).orderBy(desc(promotions.active), desc(promotions.id));
      return rows.map(toPromotion);
    },
    get,
    async create(input) {
      const row = await db
        .transaction(async (tx) => {
          await checkReferences(tx, input);
          const [created] = await tx.insert(promotions).values(input).returning();
          return created!;
        })
        .catch(duplicateCode);
      return toPromotion(row);
    },
    async update(id, input) {
      const row = await db
        .transaction(async (tx) => {
          // Locks the row: two saves of one promotion apply one after the other.
          const [current] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
          if (!current) throw new NotFoundError(M.notFound);
          await checkReferences(tx, input);
          const [updated] = await tx
            .update(promotions)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(promotions.id, id))
            .returning();
          return updated!;
        })
        .catch(duplicateCode);
      return toPromotion(row);
    },
    async remove(id) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
        if (!current) throw new NotFoundError(M.notFound);
        // Orders are a later module: whether any names this promotion is asked through the composition root.
        if (current.uses === 0 && !(await deps.namedByOrders(tx, id))) {
          await tx.delete(promotions).where(eq(promotions.id, id));
          return { deactivated: false };
        }
        await tx.update(promotions).set({ active: false, updatedAt: new Date() }).where(eq(promotions.id, id));
        return { deactivated: true };
      });
    },
  };
}
