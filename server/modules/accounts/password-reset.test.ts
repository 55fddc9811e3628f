import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { parseMail, type ReadMail } from "#tests/support/mail.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { passwordResetTokens, sessions, users } from "./schema.ts";
import { createMailTransport } from "#server/core/mail/transport.ts";
import { drainOutbox } from "#server/core/mail/worker.ts";
import { verifyPassword } from "./passwords.ts";
import { FORGOT_PASSWORD_MESSAGE } from "./password-reset.ts";
import { RESET_LINK_INVALID } from "./schemas.ts";
import { hashToken } from "./sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/users/forgot-password", payload: { email }, remoteAddress: ip });
const reset = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/users/reset-password", payload, headers });
const me = (headers: Record<string, string>) => t.app.inject({ url: "/api/users/me", headers });

/** The mail job's first step: the links asked for by address become mails (account-links.ts). */
const runMailJob = () => t.services.accounts.links.processPending();

/** Delivers the outbox as the shop does without SMTP (.eml files under DATA_DIR/mail) and reads those for `to`. */
async function mailsTo(to: string): Promise<ReadMail[]> {
  const transport = createMailTransport({
    smtpUrl: undefined,
    mailFrom: "Loja <loja@teste.pt>",
    dataDir: t.config.dataDir,
  });
  await runMailJob();
  await drainOutbox(t.db, transport, pino({ level: "silent" }));
  const dir = path.join(t.config.dataDir, "mail");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  const mails = await Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f)))));
  return mails.filter((m) => m.to.includes(to));
}

/** The reset link of the newest reset mail to `to`, as the shopper's mail client shows it in both parts. */
async function resetLink(to: string): Promise<{ token: string; mail: ReadMail }> {
  const mail = (await mailsTo(to)).filter((m) => m.subject === "Redefinir a sua palavra-passe na Loja").at(-1);
  if (!mail) throw new Error(`no reset mail for ${to}`);
  const inText = /http:\/\/localhost:3000\/redefinir-palavra-passe\?token=([\w-]+)/.exec(mail.text ?? "");
  const inHtml = /href="http:\/\/localhost:3000\/redefinir-palavra-passe\?token=([\w-]+)"/.exec(mail.html ?? "");
  expect(inHtml?.[1]).toBe(inText?.[1]);
  return { token: inText![1]!, mail };
}

