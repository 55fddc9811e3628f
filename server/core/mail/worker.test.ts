import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { freePort } from "#tests/support/global-setup.ts";
import { parseMail, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import { createDatabase, type Database } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { enqueueMail, type OutgoingMail } from "./outbox.ts";
import { createMailTransport, type MailTransport } from "./transport.ts";
import { drainOutbox, MAX_ATTEMPTS, retryDelaySeconds } from "./worker.ts";

const logger = pino({ level: "silent" });
const MAIL_FROM = "Loja <nao-responder@loja.test>";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let dataDir: string;
let smtp: TestSmtpServer;
let smtpTransport: MailTransport;
const closeLater: Array<() => unknown> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  smtp = await startSmtpServer(await freePort());
  smtpTransport = smtpTo(smtp.port);
});
afterAll(async () => {
  smtpTransport.close();
  await smtp.close();
  await database.drop();
});
beforeEach(async () => {
  await db.delete(emailOutbox);
  smtp.received.length = 0;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-mail-test-"));
});
afterEach(async () => {
  for (const close of closeLater.splice(0)) await close();
  rmSync(dataDir, { recursive: true, force: true });
});

function smtpTo(port: number): MailTransport {
  return createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: MAIL_FROM, dataDir: "/nonexistent" });
}

async function queue(n: number, extra: Partial<OutgoingMail> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const id = await enqueueMail(db, {
      to: `cliente${i}@exemplo.pt`,
      subject: `Mensagem ${i}`,
      text: `Olá, esta é a mensagem ${i}.`,
      kind: "test",
      ...extra,
    });
    if (id === null) throw new Error("not queued");
    ids.push(id);
  }
  return ids;
}

const rows = (ids: number[]) =>
  db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids)).orderBy(emailOutbox.id);

