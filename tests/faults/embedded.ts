/*
 * The embedded PostgreSQL's postmaster killed with SIGKILL under a running shop (no DATABASE_URL):
 * while it is down every answer is 503 (API: the pt-PT message; pages: the 503 page; /healthz),
 * never 500; the shop starts it again by itself and serves orders after. When it cannot be started
 * again, the shop exits with status 1 and says why.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { createDatabase, type Database } from "#server/core/db/client.ts";
import { runningEmbeddedUrl } from "#server/core/db/embedded.ts";
import { isProcessAlive } from "#server/core/db/lock.ts";
import { orders } from "#server/modules/orders/schema.ts";
import type { FaultContext, FaultTest } from "./context.ts";
import {
  assert,
  call,
  checkStockInvariants,
  freePort,
  login,
  placeOrder,
  seedBuyers,
  seedProduct,
  startShop,
  waitFor,
  type Answer,
  type Auth,
  type SeededProduct,
  type Shop,
} from "./harness.ts";

const MESSAGE = "Serviço temporariamente indisponível. Tente novamente dentro de momentos.";
const STOCK = 50;

interface EmbeddedShop {
  shop: Shop;
  db: Database;
  auth: Auth;
  product: SeededProduct;
  initial: Map<number, number>;
}

let state: EmbeddedShop | undefined;

const postmasterPid = (shop: Shop) =>
  Number.parseInt(readFileSync(path.join(shop.dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]!, 10);

async function startEmbeddedShop(): Promise<EmbeddedShop> {
  const shop = await startShop({
    name: "E",
    databaseUrl: "",
    port: await freePort(),
    env: { EMBEDDED_PG_PORT: String(await freePort()) },
  });
  const url = runningEmbeddedUrl(shop.dataDir);
  assert(url, "the shop's embedded PostgreSQL is not running");
  const db = createDatabase(url, { max: 2 });
  const [buyer] = await seedBuyers(db, 1, "embutido");
  const product = await seedProduct(db, "Avental de Linho", [["Cru", "Único"]], STOCK);
  return {
    shop,
    db,
    auth: await login(shop, buyer!.email),
    product,
    initial: new Map(product.variantIds.map((id) => [id, STOCK])),
  };
}

interface Probe {
  what: string;
  answer: Answer;
  contentType?: string;
  text?: string;
}

/** Calls every kind of request over and over until `until` settles; returns every answer. */
async function probeUntil(s: EmbeddedShop, until: Promise<unknown>): Promise<Probe[]> {
  let stopped = false;
  void until.finally(() => (stopped = true));
  const seen: Probe[] = [];
  const item = { product_id: s.product.productId, variant_id: s.product.variantIds[0]!, quantity: 1 };
  const loops: Array<() => Promise<Probe>> = [
    async () => ({ what: "GET /healthz", answer: await call(`${s.shop.url}/healthz`, { timeoutMs: 5_000 }) }),
    async () => ({
      what: "GET /api/users/me",
      answer: await call(`${s.shop.url}/api/users/me`, { headers: s.auth, timeoutMs: 5_000 }),
    }),
    async () => ({
      what: "GET /api/product/:id",
      answer: await call(`${s.shop.url}/api/product/${s.product.productId}`, { timeoutMs: 5_000 }),
    }),
    async () => ({ what: "POST /orders", answer: await placeOrder(s.shop, s.auth, [item], { timeoutMs: 5_000 }) }),
    async () => {
      const started = Date.now();
      try {
        const res = await fetch(`${s.shop.url}/produto/${s.product.productId}`, {
          headers: { accept: "text/html" },
          signal: AbortSignal.timeout(5_000),
        });
        const text = await res.text();
        return {
          what: "GET /produto/:id (page)",
          answer: { status: res.status, body: {}, ms: Date.now() - started },
          contentType: res.headers.get("content-type") ?? "",
          text,
        };
      } catch (error) {
        return {
          what: "GET /produto/:id (page)",
          answer: { status: 0, body: {}, error: String(error), ms: Date.now() - started },
        };
      }
    },
  ];
  await Promise.all(
    loops.map(async (probe) => {
      while (!stopped) {
        seen.push(await probe());
        await sleep(20);
      }
    }),
  );
  return seen;
}

