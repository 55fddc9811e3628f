import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/global-setup.ts";
import { createDatabase, type Database } from "./client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded.ts";
import { isProcessAlive } from "./lock.ts";

/*
 * The embedded PostgreSQL is supervised: a postmaster killed with SIGKILL is started again on
 * the same data and port (the pool reconnects by itself), and when it cannot be started again
 * the owner is told once, with a message that says why.
 */

const postmasterPid = (dataDir: string) =>
  Number.parseInt(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]!, 10);

describe("embedded PostgreSQL supervision", () => {
  let dataDir: string;
  let embedded: EmbeddedDatabase;
  let db: Database;
  const logs: string[] = [];
  const fatal: Error[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-embedded-"));
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      logger: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m) },
      restart: { attempts: 3, delayMs: 200 },
      onFatal: (error) => fatal.push(error),
    });
    db = createDatabase(embedded.url, { max: 2 });
    await db.$client.query("create table kept (id int primary key, label text not null)");
    await db.$client.query("insert into kept values (1, 'antes da queda'), (2, 'também')");
  });
  afterAll(async () => {
    await db.$client.end().catch(() => {});
    await embedded.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("restarts a postmaster killed with SIGKILL; the same pool serves the committed rows again", async () => {
    const first = postmasterPid(dataDir);
    process.kill(first, "SIGKILL");
    await expect.poll(() => isProcessAlive(first), { timeout: 5_000 }).toBe(false);

    await expect
      .poll(
        async () =>
          (
            await db.$client
              .query<{ id: number; label: string }>("select id, label from kept order by id")
              .catch(() => ({ rows: [] }))
          ).rows,
        { timeout: 20_000, interval: 200 },
      )
      .toEqual([
        { id: 1, label: "antes da queda" },
        { id: 2, label: "também" },
      ]);
    const second = postmasterPid(dataDir);
    expect(second).not.toBe(first);
    expect(isProcessAlive(second)).toBe(true);
    expect(fatal).toEqual([]);
    expect(logs.some((l) => l.includes(String(first)) && /restart/i.test(l))).toBe(true);
  }, 40_000);

  it("reports once, with the reason, when the postmaster cannot be started again", async () => {
    const pid = postmasterPid(dataDir);
    // Data files PostgreSQL refuses to start on (an unknown version): every restart fails.
    const versionFile = path.join(dataDir, "pg", "PG_VERSION");
    const version = readFileSync(versionFile, "utf8");
    writeFileSync(versionFile, "7\n");
    process.kill(pid, "SIGKILL");
    try {
      await expect.poll(() => fatal.length, { timeout: 20_000, interval: 200 }).toBe(1);
    } finally {
      writeFileSync(versionFile, version);
    }
    expect(fatal[0]!.message).toMatch(/Embedded PostgreSQL .*could not be restarted after 3 attempts/);
    expect(fatal[0]!.message).toContain(path.join(dataDir, "pg"));
    // PostgreSQL's own reason is part of the message.
    expect(fatal[0]!.message).toMatch(/incompatible|PG_VERSION/i);
    await db.$client.query("select 1").then(
      () => expect.unreachable("the database should be down"),
      (error: unknown) => expect(String(error)).toMatch(/ECONNREFUSED|Connection terminated/),
    );
  }, 40_000);
});

describe("embedded PostgreSQL start", () => {
  it("on a port in use, fails with PostgreSQL's own reason and what to do", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-embedded-busy-"));
    try {
      const started = startEmbeddedPostgres({ dataDir, port, logger: { info: () => {}, warn: () => {} } });
      await expect(started).rejects.toThrow(
        /did not start .*PostgreSQL said: .*Address already in use.*EMBEDDED_PG_PORT/,
      );
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
