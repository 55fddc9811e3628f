import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "./fixtures.ts";
import { freePort } from "#tests/support/global-setup.ts";

/**
 * The process lifecycle of the real server: a second process on the same DATA_DIR is
 * refused, a SIGKILLed process restarts with every committed row, SIGTERM stops cleanly.
 */
const root = path.resolve(import.meta.dirname, "../..");

interface Shop {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startShop(dataDir: string, port: number, pgPort: number): Shop {
  let out = "";
  const proc = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_EMAIL: "dono@loja.pt",
      ADMIN_PASSWORD: "dono-123456",
      DEMO_DATA: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitHealthy(port: number, shop: Shop): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (shop.proc.exitCode !== null) throw new Error(`shop exited early:\n${shop.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`shop did not become healthy:\n${shop.output()}`);
}

async function loginCookies(port: number): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "dono@loja.pt", password: "dono-123456" }),
  });
  expect(res.status).toBe(200);
  const jar = Object.fromEntries(
    res.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=") as [string, string]),
  );
  return { cookie: `loja_session=${jar.loja_session}; loja_csrf=${jar.loja_csrf}`, "x-csrf-token": jar.loja_csrf! };
}

test("one DATA_DIR, one process; SIGKILL loses nothing committed; SIGTERM stops cleanly", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-lifecycle-"));
  const [port, pgPort] = [await freePort(), await freePort()];
  try {
    const first = startShop(dataDir, port, pgPort);
    await waitHealthy(port, first);

    const registered = await fetch(`http://127.0.0.1:${port}/api/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Cliente Persistente", email: "persistente@exemplo.pt", password: "segredo1" }),
    });
    expect(registered.status).toBe(201);

    const second = startShop(dataDir, await freePort(), pgPort);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("Another Loja process");

    first.proc.kill("SIGKILL");
    await first.exited;

    const third = startShop(dataDir, port, pgPort);
    await waitHealthy(port, third);
    const users = await fetch(`http://127.0.0.1:${port}/api/users`, { headers: await loginCookies(port) });
    expect(users.status).toBe(200);
    expect((await users.json()).map((u: { email: string }) => u.email)).toContain("persistente@exemplo.pt");

    third.proc.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dataDir, "loja.lock"))).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
