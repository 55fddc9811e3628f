import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { pgErrorCode as pgCode } from "#server/core/db/pg-errors.ts";
import { colors, products, sizes as sizesTable, variants } from "./schema.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { recordMovements } from "#server/modules/inventory/movements.ts";
import { notDeleted, variantRows } from "./columns.ts";
import { CATALOG_MESSAGES as M, type ApiVariant, type CreateVariantBody } from "./schemas.ts";

/** A product's variants (colour + size, with stock): the admin's variant forms on the product screens. */

const INITIAL_STOCK_REASON = "Stock inicial";

export function createVariantsService(deps: { db: Database }) {
  const { db } = deps;

  /** Creates a variant with its initial stock, recorded as a stock movement by the admin. */
  async function insertVariant(input: CreateVariantBody, actorUserId: number): Promise<ApiVariant> {
    return db.transaction(async (tx) => {
      const product = await tx.$count(products, notDeleted(input.product_id));
      if (!product) throw new NotFoundError(M.productNotFound);
      const color = await tx.$count(colors, eq(colors.id, input.color_id));
      if (!color) throw new NotFoundError(M.colorNotFound);
      if (input.size_id !== undefined) {
        const size = await tx.$count(sizesTable, eq(sizesTable.id, input.size_id));
        if (!size) throw new NotFoundError(M.sizeNotFound);
      }
      const [created] = await tx
        .insert(variants)
        .values({
          productId: input.product_id,
          colorId: input.color_id,
          sizeId: input.size_id ?? null,
          stock: input.stock,
        })
        .onConflictDoNothing()
        .returning({ id: variants.id });
      if (!created) throw new ConflictError(M.duplicateVariant);
      await recordMovements(tx, [
        { variantId: created.id, stockBefore: 0, stockAfter: input.stock, reason: INITIAL_STOCK_REASON, actorUserId },
      ]);
      const [row] = await variantRows(tx, eq(variants.id, created.id));
      return row!;
    });
  }

  return {
    /** Creates a variant with its initial stock, recorded as a stock movement by the admin. */
    async createVariant(input: CreateVariantBody, actorUserId: number): Promise<ApiVariant> {
      try {
        return await insertVariant(input, actorUserId);
      } catch (error) {
        // The product, colour or size vanished between the checks and the insert.
        if (pgCode(error) === "23503") throw new ConflictError(M.concurrentChange);
        throw error;
      }
    },

    /** Order lines keep their copy of the variant's data (variant_id becomes null). */
    async deleteVariant(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ reserved: variants.reserved })
          .from(variants)
          .where(eq(variants.id, id))
          .for("update");
        if (!row) throw new NotFoundError(M.variantNotFound);
        if (row.reserved > 0) throw new ConflictError(M.variantReserved);
        await tx.delete(variants).where(eq(variants.id, id));
      });
    },
  };
}
