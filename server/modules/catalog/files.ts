import { eq } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { banners, productImages } from "./schema.ts";
import { deleteImage, storeImage, type StoredImage } from "./images.ts";

/**
 * The picture files of products and banners. Pictures are written through store()/storeAll()
 * before the database transaction and removed again if anything fails, so a failed upload
 * leaves neither rows nor files.
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

export function createCatalogFiles(deps: { db: Database; uploadsDir: string }): CatalogFiles {
  const { db, uploadsDir } = deps;
  return {
    remove: (fileNames) => removeFiles(uploadsDir, fileNames),
    store: (file) => storeImage(file, uploadsDir),
    storeAll: (files) => storeFiles(uploadsDir, files),
    removeUnreferenced: (fileNames) => removeUnreferencedFiles(db, uploadsDir, fileNames),
  };
}

export async function removeFiles(uploadsDir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(fileNames.map((name) => deleteImage(name, uploadsDir).catch(() => {})));
}

export async function storeFiles(uploadsDir: string, files: readonly Buffer[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeImage(file, uploadsDir));
  } catch (error) {
    await removeFiles(
      uploadsDir,
      stored.map((s) => s.fileName),
    );
    throw error;
  }
  return stored;
}

export async function removeUnreferencedFiles(
  db: Database,
  uploadsDir: string,
  fileNames: readonly string[],
): Promise<void> {
  const orphans: string[] = [];
  for (const name of new Set(fileNames)) {
    const used =
      (await db.$count(productImages, eq(productImages.fileName, name))) +
      (await db.$count(banners, eq(banners.imagem, name)));
    if (used === 0) orphans.push(name);
  }
  await removeFiles(uploadsDir, orphans);
}
