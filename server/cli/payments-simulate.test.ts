import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import { orderWithPayment } from "#tests/support/orders.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { listenAndRecord } from "#server/http/listen.ts";

/*
 * `npm run payments:simulate` (issue 18, defect 6): it exited 0 when the callback never reached the shop. It finds
 * the running shop from DATA_DIR (the address the shop records there while it listens), names the variable to set
 * when there is none, and fails with the reason when the notification is not delivered.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run` does, with only the given variables (no PUBLIC_URL or PORT unless given). */
function simulate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server/cli/payments-simulate.ts", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: "test", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

let t: TestApp;
let otherDataDir: string;
beforeAll(async () => {
  t = await createTestApp({ HOST: "127.0.0.1", PORT: "0" });
  otherDataDir = mkdtempSync(path.join(os.tmpdir(), "loja-simulate-"));
});
afterAll(async () => {
  await t.close();
  rmSync(otherDataDir, { recursive: true, force: true });
});

const orderStatus = async (orderId: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe("npm run payments:simulate", () => {
  it("without a running shop: exits non-zero, naming the variable to set; the order stays unpaid", async () => {
    const buyer = await signIn(t, "cliente");
    const { orderId } = await orderWithPayment(t, buyer.headers, {
      method: "mb",
      priceCents: 1990,
      stock: 2,
      quantity: 1,
    });
    const run = await simulate(["--order", String(orderId)], {
      DATA_DIR: otherDataDir,
      DATABASE_URL: t.config.databaseUrl!,
    });
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    expect(run.stderr).toContain("PUBLIC_URL");
    expect(run.stderr).toContain(otherDataDir);
    expect(await orderStatus(orderId)).toBe("pending_payment");
  });

  it("when the notification cannot be delivered: exits non-zero with the reason and the address tried", async () => {
    const buyer = await signIn(t, "cliente");
    const { orderId } = await orderWithPayment(t, buyer.headers, {
      method: "mb",
      priceCents: 1990,
      stock: 2,
      quantity: 1,
    });
    const port = await closedPort();
    const run = await simulate(["--order", String(orderId)], {
      DATA_DIR: otherDataDir,
      DATABASE_URL: t.config.databaseUrl!,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    expect(run.stderr).toContain("Não foi possível entregar a notificação simulada");
    expect(run.stderr).toContain(`http://127.0.0.1:${port}`);
    expect(await orderStatus(orderId)).toBe("pending_payment");
  });

  it("with the shop running on the same DATA_DIR: finds it, delivers, the order is paid, exit 0", async () => {
    const { url, forget } = await listenAndRecord(t.app, t.config);
    try {
      const buyer = await signIn(t, "cliente");
      const { orderId } = await orderWithPayment(t, buyer.headers, {
        method: "mb",
        priceCents: 1990,
        stock: 2,
        quantity: 1,
      });
      // Only DATA_DIR (and the database the shop uses): the address and the callback key come from DATA_DIR.
      const run = await simulate(["--order", String(orderId)], {
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.config.databaseUrl!,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain("Callback 1: HTTP 200");
      expect(run.stdout).toContain(url);
      expect(await orderStatus(orderId)).toBe("paid");
    } finally {
      forget();
    }
  });
});
