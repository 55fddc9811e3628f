import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/core/config.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { contactMessages } from "./schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { createServices } from "#server/services.ts";
import { defaultSettings } from "#server/modules/settings/schemas.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn, type Session } from "#tests/support/factories.ts";
import { freePort } from "#tests/support/global-setup.ts";
import { parseMail } from "#tests/support/mail.ts";
import { CONTACT_MESSAGES as M } from "./rules.ts";

/*
 * The contact form reaches the shop: POST /api/contact stores the message and e-mails it to the settings' contact
 * address with Reply-To the shopper; bad input and floods change nothing; the admin's list and 'Marcar como tratada'.
 */

let t: TestApp;
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, "admin");
  buyer = await signIn(t, "cliente");
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test writes from its own address, so the per-address limit of one does not reach another. */
const newAddress = () => `10.0.0.${++addressCounter}`;

const send = (body: object, remoteAddress = newAddress()) =>
  t.app.inject({ method: "POST", url: "/api/contact", payload: body, remoteAddress });

const valid = { nome: "Ana Sousa", email: "ana@exemplo.pt", mensagem: "Uma mensagem com texto suficiente." };

const rowCount = async () => (await t.db.select({ n: count() }).from(contactMessages))[0]!.n;
const outboxCount = async () => (await t.db.select({ n: count() }).from(emailOutbox))[0]!.n;

/** Delivers the outbox to .eml files (as the mail job does) and reads the one of this contact message. */
async function deliveredMail(messageId: number) {
  await drainOutbox(t.db, createMailTransport(t.config), pino({ level: "silent" }), {
    shop: async () => (await t.services.settings.get()).identity,
  });
  const [queued] = await t.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `contact-message:${messageId}`));
  const dir = path.join(t.config.dataDir, "mail");
  const file = readdirSync(dir).find((f) => f.includes(`-${queued!.id}-contact-message`));
  return parseMail(readFileSync(path.join(dir, file!)));
}

const replyTo = (mail: Awaited<ReturnType<typeof parseMail>>) =>
  (mail.headers.get("reply-to") as { value: Array<{ address: string }> } | undefined)?.value.map((a) => a.address);

describe("POST /api/contact", () => {
  it("stores the message as written and e-mails it to the shop's contact address with Reply-To the shopper", async () => {
    const body = {
      nome: "  Inês Araújo  ",
      email: "Ines.Araujo@exemplo.pt",
      mensagem: "Olá!\nA encomenda <b>#12</b> chega antes de sexta & sábado?\n\nObrigada",
    };
    const before = await rowCount();
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Mensagem enviada com sucesso!" });

    expect(await rowCount()).toBe(before + 1);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(row).toMatchObject({
      name: "Inês Araújo",
      email: "Ines.Araujo@exemplo.pt",
      message: body.mensagem,
      handledAt: null,
    });

    const contactAddress = (await t.services.settings.get()).identity.email;
    expect(contactAddress).toBe(defaultSettings(t.config.shipping).identity.email);
    const mail = await deliveredMail(row!.id);
    expect(mail.to).toEqual([contactAddress]);
    expect(replyTo(mail)).toEqual(["Ines.Araujo@exemplo.pt"]);
    expect(mail.subject).toBe("Nova mensagem de contacto: Inês Araújo");
    expect(mail.text).toContain(`Nome: Inês Araújo\nEmail: Ines.Araujo@exemplo.pt\n\nMensagem:\n${body.mensagem}\n`);
    // The HTML part shows the shopper's text, escaped: no markup of theirs gets in.
    expect(mail.html).toContain("A encomenda &lt;b&gt;#12&lt;/b&gt; chega antes de sexta &amp; sábado?");
    expect(mail.html).not.toContain("<b>#12</b>");
  });

  it("sends the next message to the contact address saved in the settings, without a restart", async () => {
    await t.services.settings.get(); // cached before the change
    const settings = structuredClone(defaultSettings(t.config.shipping));
    settings.identity.email = "mensagens@sabonetes-norte.pt";
    const put = await t.app.inject({ method: "PUT", url: "/api/settings", headers: admin.headers, payload: settings });
    expect(put.statusCode).toBe(200);

    const res = await send({ nome: "Rui Costa", email: "rui@exemplo.pt", mensagem: "Têm sabonetes sem perfume?" });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "rui@exemplo.pt"));
    const mail = await deliveredMail(row!.id);
    expect(mail.to).toEqual(["mensagens@sabonetes-norte.pt"]);
    expect(replyTo(mail)).toEqual(["rui@exemplo.pt"]);
    expect(mail.text).toContain("Têm sabonetes sem perfume?");
  });

  it.each<[string, object, string, string]>([
    ["no name", { ...valid, nome: undefined }, "/nome", M.nameRequired],
    ["a name of spaces", { ...valid, nome: "   \n " }, "/nome", M.nameRequired],
    ["a name of 121 characters", { ...valid, nome: "a".repeat(121) }, "/nome", M.nameTooLong],
    ["no e-mail", { ...valid, email: "" }, "/email", M.emailRequired],
    ["a bad e-mail", { ...valid, email: "ana-exemplo.pt" }, "/email", M.emailInvalid],
    ["an e-mail of 201 characters", { ...valid, email: `${"a".repeat(190)}@exemplo.pt` }, "/email", M.emailInvalid],
    ["no message", { ...valid, mensagem: undefined }, "/mensagem", M.messageRequired],
    ["a message of 9 characters", { ...valid, mensagem: "  Olá, Ana  " }, "/mensagem", M.messageTooShort],
    ["a message of 5001 characters", { ...valid, mensagem: "x".repeat(5001) }, "/mensagem", M.messageTooLong],
    ["a number for a name", { ...valid, nome: 42 }, "/nome", M.nameRequired],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_name, body, field, message) => {
    const [rows, mails] = [await rowCount(), await outboxCount()];
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(res.json().details).toContainEqual({ path: field, message });
    expect([await rowCount(), await outboxCount()]).toEqual([rows, mails]);
  });

  it("keeps a name on one line (it goes into the e-mail's subject)", async () => {
    const res = await send({ ...valid, nome: "Ana\r\nBcc: x@exemplo.pt", email: "uma-linha@exemplo.pt" });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "uma-linha@exemplo.pt"));
    expect(row!.name).toBe("Ana Bcc: x@exemplo.pt");
  });

  it("answers a filled honeypot like a success and stores and sends nothing", async () => {
    const [rows, mails] = [await rowCount(), await outboxCount()];
    const res = await send({ ...valid, website: "https://spam.example" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.sent });
    expect([await rowCount(), await outboxCount()]).toEqual([rows, mails]);
  });

  it("allows 5 messages per e-mail in 10 minutes, then 429 with a pt-PT message, whatever the address", async () => {
    const email = "insistente@exemplo.pt";
    for (let i = 1; i <= 5; i++) {
      expect((await send({ ...valid, email, mensagem: `Mensagem número ${i} de teste.` })).statusCode).toBe(200);
    }
    const refused = await send({ ...valid, email: "INSISTENTE@exemplo.pt", mensagem: "A sexta mensagem de teste." });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: M.tooMany });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(500);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored.map((r) => r.message).sort()).toEqual([1, 2, 3, 4, 5].map((i) => `Mensagem número ${i} de teste.`));
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, "INSISTENTE@exemplo.pt"))).toEqual(
      [],
    );
  });

  it("allows 5 messages per address in 10 minutes, whatever the e-mail", async () => {
    const address = newAddress();
    for (let i = 1; i <= 5; i++) {
      expect((await send({ ...valid, email: `pessoa${i}@exemplo.pt` }, address)).statusCode).toBe(200);
    }
    const [rows, mails] = [await rowCount(), await outboxCount()];
    const refused = await send({ ...valid, email: "pessoa6@exemplo.pt" }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooMany);
    expect([await rowCount(), await outboxCount()]).toEqual([rows, mails]);
    // Another address is not affected.
    expect((await send({ ...valid, email: "pessoa6@exemplo.pt" })).statusCode).toBe(200);
  });
});

