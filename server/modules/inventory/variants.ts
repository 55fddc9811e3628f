import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { pgErrorCode as pgCode } from "#server/core/db/pg-errors.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import { notDeleted, variantRows } from "#server/modules/catalog/columns.ts";
import { colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { CATALOG_MESSAGES as M, type ApiVariant, type CreateVariantBody } from "#server/modules/catalog/schemas.ts";
import { recordMovements } from "./movements.ts";

/*
 * A product's variants (colour + size) come and go with their stock: a new variant's units arrive as its
 * 'Stock inicial' movement, and a variant still holding reserved units cannot be deleted. The admin's variant
 * forms on the product screens (POST /api/product/createVariants, DELETE /api/product/variant/:id).
 */

const INITIAL_STOCK_REASON = "Stock inicial";

/** Creates a variant with its initial stock, recorded as a stock movement by the admin. */
async function insertVariant(db: Database, input: CreateVariantBody, actorUserId: number): Promise<ApiVariant> {
  return db.transaction(async (tx) => {
    const product = await tx.$count(products, notDeleted(input.product_id));
    if (!product) throw new NotFoundError(M.productNotFound);
    const color = await tx.$count(colors, eq(colors.id, input.color_id));
    if (!color) throw new NotFoundError(M.colorNotFound);
    if (input.size_id !== undefined) {
      const size = await tx.$count(sizes, eq(sizes.id, input.size_id));
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

/** Creates a variant with its initial stock, recorded as a stock movement by the admin. */
export async function createVariant(db: Database, input: CreateVariantBody, actorUserId: number): Promise<ApiVariant> {
  try {
    return await insertVariant(db, input, actorUserId);
  } catch (error) {
    // The product, colour or size vanished between the checks and the insert.
    if (pgCode(error) === "23503") throw new ConflictError(M.concurrentChange);
    throw error;
  }
}

/** Deletes a variant that holds no reserved units; order lines keep their copy of its data (variant_id becomes null). */
export async function deleteVariant(db: Database, id: number): Promise<void> {
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
}
