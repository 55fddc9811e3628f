// The figures and the report of `npm run audit:web` (scripts/audit-web.ts): what one Lighthouse run says about a
// page, and docs/lighthouse.md's generated part (everything above KEEP_MARKER; what is below it is kept as written).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "#bench/shop.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The bare React Router page's row (scripts/audit-floor/). */
export const FLOOR = "floor";
/** Pass marks of the categories that do not depend on the host's speed. */
const TARGETS = { accessibility: 100, "best-practices": 100, seo: 100 } as const;
/** JavaScript on `/`, gzip -9 of the files (issue 12, item 9). */
export const HOME_JS_BUDGET_KIB = 125;
/** Total Blocking Time of a page over the floor's in the same run. */
export const TBT_RATIO_BUDGET = 1.5;
export const KEEP_MARKER = "<!-- Hand-written notes below: `npm run audit:web` keeps everything after this line. -->";

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; items?: Record<string, unknown>[] };
}
export interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  environment?: { benchmarkIndex?: number };
}

export interface PageResult {
  page: string;
  scores: Record<string, number | null>;
  failing: { category: string; id: string; title: string; score: number | null; detail: string }[];
  scripts: { url: string; transferSize: number }[];
  scriptTransferBytes: number;
  /** gzip -9 of the script files; filled in by the caller. */
  scriptGzipBytes: number;
  metrics: Record<string, string>;
  tbtMs: number;
  benchmarkIndex: number;
  /** Across runs (filled in for the reported run). */
  performanceRuns?: number[];
  tbtRuns?: number[];
  tbtMedianMs?: number;
  tbtRatio?: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function summarise(page: string, report: Report): PageResult {
  const scores: Record<string, number | null> = {};
  const failing: PageResult["failing"] = [];
  for (const cat of CATEGORIES) {
    const category = report.categories[cat];
    scores[cat] = category?.score == null ? null : Math.round(category.score * 100);
    for (const ref of category?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      // Only audits that count towards the category score (insights and diagnostics weigh 0).
      if (!audit || ref.weight <= 0) continue;
      if (["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode)) continue;
      if (audit.score !== null && audit.score >= 0.9 && cat === "performance") continue;
      if (audit.score !== null && audit.score >= 1) continue;
      if (audit.score === null && audit.scoreDisplayMode !== "error") continue;
      const items = audit.details?.items ?? [];
      const detail = [
        audit.displayValue,
        ...items.slice(0, 3).map((item) => {
          const node = item.node as { snippet?: string } | undefined;
          return node?.snippet ?? (item.url as string | undefined) ?? JSON.stringify(item).slice(0, 160);
        }),
      ]
        .filter(Boolean)
        .join(" | ");
      failing.push({ category: cat, id: ref.id, title: audit.title, score: audit.score, detail });
    }
  }
  // JavaScript: every Script resource in the network log (transferSize = compressed body and headers).
  const requests = (report.audits["network-requests"]?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
    url?: string;
  }[];
  const scripts = requests
    .filter((r) => r.resourceType === "Script" && r.url?.startsWith("http"))
    .map((r) => ({ url: r.url!, transferSize: r.transferSize ?? 0 }));
  const metrics: Record<string, string> = {};
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
  ])
    metrics[id] = report.audits[id]?.displayValue ?? "?";
  return {
    page,
    scores,
    failing: page === FLOOR ? [] : failing,
    scripts,
    scriptTransferBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
    scriptGzipBytes: 0,
    metrics,
    tbtMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const name = (page: string) =>
  page === FLOOR ? "bare React Router page (floor)" : `\`${page.replace(/\d+$/, "{id}")}\``;
const bold = (text: string, ok: boolean) => (ok ? text : `**${text}**`);

/** Prints the table (and writes docs/lighthouse.md unless told not to); true when every target is met. */
export function writeReport(
  results: PageResult[],
  run: { runs: number; machine: string; benchmarkIndexes: number[]; write: boolean },
): boolean {
  const pages = results.filter((r) => r.page !== FLOOR);
  const floor = results.find((r) => r.page === FLOOR)!;
  const checks = {
    category: (r: PageResult, c: keyof typeof TARGETS) => r.page === FLOOR || (r.scores[c] ?? 0) >= TARGETS[c],
    js: (r: PageResult) => r.page !== "/" || r.scriptGzipBytes / 1024 <= HOME_JS_BUDGET_KIB,
    tbt: (r: PageResult) => (r.tbtRatio ?? 0) <= TBT_RATIO_BUDGET,
  };
  const header =
    "| Page | Performance (median) | Performance, every run | Accessibility | Best practices | SEO | FCP | LCP | " +
    "TBT, every run | TBT ÷ floor | JS gzip (÷ floor) | JS transferred | CLS |";
  const rule = "|---|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|";
  const rows = [floor, ...pages].map((r) =>
    [
      name(r.page),
      r.scores.performance ?? "n/a",
      (r.performanceRuns ?? []).join(", "),
      ...(Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((c) =>
        bold(String(r.scores[c] ?? "n/a"), checks.category(r, c)),
      ),
      r.metrics["first-contentful-paint"],
      r.metrics["largest-contentful-paint"],
      (r.tbtRuns ?? []).map((ms) => `${ms} ms`).join(", "),
      r.page === FLOOR ? "1" : bold(`${(r.tbtRatio ?? 0).toFixed(2)}×`, checks.tbt(r)),
      bold(`${kib(r.scriptGzipBytes)} KiB`, checks.js(r)) +
        (r.page === FLOOR ? "" : ` (${(r.scriptGzipBytes / floor.scriptGzipBytes).toFixed(2)}×)`),
      `${kib(r.scriptTransferBytes)} KiB (${r.scripts.length} files)`,
      r.metrics["cumulative-layout-shift"],
    ].join(" | "),
  );
  const table = [header, rule, ...rows.map((row) => `| ${row} |`)].join("\n");
  const indexes = run.benchmarkIndexes;
  const benchLine =
    `Lighthouse's benchmarkIndex (host speed; higher is faster) over the ${indexes.length} runs: ` +
    `median ${median(indexes)}, ${Math.min(...indexes)}–${Math.max(...indexes)}.`;
  const failingLines = pages.flatMap((r) =>
    r.failing.map(
      (f) =>
        `- ${name(r.page)} · ${f.category} · \`${f.id}\` (${f.title}), score ${f.score ?? "error"}` +
        (f.detail ? `: ${f.detail.replace(/\n/g, " ")}` : ""),
    ),
  );
  const allOk = pages.every(
    (r) =>
      checks.js(r) &&
      checks.tbt(r) &&
      (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).every((c) => checks.category(r, c)),
  );
  const verdict = allOk ? "All pages meet the targets." : "Some figures miss their target (in bold).";

  console.log(`\n${table}\n\n${benchLine}\n${verdict}`);
  if (failingLines.length) console.log("\nAudits below their pass mark:\n" + failingLines.join("\n"));
  if (!run.write) return allOk;

  const file = path.join(root, "docs/lighthouse.md");
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept = previous.includes(KEEP_MARKER)
    ? previous.slice(previous.indexOf(KEEP_MARKER) + KEEP_MARKER.length)
    : "\n";
  const date = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const doc = `# Lighthouse audit

Measured with \`npm run audit:web\` (scripts/audit-web.ts): Lighthouse 13.5.0, mobile preset (the default: emulated
Moto G-class device, simulated slow 4G and 4× CPU slowdown), Debian's Chromium (\`CHROME_PATH=/usr/bin/chromium\`,
headless), against the production build started on a fresh temp \`DATA_DIR\` with the demo catalogue, on loopback.
The script audits the existing \`build/\` (it builds only when there is none): run \`npm run build\` first to audit the
current sources. \`--keep-reports\` keeps Lighthouse's JSON reports; \`--no-write\` leaves this file alone.

Lighthouse simulates a slow phone from the time the page takes on the host, so the performance score and Total
Blocking Time move with the host's speed (its \`benchmarkIndex\`). Each run therefore also audits the framework's
floor: a bare React Router page (one heading; scripts/audit-floor/) built with the same React, React Router and Vite
and served the same way. The ratio page ÷ floor is what to compare between machines.

Targets: accessibility, best practices and SEO 100; JavaScript on \`/\` ≤ ${HOME_JS_BUDGET_KIB} KiB (gzip -9 of the
files the page loads: independent of the server and the host); Total Blocking Time ≤ ${TBT_RATIO_BUDGET}× the floor's
(the median over the runs of page ÷ floor in the same run; a floor under 50 ms counts as 50 ms).

- Date: ${date}
- Machine: ${run.machine}
- Command: \`npm run audit:web\` (${run.runs} runs; each run audits the floor, then every page; the table shows the
  run with the median performance score, every run's score and TBT)
- ${benchLine}

${table}

"JS transferred" is what Lighthouse saw on the wire (compressed bodies and response headers; the shop's security
headers are not sent by the floor's server).

${verdict}

${
  failingLines.length
    ? `## Audits below their pass mark\n\nOnly audits that weigh in the category score; performance metrics are listed when their score is < 0.9, the other audits when < 1.\n\n${failingLines.join("\n")}\n`
    : "No audit below its pass mark.\n"
}
${KEEP_MARKER}${kept}`;
  writeFileSync(file, doc);
  console.log("\nWrote docs/lighthouse.md");
  return allOk;
}
