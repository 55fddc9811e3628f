/*
 * Backups you can restore (issue 21): `npm run backup` on a shop with its own embedded PostgreSQL WHILE buyers
 * place orders, `npm run restore` into a new DATA_DIR, then the drill checks for itself, before the restored shop
 * starts, that every table (row count and MD5 of its rows in key order) and every picture is as the backup's
 * manifest says, that the backup is one consistent point (every order acknowledged before the backup's end
 * point is there, none placed after it, stock still adds up), and that `npm start` on it serves the old
 * sessions and pictures. Prints the recovery point and the recovery time.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray } from "drizzle-orm";
import { readMember } from "#server/cli/backup/archive.ts";
import { MANIFEST_FILE } from "#server/cli/backup/data-dir.ts";
import { differences, fileFigures, tableFigures, type Manifest } from "#server/cli/backup/manifest.ts";
import { startPrivatePostgres } from "#server/cli/backup/private-postgres.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { runningEmbeddedUrl } from "#server/core/db/embedded.ts";
import { orders } from "#server/modules/orders/schema.ts";
import type { FaultTest } from "./context.ts";
import {
  assert,
  call,
  checkStockInvariants,
  freePort,
  login,
  placeOrder,
  ROOT,
  seedBuyers,
  seedProduct,
  startShop,
  waitFor,
  type Shop,
} from "./harness.ts";

/**
 * Each account may hold 5 pending orders (orders/rules.ts): the load goes round 40 accounts, 200 orders at most, and
 * each of the WORKERS pauses PAUSE_MS between orders (a steady stream of ≤ 8 orders a second that lasts the backup).
 */
const BUYERS = 40;
const ORDERS_PER_BUYER = 5;
const WORKERS = 4;
const PAUSE_MS = 500;
const PICTURES = 6;
const STOCK = 100_000;

interface Placed {
  sentAt: number;
  answeredAt: number;
  status: number;
  orderId?: number;
}

const cleanUps: Array<() => Promise<void>> = [];

export async function stopBackupDrill(): Promise<void> {
  for (const clean of cleanUps.splice(0).reverse()) await clean().catch(() => {});
}

