import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { storedPictures } from "#server/core/db/schema.ts";
import type { StorageDriver } from "./guard.ts";
import { etagOf, sha256Hex } from "./storage.ts";

/**
 * UPLOADS_STORAGE=postgres: pictures as rows of stored_pictures, so instances behind a load balancer share
 * nothing but the database (and its backups hold the pictures too).
 */
export function postgresDriver(db: Database, opts: { ownsPool?: boolean } = {}): StorageDriver {
  return {
    driver: "postgres",
    async put(name, bytes, contentType) {
      const row = { name, bytes, contentType, sha256: sha256Hex(bytes), size: bytes.length };
      await db
        .insert(storedPictures)
        .values(row)
        .onConflictDoUpdate({
          target: storedPictures.name,
          set: { bytes: row.bytes, contentType, sha256: row.sha256, size: row.size },
        });
    },
    async get(name) {
      const [row] = await db
        .select({ bytes: storedPictures.bytes, contentType: storedPictures.contentType, sha256: storedPictures.sha256 })
        .from(storedPictures)
        .where(eq(storedPictures.name, name));
      return row ? { bytes: row.bytes, etag: etagOf(row.sha256), contentType: row.contentType } : null;
    },
    async delete(name) {
      await db.delete(storedPictures).where(eq(storedPictures.name, name));
    },
    async list() {
      const rows = await db
        .select({ name: storedPictures.name })
        .from(storedPictures)
        .orderBy(asc(sql`${storedPictures.name} collate "C"`));
      return rows.map((r) => r.name);
    },
    explain(error) {
      const e = error as { code?: string; message?: string };
      return { failure: "unavailable", detail: `the database: ${e?.code ?? "error"}: ${e?.message ?? String(error)}` };
    },
    close: async () => {
      if (opts.ownsPool) await db.$client.end();
    },
  };
}
