/*
 * Debian's HAProxy in front of three shop instances on one PostgreSQL, each with its own DATA_DIR (nothing shared but
 * the database; pictures with UPLOADS_STORAGE=postgres), health-checked on /healthz:
 * - a picture uploaded through the balancer is served by every instance;
 * - a rolling restart (SIGTERM, wait for exit, start again, wait until HAProxy has it back) of all three under steady
 *   load loses zero requests;
 * - SIGKILL of one instance under load fails only the requests that were in flight on it, and every order answered
 *   201 is stored;
 * - no checkout through the balancer oversells.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { users } from "#server/modules/accounts/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";
import { ORDERS_PER_ACCOUNT, seedSignedInBuyers } from "./buyers.ts";
import type { FaultContext, FaultTest } from "./context.ts";
import { haproxyConfig } from "./haproxy-config.ts";
import {
  assert,
  checkStockInvariants,
  freePort,
  seedProduct,
  startShop,
  variantStates,
  waitFor,
  type Auth,
  type Buyer,
  type SeededProduct,
  type Shop,
} from "./harness.ts";

/** Health checks every 250 ms: out after 2 failures (≤ ~0.6 s), so a 1.2 s drain is enough. */
const CHECK_MS = 250;
const DRAIN_MS = 1_200;
/** Units per variant of the steady load's product: enough that checkouts succeed all along. */
const STOCK = 1_000;
/** Order loops and read loops of the steady load; each order loop places one order about every ORDER_PAUSE_MS. */
const ORDER_LOOPS = 4;
const READ_LOOPS = 4;
const ORDER_PAUSE_MS = 400;
/** Accounts the order loops take turns with, each up to ORDERS_PER_ACCOUNT - 1 unpaid orders. */
const ACCOUNTS = 300;
/** The oversell burst: this many buyers at once for a variant with SCARCE units. */
const BURST = 30;
const SCARCE = 10;

interface Balanced {
  dir: string;
  haproxy: ChildProcess;
  url: string;
  statsUrl: string;
  shops: Shop[];
  buyers: Buyer[];
  /** Orders each account holds (unpaid), to stay under the limit per account. */
  placed: Map<number, number>;
  auth: Map<number, Auth>;
  admin: Auth;
  product: SeededProduct;
  initial: Map<number, number>;
  /** Every order answered 201 through the balancer. */
  acknowledged: number[];
  figures: string[];
}

let state: Balanced | undefined;

export async function stopHaproxyDrill(): Promise<void> {
  if (!state) return;
  state.haproxy.kill("SIGKILL");
  await Promise.all(state.shops.map((s) => s.stop("SIGKILL")));
  rmSync(state.dir, { recursive: true, force: true });
  state = undefined;
}

async function startInstance(ctx: FaultContext, name: string, port: number, publicUrl: string): Promise<Shop> {
  return startShop({
    name,
    databaseUrl: ctx.databaseUrl,
    port,
    smtpPort: ctx.smtpPort,
    env: {
      PUBLIC_URL: publicUrl,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      UPLOADS_STORAGE: "postgres",
      TRUST_PROXY: "127.0.0.1",
    },
  });
}

