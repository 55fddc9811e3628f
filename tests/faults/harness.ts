/*
 * Fault drills against real shop processes (`node server/main.ts`) sharing one PostgreSQL.
 * Everything runs on 127.0.0.1; every wait is bounded in time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { createDatabase, type Database } from "#server/core/db/client.ts";
import { startEmbeddedPostgres } from "#server/core/db/embedded.ts";
import { runMigrations } from "#server/core/db/migrate.ts";
import { PASSWORD } from "./data.ts";
import { freePort } from "#server/core/free-port.ts";

// The seeding and the invariants live in data.ts; the drills import everything from here.
export {
  checkStockInvariants,
  PASSWORD,
  seedBuyers,
  seedProduct,
  variantStates,
  type Buyer,
  type SeededProduct,
  type VariantState,
} from "./data.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SESSION_SECRET = "faults-session-secret-0123456789-abcdefghijklmnop";
export const CALLBACK_KEY = "faults-callback-key-0123456789";

export { freePort };

/** Polls `check` every `everyMs` until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T> | T,
  everyMs = 200,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
}

// ---------- database ----------

export interface FaultDatabase {
  url: string;
  db: Database;
  close(): Promise<void>;
}

/**
 * FAULTS_DATABASE_URL (a server we may create a database on) or an embedded PostgreSQL in a
 * temp dir; either way a fresh, migrated database for this run.
 */
export async function openFaultDatabase(): Promise<FaultDatabase> {
  const external = process.env.FAULTS_DATABASE_URL?.trim();
  if (external) {
    const name = `loja_faults_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(external, name);
    const db = createDatabase(url, { max: 10 });
    await runMigrations(db);
    return {
      url,
      db,
      async close() {
        await db.$client.end().catch(() => {});
        const c = new pg.Client({ connectionString: external });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "loja-faults-pg-"));
  const embedded = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    logger: { info: () => {}, warn: (m) => console.warn(m) },
  });
  const db = createDatabase(embedded.url, { max: 10 });
  await runMigrations(db);
  return {
    url: embedded.url,
    db,
    async close() {
      await db.$client.end().catch(() => {});
      await embedded.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// ---------- shop processes ----------

export interface ShopOptions {
  name: string;
  databaseUrl: string;
  port: number;
  smtpPort?: number;
  env?: Record<string, string>;
}

export interface Shop {
  name: string;
  port: number;
  url: string;
  proc: ChildProcess;
  /** Its DATA_DIR (the embedded PostgreSQL lives in DATA_DIR/pg when DATABASE_URL is empty). */
  dataDir: string;
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL (no clean-up at all) or SIGTERM, and wait for the exit (bounded). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** A new process with the same port, DATA_DIR and settings (after stop()). */
  restart(): Promise<Shop>;
}

const dataDirs: string[] = [];
const running = new Set<Shop>();

/** Starts `node server/main.ts` and waits until /healthz answers. */
export async function startShop(opts: ShopOptions, dataDir?: string): Promise<Shop> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), `loja-faults-${opts.name}-`));
  if (!dataDir) dataDirs.push(dir);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    DATA_DIR: dir,
    DATABASE_URL: opts.databaseUrl,
    SESSION_SECRET,
    PAYMENT_CALLBACK_KEY: CALLBACK_KEY,
    DEMO_DATA: "off",
    LOG_LEVEL: "warn",
    // Mail retries after 1 s, 2 s, 4 s… instead of 5 s, 10 s, 20 s…, so the SMTP drill stays short.
    MAIL_RETRY_BASE_MS: "1000",
    ...(opts.smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}` } : {}),
    ...opts.env,
  };
  let out = "";
  const proc = spawn(process.execPath, ["server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.on("data", (d) => (out = (out + d).slice(-20_000)));
  proc.stderr!.on("data", (d) => (out = (out + d).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const shop: Shop = {
    name: opts.name,
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    proc,
    dataDir: dir,
    output: () => out,
    exited,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const done = await Promise.race([exited.then(() => true), sleep(25_000).then(() => false)]);
      if (!done) {
        proc.kill("SIGKILL");
        await exited;
      }
      running.delete(shop);
    },
    restart: () => startShop(opts, dir),
  };
  running.add(shop);
  try {
    await waitFor(`${opts.name} /healthz`, 60_000, async () => {
      if (proc.exitCode !== null) throw new Error(`exited early with ${proc.exitCode}`);
      const res = await fetch(`${shop.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      return res.ok;
    });
  } catch (error) {
    await shop.stop("SIGKILL");
    throw new Error(`${opts.name} did not start: ${String(error)}\n${out}`);
  }
  return shop;
}

/** Stops every shop still running and removes their DATA_DIRs. */
export async function stopAllShops(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop("SIGKILL")));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

// ---------- HTTP ----------

export type Auth = Record<"cookie" | "x-csrf-token", string>;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** Network failure or time-out: no HTTP answer at all. */
  error?: string;
  ms: number;
}

/** One HTTP exchange; never throws, never waits longer than timeoutMs. */
export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { ...(init.body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { raw: text.slice(0, 500) };
    }
    return { status: res.status, body, ms: Date.now() - started };
  } catch (error) {
    return {
      status: 0,
      body: {},
      error: (error as Error).name + ": " + (error as Error).message,
      ms: Date.now() - started,
    };
  }
}

export async function login(shop: Shop, email: string, password = PASSWORD): Promise<Auth> {
  const res = await fetch(`${shop.url}/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`login of ${email} on ${shop.name}: ${res.status} ${await res.text()}`);
  const jar = Object.fromEntries(
    res.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=") as [string, string]),
  );
  return { cookie: `loja_session=${jar.loja_session}; loja_csrf=${jar.loja_csrf}`, "x-csrf-token": jar.loja_csrf! };
}

export interface OrderItem {
  product_id: number;
  variant_id: number;
  quantity: number;
}

export function placeOrder(
  shop: Shop,
  auth: Auth,
  items: OrderItem[],
  opts: { key?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  return call(`${shop.url}/orders`, {
    method: "POST",
    headers: { ...auth, ...(opts.key ? { "idempotency-key": opts.key } : {}) },
    timeoutMs: opts.timeoutMs,
    body: {
      metodo_pagamento: "mb",
      dados_entrega: {
        nome: "Cliente Teste",
        morada: "Rua das Flores, 12",
        codigo_postal: "1000-001",
        cidade: "Lisboa",
        telefone: "912345678",
        entrega_rapida: false,
      },
      items,
    },
  });
}

// ---------- assertions ----------

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** True when `text` reads as a pt-PT message for a shopper (not an English or technical error). */
export function isPtMessage(text: unknown): boolean {
  return (
    typeof text === "string" &&
    text.length > 10 &&
    /[ãçéêáíóõúà]|\b(não|pagamento|tente|serviço|encomenda|stock)\b/i.test(text) &&
    !/\b(error|failed|timeout|exception|undefined)\b/i.test(text)
  );
}
