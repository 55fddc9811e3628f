import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { pgErrorCode as pgCode } from "#server/core/db/pg-errors.ts";
import { categories, colors, sizeColorEntries, sizes as sizesTable } from "./schema.ts";
import { BadRequestError, ConflictError } from "#server/core/errors.ts";
import type { Tx } from "#server/core/db/client.ts";
import {
  CATALOG_MESSAGES as M,
  INT32_MAX,
  type ApiColor,
  type CreateColorBody,
  type CreateSizeBody,
  type SizeColorEntryBody,
} from "./schemas.ts";

/*
 * What products are described by: categories, colours and sizes (the admin's 'Cores',
 * 'Tamanhos' and 'Categoria' screens, and the product and variant forms' choices).
 */

/** A category id (must exist) or a name (found case-insensitively, created when new). */
export async function resolveCategory(tx: Tx, categoria: string): Promise<number> {
  if (/^\d+$/.test(categoria)) {
    const id = Number(categoria);
    const [byId] =
      id >= 1 && id <= INT32_MAX
        ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
        : [];
    if (byId) return byId.id;
  }
  const byName = async () =>
    (
      await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(sql`lower(${categories.name})`, categoria.toLowerCase()))
        .limit(1)
    )[0];
  const existing = await byName();
  if (existing) return existing.id;
  if (/^\d+$/.test(categoria)) throw new BadRequestError(M.categoryNotFound);
  const [created] = await tx
    .insert(categories)
    .values({ name: categoria })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  const id = created?.id ?? (await byName())?.id;
  if (!id) throw new BadRequestError(M.categoryNotFound);
  return id;
}

/** A unique violation of a name (two admins creating the same one at once) is the same 409 as the check before. */
async function uniqueName<T>(message: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (pgCode(error) === "23505") throw new ConflictError(message);
    throw error;
  }
}

export async function listCategories(db: Database): Promise<Array<{ id: number; name: string }>> {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

export async function listColors(db: Database): Promise<ApiColor[]> {
  const rows = await db.select().from(colors).orderBy(asc(colors.name));
  return rows.map((r) => ({ id: r.id, name: r.name, color_hex: r.colorHex }));
}

export async function listSizes(db: Database): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: sizesTable.id, name: sizesTable.name })
    .from(sizesTable)
    .orderBy(asc(sizesTable.sortOrder), asc(sizesTable.name));
}

export async function createColor(db: Database, input: CreateColorBody): Promise<ApiColor> {
  const same = await db.$count(colors, eq(sql`lower(${colors.name})`, input.cor.toLowerCase()));
  if (same) throw new ConflictError(M.duplicateColor);
  const [row] = await uniqueName(M.duplicateColor, () =>
    db.insert(colors).values({ name: input.cor, colorHex: input.color_hex }).returning(),
  );
  return { id: row!.id, name: row!.name, color_hex: row!.colorHex };
}

export async function createSize(db: Database, input: CreateSizeBody): Promise<{ id: number; name: string }> {
  const same = await db.$count(sizesTable, eq(sql`lower(${sizesTable.name})`, input.tamanho.toLowerCase()));
  if (same) throw new ConflictError(M.duplicateSize);
  const [row] = await uniqueName(M.duplicateSize, () =>
    db
      .insert(sizesTable)
      .values({
        name: input.tamanho,
        sortOrder: sql`(select coalesce(max(${sizesTable.sortOrder}), 0) + 1 from ${sizesTable})`,
      })
      .returning({ id: sizesTable.id, name: sizesTable.name }),
  );
  return row!;
}

/** POST /api/product/categoria: the admin's size + colour entry. */
export async function createSizeColorEntry(db: Database, input: SizeColorEntryBody): Promise<{ id: number }> {
  const [row] = await db
    .insert(sizeColorEntries)
    .values({ tamanho: input.tamanho, cor: input.cor })
    .returning({ id: sizeColorEntries.id });
  return row!;
}