/** HAProxy's view of each server: "UP", "DOWN", "MAINT"… (from the stats page's CSV). */
async function serverStates(b: Pick<Balanced, "statsUrl">): Promise<Map<string, string>> {
  const text = await (await fetch(`${b.statsUrl};csv`, { signal: AbortSignal.timeout(2_000) })).text();
  const [header, ...rows] = text.trim().split("\n");
  const cols = header!.replace(/^# /, "").split(",");
  const [px, sv, st] = ["pxname", "svname", "status"].map((c) => cols.indexOf(c));
  const out = new Map<string, string>();
  for (const row of rows) {
    const f = row.split(",");
    if (f[px!] === "loja" && f[sv!] !== "BACKEND") out.set(f[sv!]!, f[st!]!.split(" ")[0]!);
  }
  return out;
}

const waitUp = (b: Pick<Balanced, "statsUrl">, name: string) =>
  waitFor(`HAProxy to see ${name} UP`, 30_000, async () => (await serverStates(b)).get(name) === "UP", 100);

async function setUp(ctx: FaultContext): Promise<Balanced> {
  if (spawnSync("haproxy", ["-v"]).error) throw new Error("haproxy is not installed (apt-get install haproxy)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "loja-haproxy-"));
  const [front, stats, ...ports] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
  const url = `http://127.0.0.1:${front}`;
  const shops = await Promise.all(ports.map((p, i) => startInstance(ctx, `loja${i + 1}`, p!, url)));
  const config = haproxyConfig({
    bind: `127.0.0.1:${front}`,
    stats: `127.0.0.1:${stats}`,
    servers: shops.map((s) => ({ name: s.name, address: `127.0.0.1:${s.port}` })),
    checkIntervalMs: CHECK_MS,
  });
  writeFileSync(path.join(dir, "haproxy.cfg"), config);
  let out = "";
  const haproxy = spawn("haproxy", ["-db", "-f", path.join(dir, "haproxy.cfg")], { stdio: ["ignore", "pipe", "pipe"] });
  haproxy.stdout!.on("data", (d) => (out = (out + d).slice(-5_000)));
  haproxy.stderr!.on("data", (d) => (out = (out + d).slice(-5_000)));
  const b = { statsUrl: `http://127.0.0.1:${stats}/stats` };
  for (const s of shops)
    await waitUp(b, s.name).catch((error: unknown) => {
      throw new Error(`${String(error)}\nhaproxy: ${out}`);
    });

  const product = await seedProduct(
    ctx.db,
    "Manta Balanceada",
    [
      ["Azul", "Único"],
      ["Verde", "Único"],
    ],
    STOCK,
  );
  const buyers = await seedSignedInBuyers(ctx, ACCOUNTS + BURST, "balanceador");
  const [manager] = await seedSignedInBuyers(ctx, 1, "gestor-balanceador");
  await ctx.db.update(users).set({ function: "admin" }).where(eq(users.id, manager!.id));
  return {
    dir,
    haproxy,
    url,
    statsUrl: b.statsUrl,
    shops,
    buyers,
    placed: new Map(),
    auth: new Map(buyers.map((x) => [x.id, ctx.auth.get(x.id)![0]])),
    admin: ctx.auth.get(manager!.id)![0],
    product,
    initial: new Map(product.variantIds.map((id) => [id, STOCK])),
    acknowledged: [],
    figures: [],
  };
}

// ---------- steady load through the balancer ----------

interface Shot {
  kind: "read" | "page" | "order";
  started: number;
  ended: number;
  status: number;
  servedBy: string;
  orderId?: number;
  error?: string;
}

async function shoot(kind: Shot["kind"], url: string, init: RequestInit = {}): Promise<Shot> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let orderId: number | undefined;
    if (kind === "order" && res.status === 201) orderId = (JSON.parse(text) as { order_id: number }).order_id;
    return {
      kind,
      started,
      ended: Date.now(),
      status: res.status,
      servedBy: res.headers.get("x-served-by") ?? "",
      orderId,
    };
  } catch (error) {
    const cause = (error as Error).cause;
    return { kind, started, ended: Date.now(), status: 0, servedBy: "", error: `${String(error)} (${String(cause)})` };
  }
}

/** What the load expects: reads 200; orders 201, or 409 when the variant has run out. */
const answered = (s: Shot) => (s.kind === "order" ? s.status === 201 || s.status === 409 : s.status === 200);

