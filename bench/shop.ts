// Starts the built shop as a child process on a fresh temp DATA_DIR and free loopback ports,
// for the benchmark (bench/run.ts) and the Lighthouse audit (scripts/audit-web.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "#server/core/free-port.ts";

export const root = path.resolve(import.meta.dirname, "..");

export { freePort };

/** `npm run build` when there is no production build yet. */
export function ensureBuild(): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build found: running npm run build …");
  const status = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" }).status;
  if (status !== 0) throw new Error("npm run build failed");
}

export interface Shop {
  url: string;
  port: number;
  dataDir: string;
  pgPort: number;
  /** postgres://… of the embedded database (password read from DATA_DIR/pg-password). */
  databaseUrl(): string;
  stop(): Promise<void>;
}

/** `opts.dataDir`: start on that DATA_DIR and keep it (a seeded data set reused between runs, bench/catalogue.ts). */
export async function startShop(extraEnv: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<Shop> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "loja-bench-"));
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(path.join(root, "node_modules/.bin/node"), ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
      await exited;
      clearTimeout(timer);
    }
    if (opts.dataDir) await postmasterGone(dataDir);
    else await removeDataDir(dataDir);
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The shop exited during start (code ${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The shop did not answer /healthz within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    port,
    dataDir,
    pgPort,
    databaseUrl: () => {
      const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/loja`;
    },
    stop,
  };
}

/** Waits (up to 15 s) for the embedded PostgreSQL of `dataDir` to have written its shutdown checkpoint and gone. */
async function postmasterGone(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  for (let i = 0; i < 60 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 250));
}

/**
 * The embedded PostgreSQL (its own processes, user postgres) can still be writing its shutdown checkpoint after the
 * shop's process has exited; removing the directory under it leaves a half-deleted DATA_DIR behind. Wait for the
 * postmaster to go, then remove, and check.
 */
async function removeDataDir(dataDir: string): Promise<void> {
  await postmasterGone(dataDir);
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {
      // retried below
    }
    if (!existsSync(dataDir)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.warn(`Could not remove ${dataDir}; delete it by hand.`);
}

/** Stops the shop on Ctrl-C / errors too, so no temp dir or embedded PostgreSQL is left behind. */
export function stopOnExit(shop: Shop): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void shop.stop().finally(() => process.exit(130));
    });
  }
}

export function machine(): string {
  const cpuinfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown CPU";
  const nproc = spawnSync("nproc", [], { encoding: "utf8" }).stdout?.trim() || String(os.availableParallelism());
  return `${nproc} CPUs (nproc), ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export async function firstProductId(base: string): Promise<number> {
  const res = await fetch(`${base}/api/product`);
  if (!res.ok) throw new Error(`GET /api/product answered ${res.status}`);
  const body = (await res.json()) as unknown;
  const list = (Array.isArray(body) ? body : ((body as { products?: unknown[] }).products ?? [])) as { id: number }[];
  const first = list[0];
  if (!first) throw new Error("GET /api/product returned no products (demo data not loaded?)");
  return first.id;
}
