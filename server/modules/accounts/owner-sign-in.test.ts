import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { emailOutbox, rateLimits } from "#server/core/db/schema.ts";
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MESSAGE } from "./account-links.ts";
import { LOGIN_LIMITS } from "./login-limits.ts";
import { signInLinkTokens } from "./schema.ts";
import { hashToken } from "./sessions.ts";

/*
 * Issue 20, item 8: wrong passwords spread over many addresses made the account answer 429 to its owner's correct
 * password from a new address. The limits stay; past the per-account ceiling the owner still gets in from a browser
 * that signed in before (the device cookie) or through a one-time link by e-mail ('Enviar ligação de acesso').
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let subnet = 0;

const attempt = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/users/login",
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** A guesser spread over many addresses, each under its own limit, until the account's ceiling is reached. */
async function exhaustAccount(email: string): Promise<void> {
  const net = ++subnet;
  const addresses = Math.ceil(LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndAddress);
  for (let a = 0; a < addresses; a++) {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const res = await attempt(email, `errada-${a}-${i}`, `10.${net}.${a}.1`);
      expect(res.statusCode).toBe(400);
    }
  }
  // The ceiling is reached: a fresh address without a device cookie is refused even with the right password.
  expect((await attempt(email, "qualquer", `10.${net}.250.1`)).statusCode).toBe(429);
}

/** The account's ceiling reached at once (as exhaustAccount leaves it), for the tests about what happens next. */
async function ceilingReached(email: string): Promise<void> {
  const key = `login:email:${email.toLowerCase()}`;
  await t.db
    .insert(rateLimits)
    .values({ key, count: LOGIN_LIMITS.perAccount, resetAt: new Date(Date.now() + LOGIN_LIMITS.windowMs) })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: LOGIN_LIMITS.perAccount } });
  expect((await attempt(email, "qualquer", `10.0.${++subnet}.250`)).statusCode).toBe(429);
}

/** Signs in and returns the device cookie the browser keeps ("loja_device=…"). */
async function deviceOf(email: string, password: string, ip = "198.51.100.1"): Promise<string> {
  const res = await attempt(email, password, ip);
  expect(res.statusCode, res.body).toBe(200);
  const device = res.cookies.find((c) => c.name === "loja_device");
  expect(device, "a successful sign-in sets the device cookie").toBeDefined();
  return `loja_device=${device!.value}`;
}

