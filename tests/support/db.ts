import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#server/core/config.ts";
import { createDatabase, type Database } from "#server/core/db/client.ts";
import { createServices, type Services } from "#server/services.ts";
import { withDatabase } from "./global-setup.ts";

/** A fresh, migrated database for one test file (a clone of the run's template). */
export async function createTestDatabase(): Promise<{ url: string; db: Database; drop(): Promise<void> }> {
  const serverUrl = inject("pgServerUrl");
  const name = `loja_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("templateDatabase")}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const db = createDatabase(url, { max: 10 });
  return {
    url,
    db,
    async drop() {
      await db.$client.end();
      const c = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  services: Services;
  config: Config;
  close(): Promise<void>;
}

/** The real Fastify app (API only) on its own database and DATA_DIR. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: "http://localhost:3000",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...env,
  });
  const services = createServices({ config, db: database.db });
  const app = await buildApp({ config, services, web: "none" });
  await app.ready();
  return {
    app,
    db: database.db,
    services,
    config,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
