import { and, desc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { passwordResetTokens, users } from "./schema.ts";
import { RESET_LINK_INVALID } from "./schemas.ts";

/*
 * The password-reset findings of the security probes (issue 20, item 11): the request's answer time told registered
 * from unknown e-mails; a stranger's requests made the owner's own request answer 429 for an hour; an outstanding
 * reset link outlived a password or e-mail change.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const forgot = (email: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/users/forgot-password", payload: { email }, remoteAddress: ip });
const reset = (token: string, password = "nova-senha-segura-1") =>
  t.app.inject({ method: "POST", url: "/api/users/reset-password", payload: { token, password } });

/** Runs the mail job's first step (the links asked for by address), as the mail worker does before each drain. */
const runMailJob = () => t.services.accounts.links.processPending();

const resetMailsTo = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "password-reset")))
    .orderBy(desc(emailOutbox.id));

/** Asks for a link for `to` and returns its token, read from the queued mail. */
async function resetTokenFor(to: string, ip = "10.20.0.1"): Promise<string> {
  expect((await forgot(to, ip)).statusCode).toBe(200);
  await runMailJob();
  const [mail] = await resetMailsTo(to);
  const token = /\/redefinir-palavra-passe\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no reset link for ${to}`);
  return token;
}

/** The SQL statements (text, without parameters) the app sends to PostgreSQL while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    seen.push(typeof first === "string" ? first : (first.text ?? `prepared:${first.name}`));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

describe("the reset request does the same work for every address (a)", () => {
  it("sends the same statements for a customer's address and an unknown one, and writes the same rows", async () => {
    const u = await createUser(t.db, "cliente");
    // Warm-up: caches filled once (settings, prepared statements) are the same for both requests below.
    await forgot("aquecimento@exemplo.pt", "10.10.0.1");
    const outboxBefore = await t.db.$count(emailOutbox);
    const tokensBefore = await t.db.$count(passwordResetTokens);

    let knownAnswer: Awaited<ReturnType<typeof forgot>> | undefined;
    let unknownAnswer: typeof knownAnswer;
    const known = await statementsOf(async () => {
      knownAnswer = await forgot(u.email, "10.10.0.2");
    });
    const unknown = await statementsOf(async () => {
      unknownAnswer = await forgot("ninguem-registado@exemplo.pt", "10.10.0.3");
    });
    expect(knownAnswer!.statusCode).toBe(200);
    expect(unknownAnswer!.json()).toEqual(knownAnswer!.json());
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // Nothing is decided on the request path: no link and no mail yet, for either address.
    expect(await t.db.$count(emailOutbox)).toBe(outboxBefore);
    expect(await t.db.$count(passwordResetTokens)).toBe(tokensBefore);

    // The mail job decides later: only the customer gets a mail, with a link.
    await runMailJob();
    expect(await resetMailsTo(u.email)).toHaveLength(1);
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, "ninguem-registado@exemplo.pt"))).toBe(0);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, u.id))).toBe(1);
  });
});

describe("a stranger's requests never refuse the owner (b)", () => {
  it("answers the owner 200 after a stranger's many requests from many addresses; the mails are capped silently", async () => {
    const owner = await createUser(t.db, "cliente");
    const strangers: number[] = [];
    for (let i = 0; i < 12; i++) strangers.push((await forgot(owner.email, `172.16.${i}.9`)).statusCode);
    expect(strangers).toEqual(Array(12).fill(200));

    // The owner, from their own address, asks too: the same answer, and a link that works.
    const own = await forgot(owner.email.toUpperCase(), "198.51.100.77");
    expect(own.statusCode).toBe(200);
    await runMailJob();
    const mails = await resetMailsTo(owner.email);
    // At most 3 reset mails an hour reach the account, whoever asks.
    expect(mails).toHaveLength(3);
    const token = /token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    expect((await reset(token)).statusCode).toBe(200);

    // More requests within the hour still answer 200 and send nothing more.
    expect((await forgot(owner.email, "198.51.100.77")).statusCode).toBe(200);
    await runMailJob();
    expect(await resetMailsTo(owner.email)).toHaveLength(3);
  });

  it("still stops one address asking for many accounts (20 an hour)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await forgot(`inundacao${i}@exemplo.pt`, "10.30.0.1")).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(codes[20]).toBe(429);
  });
});

describe("an outstanding reset link dies when the password or the e-mail changes (c)", () => {
  it("by a reset through the link: the link is used up and no other one is left", async () => {
    const u = await createUser(t.db, "cliente");
    const token = await resetTokenFor(u.email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, "outra-senha-segura-2");
    expect(again.statusCode).toBe(400);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, u.id))).toBe(1);
  });

  it("by /conta/palavra-passe (PUT /api/users/me/password)", async () => {
    const u = await createUser(t.db, "cliente");
    const token = await resetTokenFor(u.email);
    const headers = await login(t.app, u.email, u.password);
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers,
      payload: { currentPassword: u.password, newPassword: "mudada-pelo-dono-1" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
  });

  it("by an admin's password change (admin:create, ADMIN_EMAIL, and the service's changePassword)", async () => {
    const admin = await createUser(t.db, "admin");
    const first = await resetTokenFor(admin.email);
    await t.services.accounts.upsertAdmin({ email: admin.email, password: "definida-pelo-admin-1" });
    expect((await reset(first)).statusCode).toBe(400);

    const u = await createUser(t.db, "cliente");
    const second = await resetTokenFor(u.email, "10.20.0.2");
    await t.services.accounts.changePassword(u.id, "definida-pelo-admin-2");
    expect((await reset(second)).statusCode).toBe(400);
  });

  it("by an admin's change of the account's e-mail (PUT /api/users/:id), but not by a change of name only", async () => {
    const admin = await createUser(t.db, "admin");
    const u = await createUser(t.db, "cliente");
    const adminHeaders = await login(t.app, admin.email, admin.password);
    const token = await resetTokenFor(u.email, "10.20.0.3");

    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/users/${u.id}`,
      headers: adminHeaders,
      payload: { name: "Nome Novo", email: u.email },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await t.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, u.id))).toBe(1);

    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/users/${u.id}`,
      headers: adminHeaders,
      payload: { name: "Nome Novo", email: `novo-${u.email}` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.email).toBe(`novo-${u.email}`);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
  });
});
