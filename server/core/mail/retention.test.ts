import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import type { Database } from "#server/core/db/client.ts";
import { loadConfig } from "#server/core/config.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { enqueueMail } from "./outbox.ts";
import { purgeOldMail } from "./retention.ts";
import { createMailTransport } from "./transport.ts";
import { drainOutbox } from "./worker.ts";

/*
 * Issue 20 item 12: sent messages (full IBANs, phones, names) are not kept for ever. After MAIL_RETENTION_DAYS
 * (default 90) the daily purge deletes sent and given-up messages and their .eml copies under DATA_DIR/mail;
 * pending messages and younger ones stay.
 */

let db: Database;
let drop: () => Promise<void>;
let dataDir: string;
const mailDir = () => path.join(dataDir, "mail");
const DAY = 24 * 3600_000;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-retention-"));
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const mail = (subject: string) => ({
  to: "cliente@exemplo.pt",
  subject,
  text: "IBAN PT50000201231234567890154, telemóvel 912345678.",
  kind: "test",
});
const filesOf = (id: number) =>
  existsSync(mailDir()) ? readdirSync(mailDir()).filter((f) => f.includes(`Z-${id}-`)) : [];

describe("MAIL_RETENTION_DAYS", () => {
  it("is 90 days unless set (1 to 3650)", () => {
    const base = { NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString("hex") };
    expect(loadConfig(base).mailRetentionDays).toBe(90);
    expect(loadConfig({ ...base, MAIL_RETENTION_DAYS: "30" }).mailRetentionDays).toBe(30);
    expect(() => loadConfig({ ...base, MAIL_RETENTION_DAYS: "0" })).toThrow();
  });
});

describe("purgeOldMail", () => {
  it("deletes sent and failed messages past the retention with their .eml copies, and nothing else", async () => {
    const ids: Record<string, number> = {};
    for (const name of ["old", "recent", "failed", "pending", "orphan"])
      ids[name] = (await enqueueMail(db, mail(name)))!;
    // Every one delivered as .eml (no SMTP_URL), then backdated.
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: "Loja <loja@teste.pt>", dataDir });
    await drainOutbox(db, transport, pino({ level: "silent" }));
    transport.close();
    for (const id of Object.values(ids)) expect(filesOf(id)).toHaveLength(1);
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await db
      .update(emailOutbox)
      .set({ sentAt: ago(91), createdAt: ago(92) })
      .where(eq(emailOutbox.id, ids.old!));
    await db
      .update(emailOutbox)
      .set({ sentAt: ago(89), createdAt: ago(95) })
      .where(eq(emailOutbox.id, ids.recent!));
    await db
      .update(emailOutbox)
      .set({ status: "failed", sentAt: null, createdAt: ago(100) })
      .where(eq(emailOutbox.id, ids.failed!));
    await db
      .update(emailOutbox)
      .set({ status: "pending", sentAt: null, createdAt: ago(100) })
      .where(eq(emailOutbox.id, ids.pending!));
    // A copy whose row is already gone (erased with an account by the admin) and an old copy without an id.
    await db.delete(emailOutbox).where(eq(emailOutbox.id, ids.orphan!));
    const stray = path.join(mailDir(), "mensagem-antiga.eml");
    writeFileSync(stray, "x");
    utimesSync(stray, ago(120), ago(120));

    const result = await purgeOldMail(db, { retentionDays: 90, mailDir: mailDir() });
    expect(result).toEqual({ messages: 2, files: 4 });
    const left = await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(left.map((r) => r.subject)).toEqual(["recent", "pending"]);
    expect(filesOf(ids.old!)).toEqual([]);
    expect(filesOf(ids.failed!)).toEqual([]);
    expect(filesOf(ids.orphan!)).toEqual([]);
    expect(existsSync(stray)).toBe(false);
    expect(filesOf(ids.recent!)).toHaveLength(1);
    expect(filesOf(ids.pending!)).toHaveLength(1);

    // A shorter retention takes the recent one too; the pending one never.
    expect(await purgeOldMail(db, { retentionDays: 30, mailDir: mailDir() })).toEqual({ messages: 1, files: 1 });
    expect((await db.select({ s: emailOutbox.subject }).from(emailOutbox)).map((r) => r.s)).toEqual(["pending"]);
    expect(await db.$count(emailOutbox, sql`true`)).toBe(1);
  });
});
