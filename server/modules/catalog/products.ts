import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { pgErrorCode as pgCode } from "#server/core/db/pg-errors.ts";
import { productImages, products } from "./schema.ts";
import { BadRequestError, NotFoundError } from "#server/core/errors.ts";
import { resolveCategory } from "./attributes.ts";
import type { Tx } from "#server/core/db/client.ts";
import { notDeleted } from "./columns.ts";
import type { CatalogFiles } from "./files.ts";
import type { StoredImage } from "./images.ts";
import { vatColumns, type VatDefaults } from "./vat-fields.ts";
import { hasSafetyInput, readSafety, safetyChanges } from "./safety/fields.ts";
import { NO_SAFETY } from "./safety/rules.ts";
import {
  CATALOG_MESSAGES as M,
  DEFAULT_MODELO_ID,
  type CreateProductFields,
  type UpdateProductFields,
} from "./schemas.ts";

/*
 * The admin's product changes ('Criar produto', 'Editar produto', the products grid's status and
 * delete buttons). Pictures are stored before the transaction and removed when it fails.
 */

/** Appends stored pictures to a product, after the ones it has (positions start, start + 1, …). */
async function insertImages(tx: Tx, productId: number, stored: readonly StoredImage[], start: number) {
  await tx.insert(productImages).values(
    stored.map((s, i) => ({
      productId,
      fileName: s.fileName,
      position: start + i,
      width: s.width,
      height: s.height,
    })),
  );
}

/** The product row, locked for this transaction, or 404 with the given message. */
async function lockProduct(tx: Tx, id: number, message: string): Promise<void> {
  const [product] = await tx.select({ id: products.id }).from(products).where(notDeleted(id)).for("update");
  if (!product) throw new NotFoundError(message);
}

export interface ProductsDeps {
  db: Database;
  files: CatalogFiles;
  /** The settings' IVA defaults of now, for a new product and an exempt product without a code. */
  vatDefaults: () => Promise<VatDefaults>;
}

/** Runs a change that refers to just-stored pictures; when it fails, the pictures are removed. */
async function withStored<T>(
  files: CatalogFiles,
  stored: readonly StoredImage[],
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    await files.remove(stored.map((s) => s.fileName));
    throw error;
  }
}

/** Puts a product in the shop (1) or takes it out (0); returns its name. */
export async function setProductStatus(db: Database, id: number, status: 0 | 1): Promise<{ name: string }> {
  const [row] = await db
    .update(products)
    .set({ status, updatedAt: sql`now()` })
    .where(notDeleted(id))
    .returning({ name: products.name });
  if (!row) throw new NotFoundError(M.productNotFound);
  return row;
}

/**
 * Deletes a product with its pictures, variants and stock history. A product that
 * order lines refer to is hidden instead (deleted_at, status 0), so order history stays intact.
 */
export async function deleteProduct(deps: ProductsDeps, id: number): Promise<{ mode: "deleted" | "hidden" }> {
  const { db, files } = deps;
  const result = await db.transaction(async (tx) => {
    await lockProduct(tx, id, M.productGone);
    const images = await tx
      .select({ fileName: productImages.fileName })
      .from(productImages)
      .where(eq(productImages.productId, id));
    try {
      // A savepoint: order_lines.product_id is ON DELETE RESTRICT, so a sold product refuses.
      await tx.transaction(async (sp) => {
        await sp.delete(products).where(eq(products.id, id));
      });
      return { mode: "deleted" as const, files: images.map((i) => i.fileName) };
    } catch (error) {
      // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation.
      const code = pgCode(error);
      if (code !== "23001" && code !== "23503") throw error;
      await tx
        .update(products)
        .set({ deletedAt: sql`now()`, status: 0, updatedAt: sql`now()` })
        .where(eq(products.id, id));
      return { mode: "hidden" as const, files: [] };
    }
  });
  if (result.files.length > 0) await files.removeUnreferenced(result.files);
  return { mode: result.mode };
}

/** POST /api/product/create: at least one picture; nothing is kept when anything fails. */
export async function createProduct(
  deps: ProductsDeps,
  fields: CreateProductFields,
  pictures: readonly Buffer[],
): Promise<{ id: number }> {
  const { db, files } = deps;
  if (pictures.length === 0) throw new BadRequestError(M.imageRequired);
  const defaults = await deps.vatDefaults();
  const vat = vatColumns(fields.vat_category ?? defaults.category, fields.vat_exemption_code, defaults.exemptionCode);
  const safety = safetyChanges(fields, NO_SAFETY);
  const stored = await files.storeAll(pictures);
  return withStored(files, stored, () =>
    db.transaction(async (tx) => {
      const categoryId = await resolveCategory(tx, fields.categoria);
      const [row] = await tx
        .insert(products)
        .values({
          name: fields.name,
          description: fields.description,
          priceCents: fields.price,
          categoryId,
          sizes: fields.sizes ?? "",
          status: fields.status ?? 1,
          modeloId: fields.modelo_id ?? DEFAULT_MODELO_ID,
          ...vat,
          ...safety,
        })
        .returning({ id: products.id });
      await insertImages(tx, row!.id, stored, 0);
      return { id: row!.id };
    }),
  );
}

/** PUT /api/product/updateproductstock/:id: new data; new pictures are appended. */
export async function updateProduct(
  deps: ProductsDeps,
  id: number,
  fields: UpdateProductFields,
  pictures: readonly Buffer[],
): Promise<void> {
  const { db, files } = deps;
  const exists = await db.$count(products, notDeleted(id));
  if (!exists) throw new NotFoundError(M.productNotFound);
  // Absent: the product keeps its IVA; a category without a code takes the settings' default code.
  const vat =
    fields.vat_category === undefined
      ? null
      : vatColumns(fields.vat_category, fields.vat_exemption_code, (await deps.vatDefaults()).exemptionCode);
  const stored = await files.storeAll(pictures);
  await withStored(files, stored, () =>
    db.transaction(async (tx) => {
      await lockProduct(tx, id, M.productNotFound);
      const changes: Partial<typeof products.$inferInsert> = {
        name: fields.name,
        description: fields.description,
        priceCents: fields.price,
        updatedAt: new Date(),
      };
      if (fields.categoria !== undefined) changes.categoryId = await resolveCategory(tx, fields.categoria);
      if (fields.sizes !== undefined) changes.sizes = fields.sizes;
      if (fields.status !== undefined) changes.status = fields.status;
      if (fields.modelo_id !== undefined) changes.modeloId = fields.modelo_id;
      if (vat) Object.assign(changes, vat);
      // Checked against what is stored, so a partial update cannot leave an outside-EU product without its EU person.
      if (hasSafetyInput(fields)) Object.assign(changes, safetyChanges(fields, await readSafety(tx, id)));
      await tx.update(products).set(changes).where(eq(products.id, id));
      if (stored.length > 0) {
        const [last] = await tx
          .select({ max: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
          .from(productImages)
          .where(eq(productImages.productId, id));
        await insertImages(tx, id, stored, (last?.max ?? -1) + 1);
      }
    }),
  );
}
