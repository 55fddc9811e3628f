import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client.ts";

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** Applies pending migrations; an advisory lock lets several instances start at once. */
export async function runMigrations(db: Database): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock(727271)");
    try {
      await migrate(db, { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(727271)");
    }
  } finally {
    client.release();
  }
}
