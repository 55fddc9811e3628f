import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { isPostmaster, stopOrphanedPostmaster } from "./embedded.ts";
import { isProcessAlive } from "./lock.ts";

/*
 * A postmaster.pid left behind (killed shop, reboot, container restart) may name a pid that some other process has
 * now: the start must not signal it.
 */
describe("a stale postmaster.pid at start", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("is ignored when its pid is a live process that is not PostgreSQL (the process is not signalled)", async () => {
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    const pid = other.pid!;
    const pgDir = mkdtempSync(path.join(os.tmpdir(), "loja-stale-pid-"));
    dirs.push(pgDir);
    writeFileSync(path.join(pgDir, "postmaster.pid"), `${pid}\n${pgDir}\n1700000000\n54329\n`);
    const warnings: string[] = [];
    try {
      await stopOrphanedPostmaster(pgDir, { info: () => {}, warn: (m) => warnings.push(m) });
      expect(isProcessAlive(pid)).toBe(true);
      expect(other.signalCode).toBeNull();
      expect(warnings.join("\n")).toMatch(new RegExp(`stale postmaster.pid: pid ${pid} is not a PostgreSQL process`));
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("tells a PostgreSQL process from any other", async () => {
    const client = new pg.Client({ connectionString: inject("pgServerUrl") });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      expect(isPostmaster(rows[0]!.pid)).toBe(true);
    } finally {
      await client.end();
    }
    expect(isPostmaster(process.pid)).toBe(false);
  });
});
