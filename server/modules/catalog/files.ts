import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { banners, productImages } from "./schema.ts";
import { deleteImage, storeImage, type StoredImage } from "./images.ts";

/**
 * The picture files of products and banners. Pictures are written through store()/storeAll()
 * before the database transaction and removed again if anything fails, so a failed upload
 * leaves neither rows nor files.
 */
export function createCatalogFiles(deps: { db: Database; uploadsDir: string }) {
  const { db, uploadsDir } = deps;

  /** Best effort: a file that cannot be removed is only an orphan, never a failed request. */
  async function remove(fileNames: readonly string[]): Promise<void> {
    await Promise.all(fileNames.map((name) => deleteImage(name, uploadsDir).catch(() => {})));
  }

  return {
    remove,

    /** Stores one picture (validated by its content). */
    store(file: Buffer): Promise<StoredImage> {
      return storeImage(file, uploadsDir);
    },

    /** Stores every picture (validated by content); on the first bad one removes those already written. */
    async storeAll(files: readonly Buffer[]): Promise<StoredImage[]> {
      const stored: StoredImage[] = [];
      try {
        for (const file of files) stored.push(await storeImage(file, uploadsDir));
      } catch (error) {
        await remove(stored.map((s) => s.fileName));
        throw error;
      }
      return stored;
    },

    /** Removes files no product or banner refers to any more. */
    async removeUnreferenced(fileNames: readonly string[]): Promise<void> {
      const orphans: string[] = [];
      for (const name of new Set(fileNames)) {
        const used =
          (await db.$count(productImages, eq(productImages.fileName, name))) +
          (await db.$count(banners, eq(banners.imagem, name)));
        if (used === 0) orphans.push(name);
      }
      await remove(orphans);
    },
  };
}

export type CatalogFiles = ReturnType<typeof createCatalogFiles>;