/** Runs one of the shop's commands (`node server/cli/<name>.ts`) as `npm run <name>` does; resolves with its output. */
function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out: out.trim(), ms: Date.now() - started }));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const backupTests: FaultTest[] = [
  {
    name: "backup under load: npm run restore into an empty DATA_DIR gives back every table and picture as at the backup's point",
    timeoutMs: 150_000,
    async run(ctx) {
      const shop = await startShop({
        name: "BK",
        databaseUrl: "",
        port: await freePort(),
        env: { EMBEDDED_PG_PORT: String(await freePort()) },
      });
      cleanUps.push(() => shop.stop("SIGTERM"));
      const liveUrl = runningEmbeddedUrl(shop.dataDir);
      assert(liveUrl, "the shop's embedded PostgreSQL is not running");
      const live = createDatabase(liveUrl, { max: 2 });
      cleanUps.push(() => live.$client.end());

      const buyers = await seedBuyers(live, BUYERS, "copia");
      const product = await seedProduct(live, "Manta de Burel", [["Cinza", "Única"]], STOCK);
      const item = { product_id: product.productId, variant_id: product.variantIds[0]!, quantity: 1 };
      const auths = await Promise.all(buyers.map((b) => login(shop, b.email)));
      // Pictures as the local storage driver keeps them (their bytes do not matter to a backup).
      const pictures = new Map<string, string>();
      mkdirSync(path.join(shop.dataDir, "uploads"), { recursive: true });
      for (let i = 0; i < PICTURES; i++) {
        const name = `${randomUUID()}.jpg`;
        const bytes = randomBytes(20_000 + i * 5_000);
        writeFileSync(path.join(shop.dataDir, "uploads", name), bytes);
        pictures.set(name, createHash("sha256").update(bytes).digest("hex"));
      }

      // The load: WORKERS buyers at a time place order after order until the backup is done.
      const placed: Placed[] = [];
      let loading = true;
      let next = 0;
      const load = Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (loading && next < BUYERS * ORDERS_PER_BUYER) {
            const auth = auths[next++ % BUYERS]!;
            const sentAt = Date.now();
            const answer = await placeOrder(shop, auth, [item], { timeoutMs: 10_000 });
            placed.push({
              sentAt,
              answeredAt: Date.now(),
              status: answer.status,
              orderId: answer.status === 201 ? (answer.body.order_id as number) : undefined,
            });
            await sleep(PAUSE_MS);
          }
        }),
      );
      await waitFor("orders under load", 20_000, () => placed.filter((p) => p.status === 201).length >= 10, 50);

      const work = mkdtempSync(path.join(os.tmpdir(), "loja-faults-backup-"));
      chmodSync(work, 0o711); // run as root, the restored PostgreSQL (user postgres) reaches DATA_DIR through it
      cleanUps.push(async () => rmSync(work, { recursive: true, force: true }));
      const file = path.join(work, "loja.tar.gz");
      const backupStarted = Date.now();
      const backup = await runCommand("server/cli/backup.ts", ["--out", file], { DATA_DIR: shop.dataDir });
      const whileBackingUp = placed.filter((p) => p.sentAt >= backupStarted && p.answeredAt <= Date.now()).length;
      const afterBackup = placed.length;
      await waitFor("orders after the backup", 10_000, () => placed.length > afterBackup + WORKERS, 50).catch(() => {
        throw new Error(`the load ran out of accounts (${placed.length} orders) before the backup ended`);
      });
      loading = false;
      await load;
      assert(backup.code === 0, `npm run backup failed (${backup.code}):\n${backup.out}`);
      ctx.log(backup.out.split("\n").join("\n    "));
      const manifest = JSON.parse(await readMember(file, MANIFEST_FILE)) as Manifest;
      const failures = placed.filter((p) => p.status !== 201);
      assert(failures.length === 0, `orders failed during the backup: ${JSON.stringify(failures.slice(0, 3))}`);

      // A DATA_DIR with anything in it is refused, and left as it was.
      const restoredDir = path.join(work, "data");
      mkdirSync(restoredDir);
      writeFileSync(path.join(restoredDir, "notas.txt"), "não apagar");
      const refused = await runCommand("server/cli/restore.ts", [file], { DATA_DIR: restoredDir });
      assert(
        refused.code === 1 && refused.out.includes("não está vazio"),
        `restore into a non-empty DATA_DIR: ${refused.code} ${refused.out}`,
      );
      rmSync(path.join(restoredDir, "notas.txt"));

      const restore = await runCommand("server/cli/restore.ts", [file], { DATA_DIR: restoredDir });
      assert(restore.code === 0, `npm run restore failed (${restore.code}):\n${restore.out}`);
      ctx.log(restore.out.split("\n").join("\n    "));

      // The drill's own check of the restored DATA_DIR, before any shop touches it.
      const copy = await startPrivatePostgres(restoredDir);
      const restoredTables = await tableFigures(copy.url).finally(() => copy.stop());
      const tableProblems = differences("table", manifest.tables, restoredTables, (t) => t.table);
      assert(tableProblems.length === 0, `restored tables differ from the manifest:\n${tableProblems.join("\n")}`);
      const restoredPictures = await fileFigures(path.join(restoredDir, "uploads"));
      assert(
        restoredPictures.length === PICTURES && restoredPictures.every((p) => pictures.get(p.path) === p.sha256),
        `restored pictures differ from those written: ${JSON.stringify(restoredPictures)}`,
      );
      const rows = (name: string) => manifest.tables.find((t) => t.table === name);
      assert((rows("public.orders")?.rows ?? 0) > 0 && (rows("public.users")?.rows ?? 0) >= BUYERS, "tables are empty");
      // Tables the load does not write are identical to the live shop's now.
      const liveTables = await tableFigures(liveUrl);
      for (const name of ["public.products", "public.users"]) {
        const [a, b] = [rows(name), liveTables.find((t) => t.table === name)];
        assert(a && b && a.md5 === b.md5, `${name}: backup ${JSON.stringify(a)} != live ${JSON.stringify(b)}`);
      }

      // One consistent point: acknowledged before pg_backup_stop was called → in; sent after it returned → out.
      const from = Date.parse(manifest.recoveryPoint.from);
      const to = Date.parse(manifest.recoveryPoint.to);
      const before = placed.filter((p) => p.answeredAt < from);
      const after = placed.filter((p) => p.sentAt > to);
      const during = placed.filter((p) => !before.includes(p) && !after.includes(p));
      assert(after.length > 0, "no order was placed after the backup's point: the drill proves nothing");
      const restoredDb = await startPrivatePostgres(restoredDir);
      const db = createDatabase(restoredDb.url, { max: 1 });
      try {
        const ids = placed.map((p) => p.orderId!);
        const found = new Set(
          (await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))).map((r) => r.id),
        );
        const lost = before.filter((p) => !found.has(p.orderId!));
        const ghosts = after.filter((p) => found.has(p.orderId!));
        assert(lost.length === 0, `${lost.length} orders acknowledged before the backup's point are missing`);
        assert(ghosts.length === 0, `${ghosts.length} orders placed after the backup's point are in it`);
        await checkStockInvariants(db, new Map([[product.variantIds[0]!, STOCK]]));
        ctx.log(
          `recovery point: ${manifest.recoveryPoint.to} (consistent point within ${to - from} ms); ` +
            `${before.length} orders acknowledged before it all restored, ${after.length} placed after it absent, ` +
            `${during.length} in flight at it (${during.filter((p) => found.has(p.orderId!)).length} in the backup)`,
        );
      } finally {
        await db.$client.end().catch(() => {});
        await restoredDb.stop();
      }

      // npm start on the restored DATA_DIR: an old session still works, the pictures are served.
      const startedAt = Date.now();
      const restored: Shop = await startShop(
        { name: "BR", databaseUrl: "", port: await freePort(), env: { EMBEDDED_PG_PORT: String(await freePort()) } },
        restoredDir,
      );
      const startMs = Date.now() - startedAt;
      cleanUps.push(() => restored.stop("SIGTERM"));
      const me = await call(`${restored.url}/api/users/me`, { headers: auths[0]! });
      assert(me.status === 200, `a session from before the backup on the restored shop: ${me.status}`);
      for (const [name, sha] of pictures) {
        const res = await fetch(`${restored.url}/uploads/${name}`, { signal: AbortSignal.timeout(5_000) });
        const got = createHash("sha256")
          .update(Buffer.from(await res.arrayBuffer()))
          .digest("hex");
        assert(res.status === 200 && got === sha, `picture ${name} from the restored shop: ${res.status}`);
      }
      const total = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      ctx.log(
        `recovery time: ${seconds(restore.ms + startMs)} (npm run restore ${seconds(restore.ms)} incl. its own check, ` +
          `shop start ${seconds(startMs)}); backup took ${seconds(backup.ms)} under load with ${whileBackingUp} ` +
          `orders placed meanwhile; ${manifest.tables.length} tables (${total} rows) and ${PICTURES} pictures verified`,
      );
    },
  },
];
