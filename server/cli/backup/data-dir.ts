import { execFileSync } from "node:child_process";
import { chownSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { freePort } from "#server/core/free-port.ts";

/*
 * What a DATA_DIR holds, for the backup and the restore: the embedded PostgreSQL (pg/), the pictures of the
 * `local` storage driver (uploads/) and the secrets the shop generated on first start (top-level files such as
 * pg-password, session-secret, payment-callback-key). Everything else is left out: the lock and address of a
 * running instance, and mail/ (copies of e-mails written when no SMTP relay is configured).
 */
export const PG_DIR = "pg";
export const UPLOADS_DIR = "uploads";
/** Written by the restore beside the data it restored: which backup it came from. */
export const MANIFEST_FILE = "backup-manifest.json";
/** Top-level files of a running shop that describe this process, not the shop's data. */
const RUNTIME_FILES = new Set(["loja.lock", "running-shop.json", MANIFEST_FILE]);

/** DATA_DIR as the shop resolves it (config.ts), without loadConfig(): that would create secrets in it. */
export function dataDirFromEnv(): string {
  return path.resolve(process.env.DATA_DIR?.trim() || "./data");
}

/** The secret files at the top of a DATA_DIR (names only). */
export function secretFiles(dataDir: string): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((e) => e.isFile() && !RUNTIME_FILES.has(e.name) && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

export const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** PostgreSQL refuses to run as root: when we are root, its files belong to the `postgres` user (as embedded.ts runs it). */
export function chownToPostgres(dir: string): void {
  if (!isRoot) return;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  const walk = (p: string) => {
    chownSync(p, uid, gid);
    if (lstatSync(p).isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
}

export { freePort };