export const embeddedTests: FaultTest[] = [
  {
    name: "embedded PostgreSQL killed (SIGKILL): 503 with the message meanwhile, never 500; restarted; an order after recovery is stored",
    timeoutMs: 90_000,
    async run(ctx: FaultContext) {
      state = await startEmbeddedShop();
      const s = state;
      const before = await placeOrder(s.shop, s.auth, [
        { product_id: s.product.productId, variant_id: s.product.variantIds[0]!, quantity: 1 },
      ]);
      assert(before.status === 201, `checkout before the kill: ${before.status} ${JSON.stringify(before.body)}`);

      const first = postmasterPid(s.shop);
      process.kill(first, "SIGKILL");
      const killedAt = Date.now();
      // Probe until /healthz is back to 200 (bounded), recording every answer on the way.
      const recovery = waitFor(
        "/healthz 200 after the kill",
        30_000,
        async () => {
          const res = await fetch(`${s.shop.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
          return res.status === 200 && postmasterPid(s.shop) !== first;
        },
        50,
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      const probes = await probeUntil(s, recovery);
      const failed = await recovery;
      assert(!failed, `${String(failed)}\n${s.shop.output().slice(-1_500)}`);
      ctx.log(
        `postmaster ${first} killed; /healthz 200 again after ${Date.now() - killedAt} ms, ${probes.length} answers meanwhile`,
      );

      const bad = probes.filter((p) => p.answer.status !== 503 && (p.answer.status < 200 || p.answer.status >= 300));
      assert(
        bad.length === 0,
        `answers other than 2xx or 503 while the database was down: ${JSON.stringify(bad.slice(0, 3))}`,
      );
      const unavailable = (what: string) => probes.filter((p) => p.what === what && p.answer.status === 503);
      assert(unavailable("GET /healthz").length > 0, "/healthz never answered 503 while the database was down");
      for (const what of ["GET /api/users/me", "GET /api/product/:id", "POST /orders"]) {
        const seen = unavailable(what);
        assert(seen.length > 0, `${what} never answered 503 while the database was down`);
        const wrong = seen.filter((p) => p.answer.body.message !== MESSAGE);
        assert(
          wrong.length === 0,
          `${what} answered 503 without the pt-PT message: ${JSON.stringify(wrong[0]?.answer.body)}`,
        );
      }
      const pages = unavailable("GET /produto/:id (page)");
      assert(pages.length > 0, "the product page never answered 503 while the database was down");
      const badPage = pages.find((p) => !p.contentType?.startsWith("text/html") || !p.text?.includes(MESSAGE));
      assert(
        !badPage,
        `the 503 page is not the HTML page with the message: ${badPage?.contentType} ${badPage?.text?.slice(0, 200)}`,
      );

      assert(s.shop.proc.exitCode === null, "the shop process stopped");
      const second = postmasterPid(s.shop);
      assert(second !== first && isProcessAlive(second), `no new postmaster (pid file says ${second})`);
      const after = await placeOrder(s.shop, s.auth, [
        { product_id: s.product.productId, variant_id: s.product.variantIds[0]!, quantity: 2 },
      ]);
      assert(after.status === 201, `checkout after recovery: ${after.status} ${JSON.stringify(after.body)}`);
      const [stored] = await s.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.id, after.body.order_id as number));
      assert(
        stored?.status === "pending_payment",
        `the order answered 201 after recovery is not stored as pending: ${JSON.stringify(stored)}`,
      );
      await checkStockInvariants(s.db, s.initial);

      // The background jobs (pg-boss) survived the outage: a verification e-mail queued now is delivered.
      const email = `depois-da-queda-${Date.now()}@faults.pt`;
      const registered = await call(`${s.shop.url}/api/users/register`, {
        method: "POST",
        body: { name: "Cliente Depois da Queda", email, password: "Avental-Linho-2026" },
      });
      assert(
        registered.status === 201,
        `registration after recovery: ${registered.status} ${JSON.stringify(registered.body)}`,
      );
      const mailDir = path.join(s.shop.dataDir, "mail");
      await waitFor(`the verification e-mail to ${email} (mail job after recovery)`, 30_000, () =>
        readdirSync(mailDir).some(
          (f) => f.endsWith(".eml") && readFileSync(path.join(mailDir, f), "utf8").includes(email),
        ),
      );
    },
  },
  {
    name: "embedded PostgreSQL that cannot be started again: the shop exits with status 1 and says why",
    timeoutMs: 60_000,
    async run(ctx) {
      assert(state, "the embedded shop was not started");
      const { shop, db } = state;
      await db.$client.end().catch(() => {});
      // Data files PostgreSQL refuses to start on: every restart fails the same way.
      writeFileSync(path.join(shop.dataDir, "pg", "PG_VERSION"), "7\n");
      const pid = postmasterPid(shop);
      process.kill(pid, "SIGKILL");
      const code = await Promise.race([shop.exited, sleep(45_000).then(() => "still running")]);
      assert(code === 1, `exit status ${String(code)}; output:\n${shop.output().slice(-2_000)}`);
      const output = shop.output();
      assert(
        /could not be restarted/.test(output) && /incompatible/.test(output),
        `no clear reason in the output:\n${output.slice(-2_000)}`,
      );
      ctx.log(
        `the shop exited 1: ${output.match(/Embedded PostgreSQL[^"\n]*could not be restarted[^"\n]*/)?.[0]?.slice(0, 200)}…`,
      );
      await shop.stop("SIGKILL");
    },
  },
];

/** Run clean-up: a shop still running is stopped with SIGTERM (which stops its PostgreSQL), and no postmaster is left behind. */
export async function stopEmbeddedShop(): Promise<void> {
  if (!state) return;
  const { shop, db } = state;
  state = undefined;
  await db.$client.end().catch(() => {});
  if (shop.proc.exitCode === null && shop.proc.signalCode === null) await shop.stop("SIGTERM");
  let pid: number | undefined;
  try {
    pid = postmasterPid(shop);
  } catch {
    return; // no pid file: PostgreSQL stopped cleanly
  }
  if (Number.isInteger(pid) && isProcessAlive(pid)) process.kill(pid, "SIGKILL");
}
