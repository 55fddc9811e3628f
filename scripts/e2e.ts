// npm run test:e2e — builds the shop if needed and runs the Playwright browser tests
// against it, on a fresh DATA_DIR that is removed afterwards.
//
// A whole run (no --project given) runs the 1280 px and the 375 px projects side by side, each Playwright against its
// own shop (own port, DATA_DIR and database), since the suite is mostly waiting on the browser and the CI budget is 30
// minutes. Any other run (one spec, one project) is one Playwright as before.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);

if ((spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" }).status ?? 1) !== 0)
  process.exit(1);

const basePort = Number(process.env.E2E_PORT ?? 3111);
const oneRun = args.some((arg) => arg.startsWith("--project"));
const runs = oneRun
  ? [{ label: "", port: basePort, projects: [] as string[] }]
  : [
      {
        label: "[1280] ",
        port: basePort,
        projects: ["--project=server", "--project=desktop", "--output=test-results/1280"],
      },
      { label: "[375] ", port: basePort + 1, projects: ["--project=mobile", "--output=test-results/375"] },
    ];

/** One Playwright process on its own shop; resolves with its exit status. Lines are prefixed when runs interleave. */
function playwright(run: (typeof runs)[number]): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-e2e-"));
  const child = spawn("npx", ["playwright", "test", ...run.projects, ...args], {
    cwd: root,
    env: { ...process.env, E2E_DATA_DIR: dataDir, E2E_PORT: String(run.port) },
    stdio: run.label ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (run.label) {
    for (const [from, to] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      readline.createInterface({ input: from }).on("line", (line) => to.write(`${run.label}${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? 1);
    });
  });
}

const statuses = await Promise.all(runs.map(playwright));
process.exit(statuses.every((status) => status === 0) ? 0 : 1);
