// npm run audit:web — Lighthouse 13 (mobile preset) over the built storefront's main pages, beside the framework's floor.
// Builds if needed, starts the shop on a temp DATA_DIR and free ports, builds and starts the floor (a bare React Router
// page, scripts/audit-floor/), and audits the floor, /, /produto/{id}, /carrinho and /login with Debian's Chromium.
// Each run audits the floor and then every page, RUNS times (default 3, `--runs=N`), so the floor shares each run's
// host speed: the ratio page ÷ floor (Total Blocking Time) is what holds from one machine to another; the raw
// scores move with the host (Lighthouse's benchmarkIndex, printed for every run). The run with the median
// performance score is reported per page, as Lighthouse's documentation advises.
// JavaScript is reported twice: gzip (level 9) of the script files the page loaded, which does not depend on the
// server or the host, and what Lighthouse saw transferred (compressed bodies plus headers).
// Flags: --no-write (leave docs/lighthouse.md alone), --keep-reports (keep the JSON reports),
// --pages=/,/login (audit only these; the floor always runs).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild, firstProductId, machine, root, startShop, stopOnExit } from "#bench/shop.ts";
import { buildFloor, startFloor } from "./audit-floor/floor.ts";
import { type PageResult, type Report, CATEGORIES, FLOOR, median, summarise, writeReport } from "./audit-report.ts";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Math.max(1, Number(flag("runs") ?? 3) || 3);

/**
 * One Lighthouse run. A run that Lighthouse itself aborts (it sometimes fails to record the trace, NO_NAVSTART)
 * is tried once more; a second failure stops the audit.
 */
function runLighthouse(url: string, outFile: string, attempt = 1): Report {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/node"),
    [
      path.join(root, "node_modules/lighthouse/cli/index.js"),
      url,
      "--output=json",
      `--output-path=${outFile}`,
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--quiet",
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH }, encoding: "utf8", timeout: 180_000 },
  );
  if (result.status !== 0) {
    if (attempt === 1) {
      process.stdout.write("(Lighthouse aborted the run; trying again) … ");
      return runLighthouse(url, outFile, 2);
    }
    throw new Error(`Lighthouse failed for ${url} (status ${result.status}):\n${result.stderr}\n${result.stdout}`);
  }
  return JSON.parse(readFileSync(outFile, "utf8")) as Report;
}

/**
 * gzip -9 size of each script, fetched once (uncompressed) from the server that sent it, on a connection of its
 * own (a pooled one may have been closed by the server's keep-alive timeout during a Lighthouse run).
 */
const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    const body = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(url, { agent: false, headers: { "accept-encoding": "identity" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        })
        .on("error", reject);
    });
    size = gzipSync(body, { level: 9 }).length;
    gzipSizes.set(url, size);
  }
  return size;
}

ensureBuild();
process.stdout.write("Building the floor page (scripts/audit-floor) … ");
buildFloor();
console.log("done");
const shop = await startShop({ DEMO_DATA: "auto" });
stopOnExit(shop);
const floor = await startFloor();
const reportDir = mkdtempSync(path.join(os.tmpdir(), "loja-lighthouse-"));
/** Every run of every page, the floor included, in run order. */
const runsOf = new Map<string, PageResult[]>();
try {
  const id = await firstProductId(shop.url);
  const only = flag("pages")?.split(",");
  const pages = ["/", `/produto/${id}`, "/carrinho", "/login"].filter(
    (p) => !only || only.includes(p.replace(/\d+$/, "{id}")) || only.includes(p),
  );
  for (let run = 1; run <= RUNS; run++) {
    for (const page of [FLOOR, ...pages]) {
      process.stdout.write(`Lighthouse ${page} (run ${run}/${RUNS}) … `);
      const name = `${page === "/" ? "home" : page.replace(/\W+/g, "_").replace(/^_/, "")}-${run}.json`;
      const url = page === FLOOR ? floor.url + "/" : shop.url + page;
      const r = summarise(page, runLighthouse(url, path.join(reportDir, name)));
      for (const script of r.scripts) r.scriptGzipBytes += await gzipSize(script.url);
      runsOf.set(page, [...(runsOf.get(page) ?? []), r]);
      console.log(
        `performance ${r.scores.performance}, TBT ${r.tbtMs} ms, JS ${(r.scriptGzipBytes / 1024).toFixed(1)} KiB gzip, ` +
          `benchmarkIndex ${r.benchmarkIndex}`,
      );
    }
  }
} finally {
  await floor.stop();
  await shop.stop();
  if (args.includes("--keep-reports")) console.log(`JSON reports kept in ${reportDir}`);
  else rmSync(reportDir, { recursive: true, force: true });
}

// Per page: the median run by performance, with every run's score, and the median of the per-run TBT ratios.
const floorRuns = runsOf.get(FLOOR)!;
const results = [...runsOf].map(([page, runs]): PageResult => {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const chosen = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    ...chosen,
    performanceRuns: runs.map((r) => r.scores.performance ?? 0),
    tbtRuns: runs.map((r) => r.tbtMs),
    tbtMedianMs: median(runs.map((r) => r.tbtMs)),
    tbtRatio: page === FLOOR ? 1 : median(runs.map((r, i) => r.tbtMs / floorBase(floorRuns[i]!.tbtMs))),
  };
});

/** A floor with (almost) no blocking time would make any ratio huge: it counts as at least one 50 ms long task. */
function floorBase(tbtMs: number): number {
  return Math.max(tbtMs, 50);
}

const ok = writeReport(results, {
  runs: RUNS,
  machine: machine(),
  benchmarkIndexes: [...runsOf.values()].flat().map((r) => r.benchmarkIndex),
  write: !args.includes("--no-write"),
});
process.exit(ok ? 0 : 1);
