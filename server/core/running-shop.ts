import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive } from "#server/core/db/lock.ts";

/*
 * Where the running shop answers HTTP, recorded under DATA_DIR while it listens (like PostgreSQL's
 * postmaster.pid beside it): the command-line tools run on the same DATA_DIR (npm run payments:simulate)
 * reach the shop without being told its PORT. A record whose process is gone is ignored.
 */

/** DATA_DIR/running-shop.json: { pid, url }. */
export const runningShopFile = (dataDir: string) => path.join(path.resolve(dataDir), "running-shop.json");

/** Records this process's address; returns what removes the record again (only while it is still this one's). */
export function recordRunningShop(dataDir: string, url: string): () => void {
  const file = runningShopFile(dataDir);
  const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, JSON.stringify({ pid: process.pid, url }) + "\n", { mode: 0o644 });
  renameSync(tmp, file); // a reader sees the old record or the new one, never half of one
  return () => {
    if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}

/** The address of the shop running on this DATA_DIR, or undefined when none is. */
export function runningShopUrl(dataDir: string): string | undefined {
  const record = readRecord(runningShopFile(dataDir));
  return record && isProcessAlive(record.pid) ? record.url : undefined;
}

function readRecord(file: string): { pid: number; url: string } | undefined {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as { pid?: unknown; url?: unknown };
    return Number.isInteger(value.pid) && typeof value.url === "string"
      ? { pid: value.pid as number, url: value.url }
      : undefined;
  } catch {
    return undefined; // none, or not ours to read
  }
}
