// npm run test:e2e — builds the shop if needed and runs the Playwright browser tests
// against it, on a fresh DATA_DIR that is removed afterwards.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env }).status ?? 1;

if (run("npm", ["run", "build", "--silent"]) !== 0) process.exit(1);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-e2e-"));
const status = run("npx", ["playwright", "test", ...process.argv.slice(2)], { ...process.env, E2E_DATA_DIR: dataDir });
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