describe("the admin's 'Mensagens'", () => {
  it("is admin only: 401 without a session, 403 for a shopper, and nothing is marked", async () => {
    const [row] = await t.db.select().from(contactMessages).limit(1);
    for (const [session, status] of [
      [null, 401],
      [buyer, 403],
    ] as const) {
      const headers = session?.headers;
      expect((await t.app.inject({ url: "/api/contact/messages", headers })).statusCode).toBe(status);
      const mark = await t.app.inject({ method: "POST", url: `/api/contact/messages/${row!.id}/handled`, headers });
      expect(mark.statusCode).toBe(status);
    }
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.id, row!.id)))[0]!.handledAt).toBeNull();
  });

  it("lists newest first, paged, with the total in X-Total-Count", async () => {
    const all = await t.db.select().from(contactMessages);
    const newestFirst = all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    const page2 = await t.app.inject({ url: "/api/contact/messages?page=2&limit=3", headers: admin.headers });
    expect(page2.statusCode).toBe(200);
    expect(page2.headers["x-total-count"]).toBe(String(all.length));
    expect(page2.json()).toEqual(
      newestFirst.slice(3, 6).map((r) => ({
        id: r.id,
        nome: r.name,
        email: r.email,
        mensagem: r.message,
        created_at: r.createdAt.toISOString(),
        handled_at: null,
      })),
    );
  });

  it("'Marcar como tratada' records when, once; an unknown id is 404", async () => {
    const [row] = await t.db.select().from(contactMessages).limit(1);
    const url = `/api/contact/messages/${row!.id}/handled`;
    const first = await t.app.inject({ method: "POST", url, headers: admin.headers });
    expect(first.statusCode).toBe(200);
    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
    expect(stored!.handledAt).toBeInstanceOf(Date);
    expect(first.json()).toMatchObject({
      success: true,
      message: M.handled,
      contact_message: { id: row!.id, handled_at: stored!.handledAt!.toISOString() },
    });
    const again = await t.app.inject({ method: "POST", url, headers: admin.headers });
    expect(again.json().contact_message.handled_at).toBe(stored!.handledAt!.toISOString());

    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/contact/messages/999999/handled",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);
  });
});

describe("POST /api/contact with the database unreachable", () => {
  it("answers 503 with the pt-PT message, not 500", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "loja-contact-down-"));
    const url = `postgres://postgres:x@127.0.0.1:${await freePort()}/loja`;
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PUBLIC_URL: "http://localhost:3000",
      SESSION_SECRET: randomBytes(32).toString("hex"),
    });
    const db = createDatabase(url, { max: 2 });
    const app = await buildApp({ config, services: createServices({ config, db }), web: "none" });
    try {
      const res = await app.inject({ method: "POST", url: "/api/contact", payload: valid });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe("Serviço temporariamente indisponível. Tente novamente dentro de momentos.");
    } finally {
      await app.close();
      await db.$client.end().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
