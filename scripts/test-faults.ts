// npm run test:faults — fault drills against real shop processes sharing one PostgreSQL:
// concurrent checkouts on two instances, SIGKILL under load, SMTP down, payment gateway
// down or slow; one shop on its own embedded PostgreSQL whose postmaster is killed.
// Self-contained (embedded PostgreSQL unless FAULTS_DATABASE_URL is set), loopback only,
// bounded: the whole run is cut at RUN_LIMIT_MS.
// Last line of output: "N passed, N failed"; exit status 1 on any failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { backupTests, stopBackupDrill } from "#tests/faults/backup.ts";
import { checkoutTests } from "#tests/faults/checkout.ts";
import type { FaultContext, FaultTest } from "#tests/faults/context.ts";
import { crashTests } from "#tests/faults/crash.ts";
import { embeddedTests, stopEmbeddedShop } from "#tests/faults/embedded.ts";
import { gatewayTests, orphanTests, stopGateway } from "#tests/faults/gateway.ts";
import {
  freePort,
  login,
  openFaultDatabase,
  ROOT,
  seedBuyers,
  startShop,
  stopAllShops,
  type FaultDatabase,
} from "#tests/faults/harness.ts";
import { invoiceTests, stopInvoiceDrill } from "#tests/faults/invoice.ts";
import { mailTests, stopMailServer } from "#tests/faults/mail.ts";
import { pitrTests, stopPitrDrill } from "#tests/faults/pitr.ts";
import { haproxyTests, stopHaproxyDrill } from "#tests/faults/haproxy.ts";
import { shutdownTests } from "#tests/faults/shutdown.ts";

// 285 s for the drills up to the embedded ones, + 120 s for the backup/restore and PITR drills (issue 21).
const RUN_LIMIT_MS = 405_000;
const BUYERS = 20;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
let passed = 0;
let failed = 0;
let database: FaultDatabase | undefined;

async function cleanUp() {
  await stopEmbeddedShop().catch(() => {});
  await stopBackupDrill().catch(() => {});
  await stopPitrDrill().catch(() => {});
  await stopHaproxyDrill().catch(() => {});
  await stopAllShops().catch(() => {});
  await stopMailServer().catch(() => {});
  await stopGateway().catch(() => {});
  await stopInvoiceDrill().catch(() => {});
  await database?.close().catch(() => {});
}

function finish(): never {
  console.log(`\nfault drills took ${elapsed()}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

// FAULTS_ONLY=<text>[|<text>…] runs only the tests whose name contains one of them (while working on a drill).
const only = process.env.FAULTS_ONLY?.toLowerCase()
  .split("|")
  .map((s) => s.trim())
  .filter(Boolean);
const all: FaultTest[] = [
  ...checkoutTests,
  ...crashTests,
  ...gatewayTests,
  ...mailTests,
  ...invoiceTests,
  ...orphanTests,
  ...embeddedTests,
  ...shutdownTests,
  ...haproxyTests,
  ...backupTests,
  ...pitrTests,
].filter((t) => !only?.length || only.some((o) => t.name.toLowerCase().includes(o)));
let index = 0;

const deadline = setTimeout(() => {
  console.log(`\n✗ the run exceeded ${RUN_LIMIT_MS / 1000}s; ${all.length - index} test(s) not finished`);
  failed += all.length - index;
  void cleanUp().finally(finish);
}, RUN_LIMIT_MS);

async function setUp(): Promise<FaultContext> {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.log("No web build found: running npm run build once…");
    const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
  database = await openFaultDatabase();
  const buyers = await seedBuyers(database.db, BUYERS, "comprador");
  const smtpPort = await freePort();
  const [portA, portB] = [await freePort(), await freePort()];
  // Both instances start at the same time on the same (empty) database, as after a deploy.
  const shops = await Promise.all([
    startShop({ name: "A", databaseUrl: database.url, port: portA, smtpPort }),
    startShop({ name: "B", databaseUrl: database.url, port: portB, smtpPort }),
  ]);
  const auth = new Map<number, [Awaited<ReturnType<typeof login>>, Awaited<ReturnType<typeof login>>]>();
  await Promise.all(
    buyers.map(async (b) => {
      auth.set(b.id, [await login(shops[0], b.email), await login(shops[1], b.email)]);
    }),
  );
  return {
    db: database.db,
    databaseUrl: database.url,
    smtpPort,
    shops: [shops[0], shops[1]],
    buyers,
    auth,
    initial: new Map(),
    log: (line) => console.log(`    ${line}`),
  };
}

async function runOne(test: FaultTest, ctx: FaultContext) {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      test.run(ctx),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`exceeded ${test.timeoutMs} ms`)), test.timeoutMs);
      }),
    ]);
    passed++;
    console.log(`✓ ${test.name} (${Date.now() - t0} ms)`);
  } catch (error) {
    failed++;
    console.log(
      `✗ ${test.name} (${Date.now() - t0} ms)\n    ${String((error as Error).stack ?? error)
        .split("\n")
        .join("\n    ")}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

let ctx: FaultContext | undefined;
try {
  console.log("Fault drills: starting PostgreSQL and two shop processes…");
  ctx = await setUp();
  console.log(`set-up ready at ${elapsed()} (shops on ports ${ctx.shops[0].port} and ${ctx.shops[1].port})\n`);
} catch (error) {
  failed++;
  console.log(`✗ set-up failed: ${String((error as Error).stack ?? error)}`);
  failed += all.length;
  index = all.length;
}
if (ctx) {
  for (; index < all.length; index++) await runOne(all[index]!, ctx);
}
clearTimeout(deadline);
await cleanUp();
finish();
