import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "#tests/support/global-setup.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/core/config.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import { createServices } from "#server/services.ts";

/*
 * With the database unreachable, every API call answers 503 with a pt-PT message (never 500),
 * /healthz answers 503, and the process keeps running. Two ways of being unreachable: nothing
 * listens on the port (ECONNREFUSED), and a server that drops each connection at once
 * ("Connection terminated unexpectedly", as when the postmaster is killed).
 */

const MESSAGE = "Serviço temporariamente indisponível. Tente novamente dentro de momentos.";
const PUBLIC_URL = "http://localhost:3000";

async function appOn(databaseUrl: string, connectTimeoutMs?: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-unavailable-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL,
    SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  const db = createDatabase(databaseUrl, { max: 4, connectTimeoutMs });
  const services = createServices({ config, db });
  const app = await buildApp({ config, services, web: "none" });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.$client.end().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP server that accepts every connection and then closes it at once, or never answers on it. */
async function tcpServer(behaviour: "drop" | "silent"): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    if (behaviour === "drop") socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `postgres://postgres:x@127.0.0.1:${(server.address() as { port: number }).port}/loja`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const cases: Array<{
  name: string;
  connectTimeoutMs?: number;
  url: () => Promise<{ url: string; stop(): Promise<void> }>;
}> = [
  {
    name: "nothing listens on the database port (ECONNREFUSED)",
    url: async () => ({ url: `postgres://postgres:x@127.0.0.1:${await freePort()}/loja`, stop: async () => {} }),
  },
  {
    name: "the database drops every connection (Connection terminated)",
    url: () => tcpServer("drop"),
  },
  {
    name: "the database accepts connections and never answers (connect time-out)",
    connectTimeoutMs: 300,
    url: () => tcpServer("silent"),
  },
];

describe.each(cases)("database unreachable: $name", ({ url, connectTimeoutMs }) => {
  let shop: Awaited<ReturnType<typeof appOn>>;
  let upstream: Awaited<ReturnType<(typeof cases)[number]["url"]>>;
  beforeAll(async () => {
    upstream = await url();
    shop = await appOn(upstream.url, connectTimeoutMs);
  });
  afterAll(async () => {
    await shop.close();
    await upstream.stop();
  });

  const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: MESSAGE, error: MESSAGE });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  };

  it("a public list call answers 503 with the pt-PT message", async () => {
    expect503(await shop.app.inject({ method: "GET", url: "/api/product" }));
  });

  it("a login answers 503, not 500 or 'wrong password'", async () => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/users/login",
      headers: { origin: PUBLIC_URL, "content-type": "application/json" },
      payload: JSON.stringify({ email: "cliente@exemplo.pt", password: "segredo-123" }),
    });
    expect503(res);
  });

  it("a call with a session cookie answers 503 (the session cannot be read), not 401", async () => {
    const res = await shop.app.inject({
      method: "GET",
      url: "/api/orders",
      headers: { cookie: `loja_session=${randomBytes(32).toString("base64url")}` },
    });
    expect503(res);
  });

  it("a checkout with a session answers 503 (before any access or CSRF decision)", async () => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/orders",
      headers: {
        origin: PUBLIC_URL,
        "content-type": "application/json",
        cookie: "loja_session=abc",
        "x-csrf-token": "x",
      },
      payload: JSON.stringify({ metodo_pagamento: "mb", dados_entrega: {}, items: [] }),
    });
    expect503(res);
  });

  it("/healthz answers 503", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(503);
  });

  it("a page request gets an HTML 503 page with the message", async () => {
    const res = await shop.app.inject({
      method: "GET",
      url: "/produtos",
      headers: { accept: "text/html,application/xhtml+xml", cookie: "loja_session=abc" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(MESSAGE);
    expect(res.body).toMatch(/<html lang="pt-PT"/);
  });
});

describe("isDatabaseUnavailable", () => {
  it("reads the errors of a backend terminated by the server as unavailable, a constraint error as not", async () => {
    const serverUrl = new URL(inject("pgServerUrl"));
    serverUrl.pathname = "/postgres";
    const victim = new pg.Client({ connectionString: serverUrl.toString() });
    victim.on("error", () => {});
    await victim.connect();
    const killer = new pg.Client({ connectionString: serverUrl.toString() });
    await killer.connect();
    const pid = (await victim.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    await killer.query("select pg_terminate_backend($1)", [pid]);
    const terminated = await victim.query("select 1").then(
      () => undefined,
      (error: unknown) => error,
    );
    const constraint = await killer.query("select 1/0").then(
      () => undefined,
      (error: unknown) => error,
    );
    await killer.end();
    await victim.end().catch(() => {});

    expect(terminated).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable({ cause: terminated })).toBe(true);
    expect((constraint as { code?: string }).code).toBe("22012");
    expect(isDatabaseUnavailable(constraint)).toBe(false);
    for (const code of ["57P01", "57P03", "08006", "08001", "53300"]) {
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Erro qualquer"))).toBe(false);
  });
});