describe("POST /api/users/forgot-password", () => {
  it("answers an existing and an unknown e-mail alike; only the account gets a mail, with a one-hour link", async () => {
    const u = await createUser(t.db, "cliente");
    const outboxBefore = await t.db.$count(emailOutbox);
    const known = await forgot(u.email.toUpperCase());
    const unknown = await forgot("ninguem-aqui@exemplo.pt");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    // Exactly one mail queued by the mail job, to the account.
    await runMailJob();
    expect(await t.db.$count(emailOutbox)).toBe(outboxBefore + 1);
    expect(await mailsTo("ninguem-aqui@exemplo.pt")).toEqual([]);

    const { token, mail } = await resetLink(u.email);
    expect(mail.text).toContain("válido durante 1 hora");
    // Only the SHA-256 is stored, expiring one hour after the request.
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 3600_000)).toBeLessThan(5_000);
  });

  it("a new request replaces the older link", async () => {
    const u = await createUser(t.db, "cliente");
    await forgot(u.email);
    const first = await resetLink(u.email);
    await forgot(u.email);
    const second = await resetLink(u.email);
    expect(second.token).not.toBe(first.token);
    const old = await reset({ token: first.token, password: "nova-senha-77" });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(RESET_LINK_INVALID);
    expect((await reset({ token: second.token, password: "nova-senha-77" })).statusCode).toBe(200);
  });

  it("sends nothing for a deleted (anonymised) account", async () => {
    const u = await createUser(t.db, "cliente");
    await t.db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.id, u.id));
    const before = await t.db.$count(emailOutbox);
    const res = await forgot(u.email);
    expect(res.json().message).toBe(FORGOT_PASSWORD_MESSAGE);
    await runMailJob();
    expect(await t.db.$count(emailOutbox)).toBe(before);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, u.id))).toBe(0);
  });

  it("refuses a malformed e-mail with a pt-PT message and queues nothing", async () => {
    const before = await t.db.$count(emailOutbox);
    const res = await forgot("nao-e-um-email");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Email inválido");
    expect(await t.db.$count(emailOutbox)).toBe(before);
  });

  // Issue 20, item 11: the mails per account are capped (3 an hour), silently; the answer is never refused per e-mail.
  it("caps the mails per e-mail (3 an hour) without refusing the answer, known or not", async () => {
    const u = await createUser(t.db, "cliente");
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(u.email, `10.1.0.${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200]);
    await runMailJob();
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, u.email))).toBe(3);
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) unknown.push((await forgot("outro-ninguem@exemplo.pt", `10.2.0.${i}`)).statusCode);
    expect(unknown).toEqual(codes);
  });

  it("limits requests per address (20 an hour)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await forgot(`pessoa${i}@exemplo.pt`, "10.3.0.1")).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.at(-1)).toBe(429);
  });
});

describe("POST /api/users/reset-password", () => {
  it("sets the new password, uses the link once, ends every session of the account and says so by e-mail", async () => {
    const u = await createUser(t.db, "cliente");
    const phone = await login(t.app, u.email, u.password);
    const laptop = await login(t.app, u.email, u.password);
    expect((await me(phone)).statusCode).toBe(200);
    await forgot(u.email);
    const { token } = await resetLink(u.email);

    const res = await reset({ token, password: "outra-senha-42" }, laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/terminámos todas as sessões/);
    // The browser that asked held a session of this account: its cookies are cleared.
    expect(res.cookies.find((c) => c.name === "loja_session")?.value).toBe("");

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(await verifyPassword(row!.passwordHash, "outra-senha-42")).toBe(true);
    expect(await verifyPassword(row!.passwordHash, u.password)).toBe(false);
    const [used] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(used!.usedAt).not.toBeNull();

    // Single use.
    const again = await reset({ token, password: "terceira-senha-9" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    const [still] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(still!.passwordHash).toBe(row!.passwordHash);

    // The old password no longer signs in; the new one does.
    const old = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(old.statusCode).toBe(400);
    expect((await me(await login(t.app, u.email, "outra-senha-42"))).json().user.id).toBe(u.id);

    const notice = (await mailsTo(u.email)).find((m) => m.subject === "A sua palavra-passe da Loja foi alterada");
    expect(notice?.text).toContain("todas as sessões abertas foram terminadas");
    expect(notice?.html).toContain("http://localhost:3000/recuperar-palavra-passe");
  });

  it("refuses a link older than one hour and changes nothing", async () => {
    const u = await createUser(t.db, "cliente");
    const session = await login(t.app, u.email, u.password);
    await forgot(u.email);
    const { token } = await resetLink(u.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const [before] = await t.db.select().from(users).where(eq(users.id, u.id));
    const res = await reset({ token, password: "nova-senha-55" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await me(session)).statusCode).toBe(200);
    expect(
      await t.db.$count(
        passwordResetTokens,
        and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt)),
      ),
    ).toBe(1);
  });

  it.each([
    [{ password: "nova-senha-1" }, RESET_LINK_INVALID],
    [{ token: "", password: "nova-senha-1" }, RESET_LINK_INVALID],
    [{ token: "x".repeat(201), password: "nova-senha-1" }, RESET_LINK_INVALID],
    [{ token: "nao-existe", password: "nova-senha-1" }, RESET_LINK_INVALID],
  ])("refuses the link of %j with the pt-PT message", async (payload, message) => {
    const res = await reset(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ["12345", "A palavra-passe deve ter pelo menos 6 caracteres"],
    ["aaaaaaa", "A palavra-passe não pode ser um único carácter repetido."],
    ["password", "Esta palavra-passe é demasiado comum. Escolha uma mais difícil de adivinhar."],
    ["", "Palavra-passe é obrigatória"],
  ])("refuses the new password %j like registration does, and keeps the link usable", async (password, message) => {
    const u = await createUser(t.db, "cliente");
    await forgot(u.email);
    const { token } = await resetLink(u.email);
    const [before] = await t.db.select().from(users).where(eq(users.id, u.id));
    const res = await reset({ token, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await reset({ token, password: "agora-sim-123" })).statusCode).toBe(200);
  });

  it("verifies an account that never confirmed its e-mail (the link proved the address)", async () => {
    const u = await createUser(t.db, "cliente");
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, u.id));
    await forgot(u.email);
    const { token } = await resetLink(u.email);
    expect((await reset({ token, password: "confirmada-123" })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await me(await login(t.app, u.email, "confirmada-123"))).statusCode).toBe(200);
  });
});
