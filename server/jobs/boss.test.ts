import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { loadConfig } from "#server/core/config.ts";
import { emailOutbox, rateLimits } from "#server/core/db/schema.ts";
import { sessions, users } from "#server/modules/accounts/schema.ts";
import { enqueueMail } from "#server/core/mail/outbox.ts";
import { parseMail } from "#tests/support/mail.ts";
import { MAIL_PURGE, startJobs, type Jobs } from "./boss.ts";
import { cleanupExpired } from "./maintenance.ts";

const logger = pino({ level: "silent" });
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-jobs-test-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  return { db: database.db, config, mailDir: path.join(dataDir, "mail") };
}

const emlFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")) : []);

/** The value of `check` once `ok` accepts it (vi.waitFor: polled every 50 ms, bounded). */
const waitFor = <T>(check: () => T | Promise<T>, ok: (v: T) => boolean, timeout = 10_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await check();
      if (!ok(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 50 },
  );

describe("startJobs", () => {
  it("delivers mail queued before start, and mail queued later as soon as it is nudged", async () => {
    const { db, config, mailDir } = await setup();
    const early = await enqueueMail(db, {
      to: "a@exemplo.pt",
      subject: "Antes do arranque",
      text: "Um.",
      kind: "test",
    });

    const jobs = await startJobs({ db, config, logger });
    let stopped = false;
    cleanups.push(() => (stopped ? undefined : jobs.stop()));

    const first = await waitFor(
      () => emlFiles(mailDir),
      (f) => f.length === 1,
    );
    expect(first).toHaveLength(1);
    expect(first[0]).toContain(`-${early}-test.eml`);

    // Let that drain finish, so only the nudge (or the cron, a minute away) can send the next mail.
    const status = async (id: number | null) =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id!)))[0]?.status;
    expect(
      await waitFor(
        () => status(early),
        (s) => s === "sent",
      ),
    ).toBe("sent");
    await new Promise((r) => setTimeout(r, 300));

    const late = await enqueueMail(db, {
      to: "b@exemplo.pt",
      subject: "Depois do arranque",
      text: "Dois.",
      kind: "verify-email",
    });
    const nudgedAt = Date.now();
    for (let i = 0; i < 5; i++) jobs.nudgeMail(); // a burst of commits: one drain
    const files = await waitFor(
      () => emlFiles(mailDir),
      (f) => f.length === 2,
    );
    expect(files).toHaveLength(2);
    expect(Date.now() - nudgedAt).toBeLessThan(5_000); // the worker polls every 2 s, the cron every 60 s
    const lateFile = files.find((f) => f.includes(`-${late}-verify-email.eml`));
    expect(lateFile).toBeDefined();
    const parsed = await parseMail(readFileSync(path.join(mailDir, lateFile!), "utf8"));
    expect(parsed.to).toEqual(["b@exemplo.pt"]);
    expect(parsed.subject).toBe("Depois do arranque");
    expect(parsed.text).toBe("Dois.");
    expect(
      await waitFor(
        () => status(late),
        (s) => s === "sent",
      ),
    ).toBe("sent");

    const stopStarted = Date.now();
    await jobs.stop();
    stopped = true;
    expect(Date.now() - stopStarted).toBeLessThan(10_000);
    expect(() => jobs.nudgeMail()).not.toThrow(); // after stop: ignored
  });

  it("lets two instances share one database and still sends every mail once", async () => {
    const { db, config, mailDir } = await setup();
    const [a, b]: [Jobs, Jobs] = await Promise.all([
      startJobs({ db, config, logger }),
      startJobs({ db, config, logger }),
    ]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );

    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push((await enqueueMail(db, { to: `c${i}@exemplo.pt`, subject: `Mensagem ${i}`, text: "x", kind: "test" }))!);
      (i % 2 ? a : b).nudgeMail();
    }

    const files = await waitFor(
      () => emlFiles(mailDir),
      (f) => f.length >= 8,
    );
    expect(files).toHaveLength(8);
    const sentIds = files.map((f) => Number(/-(\d+)-test\.eml$/.exec(f)?.[1])).sort((x, y) => x - y);
    expect(sentIds).toEqual(ids);
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would show up here
    expect(emlFiles(mailDir)).toHaveLength(8);
  });
});

describe("cleanupExpired", () => {
  it("deletes expired sessions and rate-limit windows and keeps live ones", async () => {
    const { db } = await setup();
    const [user] = await db
      .insert(users)
      .values({ name: "Ana", email: "ana@exemplo.pt", passwordHash: "x" })
      .returning({ id: users.id });
    const hour = 60 * 60 * 1000;
    await db.insert(sessions).values([
      { idHash: "expired", userId: user!.id, expiresAt: new Date(Date.now() - hour) },
      { idHash: "live", userId: user!.id, expiresAt: new Date(Date.now() + hour) },
    ]);
    await db.insert(rateLimits).values([
      { key: "login:old", count: 9, resetAt: new Date(Date.now() - 1000) },
      { key: "login:now", count: 3, resetAt: new Date(Date.now() + hour) },
    ]);

    expect(await cleanupExpired(db)).toEqual({ sessions: 1, rateLimits: 1 });
    expect((await db.select({ id: sessions.idHash }).from(sessions)).map((s) => s.id)).toEqual(["live"]);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(["login:now"]);
  });
});

describe("mail.purge", () => {
  it("is scheduled daily (Lisbon time) when the jobs start", async () => {
    const { db, config } = await setup();
    const jobs = await startJobs({ db, config, logger });
    cleanups.push(() => jobs.stop());
    const { rows } = await db.$client.query<{ cron: string; timezone: string | null }>(
      "select cron, options->>'tz' as timezone from pgboss.schedule where name = $1",
      [MAIL_PURGE],
    );
    expect(rows).toEqual([{ cron: "17 3 * * *", timezone: "Europe/Lisbon" }]);
  });
});
