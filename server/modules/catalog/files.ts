import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import type { PictureStorage } from "#server/core/storage/storage.ts";
import { banners, productImages } from "./schema.ts";
import { deleteImage, storeImage, type StoredImage } from "./images.ts";

/**
 * The picture files of products and banners, in the picture storage (UPLOADS_STORAGE). Pictures are
 * written through store()/storeAll() before the database transaction and removed again if anything
 * fails, so a failed upload leaves neither rows nor files.
 */
export interface CatalogFiles {
  /** Best effort: a file that cannot be removed is only an orphan, never a failed request. */
  remove(fileNames: readonly string[]): Promise<void>;
  /** Stores one picture (validated by its content). */
  store(file: Buffer): Promise<StoredImage>;
  /** Stores every picture (validated by content); on the first bad one removes those already written. */
  storeAll(files: readonly Buffer[]): Promise<StoredImage[]>;
  /** Removes files no product or banner refers to any more. */
  removeUnreferenced(fileNames: readonly string[]): Promise<void>;
}

export function createCatalogFiles(deps: { db: Database; storage: PictureStorage }): CatalogFiles {
  const { db, storage } = deps;
  return {
    remove: (fileNames) => removeFiles(storage, fileNames),
    store: (file) => storeImage(file, storage),
    storeAll: (files) => storeFiles(storage, files),
    removeUnreferenced: (fileNames) => removeUnreferencedFiles(db, storage, fileNames),
  };
}

export async function removeFiles(storage: PictureStorage, fileNames: readonly string[]): Promise<void> {
  await Promise.all(fileNames.map((name) => deleteImage(name, storage).catch(() => {})));
}

export async function storeFiles(storage: PictureStorage, files: readonly Buffer[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeImage(file, storage));
  } catch (error) {
    await removeFiles(
      storage,
      stored.map((s) => s.fileName),
    );
    throw error;
  }
  return stored;
}

export async function removeUnreferencedFiles(
  db: Database,
  storage: PictureStorage,
  fileNames: readonly string[],
): Promise<void> {
  const orphans: string[] = [];
  for (const name of new Set(fileNames)) {
    const used =
      (await db.$count(productImages, eq(productImages.fileName, name))) +
      (await db.$count(banners, eq(banners.imagem, name)));
    if (used === 0) orphans.push(name);
  }
  await removeFiles(storage, orphans);
}