describe("drainOutbox over SMTP", () => {
  it("delivers a queued mail with the right recipient, subject and body", async () => {
    const id = await enqueueMail(db, {
      to: "ana@exemplo.pt",
      subject: "Confirmação da encomenda nº 42",
      text: "Olá Ana,\nobrigado pela sua encomenda de 29,90 €.",
      html: "<p>Olá Ana, obrigado pela sua encomenda de <b>29,90 €</b>.</p>",
      kind: "order-confirmation",
    });
    expect(id).not.toBeNull();

    const result = await drainOutbox(db, smtpTransport, logger);

    expect(result).toMatchObject({ sent: 1, retried: 0, failed: 0, halted: false });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.rcptTo).toEqual(["ana@exemplo.pt"]);
    expect(mail?.mailFrom).toBe("nao-responder@loja.test");
    const parsed = await parseMail(mail!.raw);
    expect(parsed.to).toEqual(["ana@exemplo.pt"]);
    expect(parsed.from).toBe(MAIL_FROM);
    expect(parsed.subject).toBe("Confirmação da encomenda nº 42");
    expect(parsed.messageId).toMatch(new RegExp(`^<loja-outbox-${id}-\\d+@loja\\.test>$`));
    expect(parsed.text).toBe("Olá Ana,\nobrigado pela sua encomenda de 29,90 €.");
    expect(parsed.html).toBe("<p>Olá Ana, obrigado pela sua encomenda de <b>29,90 €</b>.</p>");

    const [row] = await rows([id!]);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps every mail pending when the relay refuses connections, then sends each exactly once", async () => {
    const port = await freePort(); // nothing listens here yet
    const transport = smtpTo(port);
    closeLater.push(() => transport.close());
    const ids = await queue(3);

    const down = await drainOutbox(db, transport, logger, { concurrency: 1 });

    // The first failure stops the drain: the other mails keep their attempts for later.
    expect(down).toMatchObject({ sent: 0, retried: 1, failed: 0, halted: true });
    const afterFailure = await rows(ids);
    expect(afterFailure.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    expect(afterFailure.map((r) => r.attempts)).toEqual([1, 0, 0]);
    expect(afterFailure[0]?.lastError).toMatch(/ECONNREFUSED/);
    expect(afterFailure[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2_000);

    // The relay comes back, and the backoff has passed.
    const server = await startSmtpServer(port);
    closeLater.push(() => server.close());
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(emailOutbox.id, ids));

    const up = await drainOutbox(db, transport, logger);
    const again = await drainOutbox(db, transport, logger);

    expect(up).toMatchObject({ sent: 3, retried: 0, failed: 0 });
    expect(again).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(server.received.map((m) => m.rcptTo[0]).sort()).toEqual([
      "cliente1@exemplo.pt",
      "cliente2@exemplo.pt",
      "cliente3@exemplo.pt",
    ]);
    const afterRecovery = await rows(ids);
    expect(afterRecovery.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    expect(afterRecovery.map((r) => r.attempts)).toEqual([2, 1, 1]);
  });

  it("sends each mail once when two instances drain the same outbox at the same time", async () => {
    const slow = await startSmtpServer(await freePort(), { delayMs: 25 });
    closeLater.push(() => slow.close());
    const other = createDatabase(database.url, { max: 4 }); // a second app instance
    closeLater.push(() => other.$client.end());
    const [t1, t2] = [smtpTo(slow.port), smtpTo(slow.port)];
    closeLater.push(
      () => t1.close(),
      () => t2.close(),
    );
    const ids = await queue(16);

    const [a, b] = await Promise.all([
      drainOutbox(db, t1, logger, { concurrency: 3 }),
      drainOutbox(other, t2, logger, { concurrency: 3 }),
    ]);

    expect(a.sent + b.sent).toBe(16);
    expect(slow.received).toHaveLength(16);
    const subjects = await Promise.all(slow.received.map(async (m) => (await parseMail(m.raw)).subject));
    expect(new Set(subjects).size).toBe(16);
    const final = await rows(ids);
    expect(final.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("marks a mail the relay refuses for good as failed at once and still sends the others", async () => {
    const [bad] = await queue(1, { to: "inexistente@exemplo.pt" });
    const [good] = await queue(1);

    const result = await drainOutbox(db, smtpTransport, logger);

    expect(result).toMatchObject({ sent: 1, failed: 1, halted: false });
    const [badRow] = await rows([bad!]);
    expect(badRow).toMatchObject({ status: "failed", attempts: 1 });
    expect(badRow?.lastError).toMatch(/550/);
    expect((await rows([good!]))[0]?.status).toBe("sent");
    expect(smtp.received.map((m) => m.rcptTo)).toEqual([["cliente1@exemplo.pt"]]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, backing off exponentially up to an hour`, async () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(11)).toBe(3600);
    const transport = smtpTo(await freePort());
    closeLater.push(() => transport.close());
    const [id] = await queue(1);
    await db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id!));

    const result = await drainOutbox(db, transport, logger);

    expect(result.failed).toBe(1);
    expect((await rows([id!]))[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("never sends a row twice, and a dedupe key never makes a second row", async () => {
    const mail = {
      to: "rui@exemplo.pt",
      subject: "Encomenda 7 paga",
      text: "Pago.",
      kind: "order-paid",
      dedupeKey: "order-paid:7",
    };
    const first = await enqueueMail(db, mail);
    expect(first).not.toBeNull();
    await drainOutbox(db, smtpTransport, logger);

    expect(await enqueueMail(db, mail)).toBeNull();
    expect(await db.$count(emailOutbox, eq(emailOutbox.dedupeKey, "order-paid:7"))).toBe(1);
    // Even with its retry time in the past, a sent row is not picked up again.
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 hour'` });
    expect((await drainOutbox(db, smtpTransport, logger)).sent).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});

describe("drainOutbox without SMTP_URL", () => {
  it("writes each mail as a parseable .eml file under DATA_DIR/mail", async () => {
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir });
    const id = await enqueueMail(db, {
      to: "maria@exemplo.pt",
      subject: "Verifique o seu e-mail",
      text: "Olá Maria,\nconfirme aqui: http://localhost:3000/verificar-email?token=abc",
      kind: "verify-email",
    });

    const result = await drainOutbox(db, transport, logger);

    expect(result.sent).toBe(1);
    const files = readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1); // no temporary file left behind
    const [file] = files;
    expect(file).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${id}-verify-email\\.eml$`));
    const raw = readFileSync(path.join(dataDir, "mail", file!), "utf8");
    expect(raw).toContain("\r\n"); // RFC 822 line endings
    const parsed = await parseMail(raw);
    expect(parsed.from).toBe(MAIL_FROM);
    expect(parsed.to).toEqual(["maria@exemplo.pt"]);
    expect(parsed.subject).toBe("Verifique o seu e-mail");
    expect(parsed.headers.get("mime-version")).toBe("1.0");
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text).toBe("Olá Maria,\nconfirme aqui: http://localhost:3000/verificar-email?token=abc");
    expect((await rows([id!]))[0]?.status).toBe("sent");
  });

  it("carries a mail's Reply-To into the message, and none when the mail has none", async () => {
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir });
    const withReply = await enqueueMail(db, {
      to: "loja@exemplo.pt",
      subject: "Nova mensagem",
      text: "Olá",
      replyTo: "rita.cliente@exemplo.pt",
      kind: "contact-with-reply",
    });
    await enqueueMail(db, { to: "ana@exemplo.pt", subject: "Sem resposta", text: "Olá", kind: "plain-no-reply" });
    expect((await rows([withReply!]))[0]?.replyTo).toBe("rita.cliente@exemplo.pt");

    expect((await drainOutbox(db, transport, logger)).sent).toBe(2);

    const read = async (kind: string) => {
      const file = readdirSync(path.join(dataDir, "mail")).find((f) => f.endsWith(`-${kind}.eml`));
      return parseMail(readFileSync(path.join(dataDir, "mail", file!), "utf8"));
    };
    const replied = await read("contact-with-reply");
    expect(replied.to).toEqual(["loja@exemplo.pt"]);
    expect(replied.from).toBe(MAIL_FROM);
    expect(replied.headers.get("reply-to")).toMatchObject({ value: [{ address: "rita.cliente@exemplo.pt" }] });
    expect((await read("plain-no-reply")).headers.has("reply-to")).toBe(false);
  });
});