describe("a browser that signed in before (device cookie)", () => {
  it("is set HttpOnly, SameSite=Lax, for a long time, at each successful sign-in (never at a failed one)", async () => {
    const u = await createUser(t.db, "cliente");
    const failed = await attempt(u.email, "errada", "198.51.100.2");
    expect(failed.cookies.find((c) => c.name === "loja_device")).toBeUndefined();
    const res = await attempt(u.email, u.password, "198.51.100.2");
    const device = res.cookies.find((c) => c.name === "loja_device")!;
    expect(device.httpOnly).toBe(true);
    expect(device.sameSite).toBe("Lax");
    expect(device.path).toBe("/");
    expect(device.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(device.value.startsWith(`${u.id}.`)).toBe(true);
    // Each sign-in names a new device.
    expect(await deviceOf(u.email, u.password)).not.toBe(`loja_device=${device.value}`);
  });

  it(
    "lets its owner in past the account's ceiling, from a new address; a browser without it stays limited",
    { timeout: 60_000 },
    async () => {
      const owner = await createUser(t.db, "cliente");
      const device = await deviceOf(owner.email, owner.password);
      await exhaustAccount(owner.email);

      const fromDevice = await attempt(owner.email, owner.password, "203.0.113.50", device);
      expect(fromDevice.statusCode, fromDevice.body).toBe(200);
      expect(fromDevice.json().user.id).toBe(owner.id);

      // The attacker, without the cookie, with the right password from a fresh address: still 429.
      await ceilingReached(owner.email);
      const attacker = await attempt(owner.email, owner.password, "203.0.113.51");
      expect(attacker.statusCode).toBe(429);
    },
  );

  it("is not accepted for another account, forged, or with a wrong signature", async () => {
    const owner = await createUser(t.db, "cliente");
    const other = await createUser(t.db, "cliente");
    const othersDevice = await deviceOf(other.email, other.password);
    const ownDevice = await deviceOf(owner.email, owner.password);
    await ceilingReached(owner.email);
    const [, value] = ownDevice.split("=");
    const [id, device, signature] = value!.split(".");
    const forged = [
      othersDevice,
      `loja_device=${other.id}.${device}.${signature}`,
      `loja_device=${id}.${device}.${signature!.slice(0, -2)}xx`,
      `loja_device=${id}.outro-aparelho.${signature}`,
      `loja_device=${id}`,
    ];
    for (const cookie of forged) {
      const res = await attempt(owner.email, owner.password, "203.0.113.60", cookie);
      expect(res.statusCode, cookie).toBe(429);
    }
    expect((await attempt(owner.email, owner.password, "203.0.113.61", ownDevice)).statusCode).toBe(200);
  });

  it("does not lift the per-address limits: a guesser holding a device cookie is still stopped at its address", async () => {
    const owner = await createUser(t.db, "cliente");
    const device = await deviceOf(owner.email, owner.password);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress + 1; i++) {
      codes.push((await attempt(owner.email, `errada-${i}`, "203.0.113.70", device)).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect((await attempt(owner.email, owner.password, "203.0.113.70", device)).statusCode).toBe(429);
  });
});

describe("'Enviar ligação de acesso' (one-time sign-in link)", () => {
  const askLink = (email: string, ip = "192.0.2.200") =>
    t.app.inject({ method: "POST", url: "/api/users/login-link", payload: { email }, remoteAddress: ip });
  const useLink = (token: string, ip = "192.0.2.201", cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/users/login-link/use",
      payload: { token },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** Runs the mail job and returns the newest sign-in link mailed to `to`, with its token. */
  async function linkMailTo(to: string) {
    await t.services.accounts.links.processPending();
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "sign-in-link")))
      .orderBy(desc(emailOutbox.id));
    const token = /http:\/\/localhost:3000\/login\?ligacao=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    return { mail, token };
  }

  it("answers alike for an account and an unknown address; only the account gets a 15-minute link, stored hashed", async () => {
    const u = await createUser(t.db, "cliente");
    const known = await askLink(u.email);
    const unknown = await askLink("ninguem-com-conta@exemplo.pt");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(SIGN_IN_LINK_MESSAGE);

    const { mail, token } = await linkMailTo(u.email);
    expect(mail?.subject).toBe("A sua ligação de acesso à Loja");
    expect(mail?.text).toContain("válida durante 15 minutos e apenas uma vez");
    expect(mail?.html).toContain(`href="http://localhost:3000/login?ligacao=${token}"`);
    expect((await linkMailTo("ninguem-com-conta@exemplo.pt")).mail).toBeUndefined();
    const [row] = await t.db.select().from(signInLinkTokens).where(eq(signInLinkTokens.userId, u.id));
    expect(row!.tokenHash).toBe(hashToken(token!));
    expect(JSON.stringify(row)).not.toContain(token!);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 15 * 60_000)).toBeLessThan(5_000);
  });

  it(
    "signs the owner in past the account's ceiling, once, and sets the device cookie that then works",
    { timeout: 60_000 },
    async () => {
      const owner = await createUser(t.db, "cliente");
      await exhaustAccount(owner.email);
      expect((await askLink(owner.email)).statusCode).toBe(200);
      const { token } = await linkMailTo(owner.email);

      const used = await useLink(token!);
      expect(used.statusCode, used.body).toBe(200);
      expect(used.json().user.id).toBe(owner.id);
      const cookies = Object.fromEntries(used.cookies.map((c) => [c.name, c.value]));
      const me = await t.app.inject({
        url: "/api/users/me",
        headers: { cookie: `loja_session=${cookies.loja_session}` },
      });
      expect(me.json().user.id).toBe(owner.id);
      expect(cookies.loja_device).toMatch(new RegExp(`^${owner.id}\\.`));

      // Single use.
      const again = await useLink(token!);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(SIGN_IN_LINK_INVALID);

      // The account's ceiling was reached again by the guesser: the device cookie the link set lets the owner in.
      await ceilingReached(owner.email);
      const next = await attempt(owner.email, owner.password, "203.0.113.90", `loja_device=${cookies.loja_device}`);
      expect(next.statusCode, next.body).toBe(200);
    },
  );

  it("refuses an expired, unknown or empty link", async () => {
    const u = await createUser(t.db, "cliente");
    await askLink(u.email);
    const { token } = await linkMailTo(u.email);
    await t.db
      .update(signInLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInLinkTokens.tokenHash, hashToken(token!)));
    for (const bad of [token!, "nao-existe", ""]) {
      const res = await useLink(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(SIGN_IN_LINK_INVALID);
      expect(res.cookies.find((c) => c.name === "loja_session")).toBeUndefined();
    }
  });

  it("dies when the password changes (by a reset and by /conta/palavra-passe)", async () => {
    const u = await createUser(t.db, "cliente");
    await askLink(u.email);
    const first = (await linkMailTo(u.email)).token!;
    const headers = await login(t.app, u.email, u.password);
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers,
      payload: { currentPassword: u.password, newPassword: "mudada-pelo-dono-2" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await useLink(first)).statusCode).toBe(400);

    await askLink(u.email);
    const second = (await linkMailTo(u.email)).token!;
    await t.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: u.email },
      remoteAddress: "192.0.2.210",
    });
    await t.services.accounts.links.processPending();
    const [resetMail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, u.email), eq(emailOutbox.kind, "password-reset")))
      .orderBy(desc(emailOutbox.id));
    const resetToken = /token=([\w-]+)/.exec(resetMail!.text)![1]!;
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token: resetToken, password: "redefinida-pelo-dono-3" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await useLink(second)).statusCode).toBe(400);
  });

  it("sends at most 3 links an hour to an account, answering every request alike", async () => {
    const u = await createUser(t.db, "cliente");
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await askLink(u.email, `192.0.2.${100 + i}`)).statusCode);
    expect(codes).toEqual(Array(6).fill(200));
    await t.services.accounts.links.processPending();
    expect(
      await t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, u.email), eq(emailOutbox.kind, "sign-in-link"))),
    ).toBe(3);
  });
});
