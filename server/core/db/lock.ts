import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on DATA_DIR for this process, so that a second shop
 * started on the same directory stops with a clear message instead of starting a
 * second PostgreSQL on the same files. A lock left by a killed process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "loja.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Loja process (pid ${owner}) is already using DATA_DIR ${dataDir}. ` +
            `Stop it first, or give this instance its own DATA_DIR (or a shared DATABASE_URL).`,
        );
      }
      unlinkSync(file); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}

export { isAlive as isProcessAlive };
