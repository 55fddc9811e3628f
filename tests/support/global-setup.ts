import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "#server/core/db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "#server/core/db/embedded.ts";
import { runMigrations } from "#server/core/db/migrate.ts";
import { freePort } from "#server/core/free-port.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDatabase: string;
  }
}

export { freePort };

/**
 * One PostgreSQL for the whole test run: TEST_DATABASE_URL when set (CI also runs the
 * suite on Debian's PostgreSQL 15 that way), otherwise an embedded one in a temp dir.
 * Migrations run once into a template database; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-test-pg-"));
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      logger: { info: () => {}, warn: (m) => console.warn(m) },
    });
    serverUrl = embedded.url;
  }
  const template = `loja_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const db = createDatabase(withDatabase(serverUrl, template), { max: 2 });
  await runMigrations(db);
  await db.$client.end();

  project.provide("pgServerUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = "/" + database;
  return u.toString();
}
