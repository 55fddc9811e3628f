import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { banners } from "./schema.ts";
import { BadRequestError, NotFoundError } from "#server/core/errors.ts";
import type { Tx } from "#server/core/db/client.ts";
import type { CatalogFiles } from "./files.ts";
import { CATALOG_MESSAGES as M, type ApiBanner, type CreateBannerFields } from "./schemas.ts";

/** The home page's banners: the list, the one active banner, and the admin's changes ('Criar banner'). */

function toApiBanner(row: typeof banners.$inferSelect): ApiBanner {
  return {
    idimg_banner: row.id,
    titulo: row.titulo,
    slogam: row.slogam,
    imagem: row.imagem,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** Serialises banner changes, so "exactly one active banner" never races. */
async function lockBanners(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('loja:banners'))`);
}

export interface BannersDeps {
  db: Database;
  files: CatalogFiles;
}

export async function listBanners(db: Database): Promise<ApiBanner[]> {
  const rows = await db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
  return rows.map(toApiBanner);
}

export async function activeBanner(db: Database): Promise<ApiBanner | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.isActive, true)).limit(1);
  return row ? toApiBanner(row) : undefined;
}

/** The first banner (when none is active) becomes the active one. */
export async function createBanner(
  deps: BannersDeps,
  fields: CreateBannerFields,
  file: Buffer | undefined,
): Promise<{ id: number; isActive: boolean }> {
  const { db, files } = deps;
  if (!file) throw new BadRequestError(M.bannerImageRequired);
  const stored = await files.store(file);
  try {
    return await db.transaction(async (tx) => {
      await lockBanners(tx);
      const anyActive = await tx.$count(banners, eq(banners.isActive, true));
      const [row] = await tx
        .insert(banners)
        .values({
          titulo: fields.titulo,
          slogam: fields.slogam,
          imagem: stored.fileName,
          isActive: anyActive === 0,
        })
        .returning({ id: banners.id, isActive: banners.isActive });
      return row!;
    });
  } catch (error) {
    await files.remove([stored.fileName]);
    throw error;
  }
}

/** Makes one banner the active one, in one transaction. */
export async function activateBanner(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBanners(tx);
    const exists = await tx.$count(banners, eq(banners.id, id));
    if (!exists) throw new NotFoundError(M.bannerNotFound);
    await tx
      .update(banners)
      .set({ isActive: false })
      .where(and(eq(banners.isActive, true), ne(banners.id, id)));
    await tx.update(banners).set({ isActive: true }).where(eq(banners.id, id));
  });
}

/** Deletes a banner; when it was the active one, the most recent remaining one takes over. */
export async function deleteBanner(deps: BannersDeps, id: number): Promise<void> {
  const { db, files } = deps;
  const removed = await db.transaction(async (tx) => {
    await lockBanners(tx);
    const [row] = await tx
      .delete(banners)
      .where(eq(banners.id, id))
      .returning({ imagem: banners.imagem, isActive: banners.isActive });
    if (!row) throw new NotFoundError(M.bannerNotFound);
    if (row.isActive) {
      const [next] = await tx
        .select({ id: banners.id })
        .from(banners)
        .orderBy(desc(banners.createdAt), desc(banners.id))
        .limit(1);
      if (next) await tx.update(banners).set({ isActive: true }).where(eq(banners.id, next.id));
    }
    return row;
  });
  await files.removeUnreferenced([removed.imagem]);
}