function placeThrough(b: Balanced, buyer: Buyer, item: { product: number; variant: number; quantity: number }) {
  return shoot("order", `${b.url}/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", ...b.auth.get(buyer.id)! },
    body: JSON.stringify({
      metodo_pagamento: "mb",
      dados_entrega: {
        nome: "Cliente Balanceado",
        morada: "Rua do Equilíbrio, 3",
        codigo_postal: "4000-001",
        cidade: "Porto",
        telefone: "912345678",
        entrega_rapida: false,
      },
      items: [{ product_id: item.product, variant_id: item.variant, quantity: item.quantity }],
    }),
  });
}

/** Read loops and order loops through the balancer until stop() is called. */
function steadyLoad(b: Balanced) {
  let stopped = false;
  const shots: Shot[] = [];
  const p = b.product;
  const readers = Array.from({ length: READ_LOOPS }, async (_, r) => {
    for (let n = 0; !stopped; n++) {
      shots.push(
        n % 4 === r % 4
          ? await shoot("page", `${b.url}/produto/${p.productId}`, { headers: { accept: "text/html" } })
          : await shoot("read", `${b.url}/api/product/${p.productId}`),
      );
      await sleep(40); // a steady pace, not a flood: the drill shares two CPUs with three shops and PostgreSQL
    }
  });
  let turn = 0;
  const nextAccount = () => {
    for (let tries = 0; tries < ACCOUNTS; tries++) {
      const buyer = b.buyers[turn++ % ACCOUNTS]!;
      if ((b.placed.get(buyer.id) ?? 0) < ORDERS_PER_ACCOUNT - 1) return buyer;
    }
    return undefined;
  };
  const buyers = Array.from({ length: ORDER_LOOPS }, async (_, i) => {
    await sleep(i * (ORDER_PAUSE_MS / ORDER_LOOPS)); // the loops' orders spread over the pause
    for (let n = 0; !stopped; n++) {
      const buyer = nextAccount();
      if (!buyer) return; // every drill account holds its most unpaid orders: the reads go on alone
      b.placed.set(buyer.id, (b.placed.get(buyer.id) ?? 0) + 1);
      const shot = await placeThrough(b, buyer, {
        product: p.productId,
        variant: p.variantIds[(i + n) % 2]!,
        quantity: 1 + ((i + n) % 3),
      });
      shots.push(shot);
      if (shot.orderId) b.acknowledged.push(shot.orderId);
      else b.placed.set(buyer.id, b.placed.get(buyer.id)! - 1);
      while (!stopped && Date.now() - shot.ended < ORDER_PAUSE_MS) await sleep(25);
    }
  });
  return {
    shots,
    async stop(): Promise<Shot[]> {
      stopped = true;
      await Promise.all([...readers, ...buyers]);
      return shots;
    },
  };
}

const describeShots = (shots: Shot[]) =>
  JSON.stringify(
    shots
      .slice(0, 4)
      .map((s) => ({ kind: s.kind, status: s.status, by: s.servedBy, ms: s.ended - s.started, error: s.error })),
  );

export const haproxyTests: FaultTest[] = [
  {
    name: "HAProxy + 3 instances, no shared directory: a picture uploaded through one instance is served by the others",
    // Bounds for a busy host (a shop starts in 30-45 s when the two CPUs are shared with other work; ~5 s on CI's).
    timeoutMs: 120_000,
    async run(ctx) {
      const t0 = Date.now();
      state = await setUp(ctx);
      const b = state;
      ctx.log(`3 instances and HAProxy up in ${Date.now() - t0} ms (balancer ${b.url})`);
      const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a6f97" } })
        .png()
        .toBuffer();
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name: "Manta com Fotografia",
        description: "Manta de lã para o drill do balanceador.",
        price: "39,90",
        categoria: "Mantas",
        sizes: "Único",
      }))
        form.append(k, v);
      form.append("images", new Blob([new Uint8Array(picture)], { type: "image/png" }), "manta.png");
      const created = await fetch(`${b.url}/api/product/create`, {
        method: "POST",
        headers: b.admin,
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await created.json()) as { id?: number; message?: string };
      assert(created.status === 201, `upload through the balancer: ${created.status} ${JSON.stringify(body)}`);
      const uploader = created.headers.get("x-served-by");
      const product = (await (
        await fetch(`${b.url}/api/product/${body.id}`, { headers: b.admin, signal: AbortSignal.timeout(5_000) })
      ).json()) as { images: string[] };
      assert(product.images.length > 0, `the product has no picture: ${JSON.stringify(product)}`);
      const hashes = new Set<string>();
      for (const shop of b.shops) {
        for (const file of product.images) {
          const res = await fetch(`${shop.url}/uploads/${file}`, { signal: AbortSignal.timeout(5_000) });
          assert(res.status === 200, `${shop.name} GET /uploads/${file}: ${res.status}`);
          if (file === product.images[0])
            hashes.add(
              createHash("sha256")
                .update(Buffer.from(await res.arrayBuffer()))
                .digest("hex"),
            );
          else await res.arrayBuffer();
        }
      }
      assert(hashes.size === 1, `the instances serve different bytes for ${product.images[0]}`);
      ctx.log(`uploaded through ${uploader}; ${product.images.length} file(s) served by all 3 instances`);
    },
  },
  {
    name: "HAProxy: a rolling restart of all three instances under steady load loses zero requests",
    timeoutMs: 180_000,
    async run(ctx) {
      assert(state, "the balancer is not running");
      const b = state;
      const load = steadyLoad(b);
      const t0 = Date.now();
      for (let i = 0; i < b.shops.length; i++) {
        const old = b.shops[i]!;
        const t1 = Date.now();
        old.proc.kill("SIGTERM");
        const code = await Promise.race([old.exited, sleep(DRAIN_MS + 20_000).then(() => "timeout" as const)]);
        assert(code === 0, `${old.name} exit after SIGTERM: ${code}\n${old.output().slice(-1_500)}`);
        const t2 = Date.now();
        await old.stop(); // forgets the stopped process
        b.shops[i] = await old.restart();
        const t3 = Date.now();
        await waitUp(b, old.name);
        ctx.log(
          `${old.name}: SIGTERM → exit 0 in ${t2 - t1} ms, started in ${t3 - t2} ms, UP in HAProxy ${Date.now() - t3} ms later`,
        );
      }
      const restartMs = Date.now() - t0;
      const shots = await load.stop();
      const lost = shots.filter((s) => !answered(s));
      const orders = shots.filter((s) => s.kind === "order");
      const servers = new Set(shots.map((s) => s.servedBy).filter(Boolean));
      const figure = `rolling restart of 3 instances in ${restartMs} ms: ${shots.length} requests (${orders.length} checkouts, ${orders.filter((s) => s.status === 201).length} orders), requests lost: ${lost.length}`;
      b.figures.push(figure);
      ctx.log(figure);
      assert(servers.size === 3, `the load reached ${servers.size} instance(s): ${[...servers].join(", ")}`);
      assert(lost.length === 0, `${lost.length} request(s) lost: ${describeShots(lost)}`);
      assert(orders.length > 0 && shots.length > 50, "too little load to tell");
    },
  },
  {
    name: "HAProxy: SIGKILL of one instance under load fails only requests in flight on it; no acknowledged order is lost",
    timeoutMs: 60_000,
    async run(ctx) {
      assert(state, "the balancer is not running");
      const b = state;
      const before = b.acknowledged.length;
      const load = steadyLoad(b);
      const victim = b.shops[1]!;
      // Kill once the victim has answered a few requests of this load.
      await waitFor(
        "load on the victim",
        10_000,
        () => load.shots.filter((s) => s.servedBy === victim.name).length >= 5,
        20,
      );
      await victim.stop("SIGKILL");
      // Requests sent until the process was gone may have been in flight on it; any sent later must succeed.
      const diedAt = Date.now();
      await waitFor(
        "HAProxy to take the killed instance out",
        10_000,
        async () => (await serverStates(b)).get(victim.name) === "DOWN",
        100,
      );
      // Keep the load on a while longer on the two instances left.
      const until = Date.now() + 1_500;
      while (Date.now() < until) await sleep(100);
      const shots = await load.stop();
      const failed = shots.filter((s) => !answered(s));
      const notInFlight = failed.filter((s) => s.started > diedAt);
      const maxInFlight = READ_LOOPS + ORDER_LOOPS;
      b.shops.splice(1, 1); // stays down: the drill ends on two instances

      const ids = b.acknowledged;
      const stored = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
      const lostOrders = ids.length - stored.length;
      const figure = `SIGKILL of ${victim.name}: ${shots.length} requests, requests failed at the SIGKILL: ${failed.length} (in flight on it), orders acknowledged: ${ids.length - before} (all phases ${ids.length}), orders lost: ${lostOrders}`;
      b.figures.push(figure);
      ctx.log(figure);
      assert(notInFlight.length === 0, `requests sent after the kill failed: ${describeShots(notInFlight)}`);
      assert(
        failed.length <= maxInFlight,
        `${failed.length} failures, more than the ${maxInFlight} possibly in flight`,
      );
      assert(lostOrders === 0, `${lostOrders} order(s) answered 201 are not stored`);
    },
  },
  {
    name: "HAProxy: checkouts through the balancer never oversell (a burst for the last units; stock + reserved + sold == initial)",
    timeoutMs: 30_000,
    async run(ctx) {
      assert(state, "the balancer is not running");
      const b = state;
      const scarce = await seedProduct(ctx.db, "Manta Última", [["Cru", "Único"]], SCARCE);
      b.initial.set(scarce.variantIds[0]!, SCARCE);
      const burst = await Promise.all(
        b.buyers
          .slice(ACCOUNTS, ACCOUNTS + BURST)
          .map((buyer) =>
            placeThrough(b, buyer, { product: scarce.productId, variant: scarce.variantIds[0]!, quantity: 1 }),
          ),
      );
      const sold = burst.filter((s) => s.status === 201);
      const refused = burst.filter((s) => s.status === 409);
      const servers = new Set(burst.map((s) => s.servedBy));
      b.acknowledged.push(...sold.map((s) => s.orderId!));
      ctx.log(
        `${BURST} buyers at once for ${SCARCE} units through ${servers.size} instances: ${sold.length} orders, ${refused.length} refused`,
      );
      assert(
        sold.length === SCARCE && refused.length === BURST - SCARCE,
        `expected ${SCARCE} orders and ${BURST - SCARCE} refusals: ${describeShots(burst.filter((s) => s.status !== 201))}`,
      );
      await checkStockInvariants(ctx.db, b.initial);
      const states = await variantStates(ctx.db, [...b.initial.keys()]);
      const held = [...states.values()].reduce((sum, s) => sum + s.held, 0);
      const stocked = [...b.initial.values()].reduce((sum, n) => sum + n, 0);
      assert(held <= stocked, `${held} units held of ${stocked}`);
      const stored = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, b.acknowledged));
      const lost = b.acknowledged.length - stored.length;
      b.figures.push(`orders acknowledged through the balancer: ${b.acknowledged.length}, orders lost: ${lost}`);
      console.log(`\n  HAProxy drill figures:\n${b.figures.map((f) => `    ${f}`).join("\n")}\n`);
      assert(lost === 0, `${lost} acknowledged order(s) missing`);
      await stopHaproxyDrill();
    },
  },
];
