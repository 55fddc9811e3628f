import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { emailVerificationTokens, sessions, users } from "#server/modules/accounts/schema.ts";
import { csrfTokenFor, hashToken } from "#server/modules/accounts/sessions.ts";

/*
 * Sessions beyond server/modules/accounts/accounts.test.ts (which covers the http cookie flags, logout,
 * the per-account login limit, single-use and expired verification links): Secure cookies
 * on https, the CSRF cookie, expiry and forged cookies, fixation, password change, role change,
 * the per-IP login limit, and verification links that are stored hashed and verify nobody else.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers?: Partial<AuthHeaders>) => t.app.inject({ url: "/api/users/me", headers: headers as AuthHeaders });
const sessionToken = (headers: AuthHeaders) => /loja_session=([^;]+)/.exec(headers.cookie)![1]!;
const changePassword = (headers: AuthHeaders, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/users/me/password", headers, payload });

describe("cookies", () => {
  it("are Secure (both), HttpOnly (session only), SameSite=Lax and Path=/ when PUBLIC_URL is https", async () => {
    const https = await createTestApp({ PUBLIC_URL: "https://loja.exemplo.pt" });
    try {
      const u = await createUser(https.db, "cliente");
      const res = await https.app.inject({
        method: "POST",
        url: "/users/login",
        payload: { email: u.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === "loja_session");
      const csrf = res.cookies.find((c) => c.name === "loja_csrf");
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
      expect(csrf).toMatchObject({ secure: true, sameSite: "Lax", path: "/" });
      expect(csrf?.httpOnly).toBeFalsy();
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });

  it("on http: the CSRF cookie is readable by the page (not HttpOnly), Lax, Path=/, not Secure", async () => {
    const u = await createUser(t.db, "cliente");
    const res = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: u.email, password: u.password },
    });
    const csrf = res.cookies.find((c) => c.name === "loja_csrf");
    expect(csrf).toMatchObject({ sameSite: "Lax", path: "/" });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.secure).toBeFalsy();
  });

  it("the database keeps only the token's hash; the CSRF token is bound to the session", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const token = sessionToken(headers);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.map((r) => r.idHash)).toEqual([hashToken(token)]);
    expect(rows[0]!.idHash).not.toContain(token);
    expect(headers["x-csrf-token"]).toBe(csrfTokenFor(t.config.sessionSecret, token));
    // Another session's CSRF token does not work with this session.
    const other = await login(t.app, u.email, u.password);
    const mixed = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers: { cookie: headers.cookie, "x-csrf-token": other["x-csrf-token"] },
      payload: { currentPassword: u.password, newPassword: "outra-senha-1" },
    });
    expect(mixed.statusCode).toBe(403);
  });
});

describe("session lifetime", () => {
  it("logout ends only this session on the server; the old cookie then gets 401 everywhere", async () => {
    const u = await createUser(t.db, "cliente");
    const a = await login(t.app, u.email, u.password);
    const b = await login(t.app, u.email, u.password);
    const out = await t.app.inject({ method: "POST", url: "/api/users/logout", headers: a });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.filter((c) => c.name === "loja_session" || c.name === "loja_csrf");
    expect(cleared.map((c) => c.value)).toEqual(["", ""]);
    expect((await me(a)).statusCode).toBe(401);
    const stale = await changePassword(a, { currentPassword: u.password, newPassword: "nova-senha-1" });
    expect(stale.statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
  });

  it("an expired session is a visitor (401), even though its row still exists", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.id));
    const res = await me(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Tem de iniciar sessão para continuar.");
  });

  it.each([
    ["a random token", "loja_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a huge token", `loja_session=${"A".repeat(5000)}`],
    ["the hash of a live session (as if read from a leaked table)", "HASH"],
    ["an empty token", "loja_session="],
    ["a SQL fragment", "loja_session=' or 1=1 --"],
  ])("a forged cookie (%s) is a visitor", async (_label, cookie) => {
    const u = await createUser(t.db, "admin");
    await login(t.app, u.email, u.password);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const value = cookie === "HASH" ? `loja_session=${row!.idHash}` : cookie;
    expect((await me({ cookie: value })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/users", headers: { cookie: value } })).statusCode).toBe(401);
  });

  it("signing in again replaces the session sent with the request (no fixation)", async () => {
    const u = await createUser(t.db, "cliente");
    const first = await login(t.app, u.email, u.password);
    const res = await t.app.inject({
      method: "POST",
      url: "/users/login",
      headers: { cookie: first.cookie },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.cookies.find((c) => c.name === "loja_session")!.value;
    expect(fresh).not.toBe(sessionToken(first));
    expect((await me(first)).statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(1);
  });

  it("a failed sign-in keeps the session the browser already had", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const res = await t.app.inject({
      method: "POST",
      url: "/users/login",
      headers: { cookie: headers.cookie },
      payload: { email: u.email, password: "errada!!" },
    });
    expect(res.statusCode).toBe(400);
    expect((await me(headers)).statusCode).toBe(200);
  });

  it("a role change by an admin ends the user's sessions", async () => {
    const a = await createUser(t.db, "admin");
    const admin = await login(t.app, a.email, a.password);
    const c = await createUser(t.db, "admin");
    const victim = await login(t.app, c.email, c.password);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${c.id}`,
      headers: admin,
      payload: { name: "Ex-admin", email: c.email, function: "cliente" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ url: "/api/users", headers: victim })).statusCode).toBe(401);
  });
});

describe("PUT /api/users/me/password", () => {
  it("changes the password, keeps this session and ends every other one", async () => {
    const u = await createUser(t.db, "cliente");
    const current = await login(t.app, u.email, u.password);
    const phone = await login(t.app, u.email, u.password);
    const laptop = await login(t.app, u.email, u.password);
    const res = await changePassword(current, { currentPassword: u.password, newPassword: "nova-senha-segura" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Palavra-passe alterada com sucesso." });
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(1);
    const oldLogin = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(oldLogin.statusCode).toBe(400);
    await login(t.app, u.email, "nova-senha-segura");
  });

  it.each([
    [{ currentPassword: "errada!!", newPassword: "nova-senha-1" }, 400, "A palavra-passe atual está incorreta."],
    [{ newPassword: "nova-senha-1" }, 400, "Indique a palavra-passe atual"],
    [{ currentPassword: "CURRENT" }, 400, "Palavra-passe é obrigatória"],
    [{ currentPassword: "CURRENT", newPassword: "12345" }, 400, "A palavra-passe deve ter pelo menos 6 caracteres"],
    [
      { currentPassword: "CURRENT", newPassword: "x".repeat(201) },
      400,
      "A palavra-passe não pode ter mais de 200 caracteres",
    ],
    [
      { currentPassword: "CURRENT", newPassword: "CURRENT" },
      400,
      "A nova palavra-passe tem de ser diferente da atual.",
    ],
  ])("refuses %j with a pt-PT message and changes nothing", async (payload, status, message) => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const other = await login(t.app, u.email, u.password);
    const [before] = await t.db.select().from(users).where(eq(users.id, u.id));
    const body = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, v === "CURRENT" ? u.password : v]));
    const res = await changePassword(headers, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("needs a session and the CSRF token", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const payload = { currentPassword: u.password, newPassword: "nova-senha-1" };
    expect((await t.app.inject({ method: "PUT", url: "/api/users/me/password", payload })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers: { cookie: headers.cookie },
      payload,
    });
    expect(noCsrf.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers: { ...headers, origin: "https://malicioso.example" },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await me(headers)).statusCode).toBe(200);
  });

  it("limits guesses of the current password with a stolen session (429)", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await changePassword(headers, { currentPassword: `palpite-${i}`, newPassword: "nova-senha-1" })).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    const last = await changePassword(headers, { currentPassword: u.password, newPassword: "nova-senha-1" });
    expect(last.statusCode).toBe(429);
    expect(last.headers["retry-after"]).toBeTruthy();
  });
});

describe("login rate limit", () => {
  it("answers 429 with Retry-After and a pt-PT message after repeated failures; the right password is refused too", async () => {
    const u = await createUser(t.db, "cliente");
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: "POST", url: "/users/login", payload: { email: u.email, password: `errada-${i}` } });
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: ` ${u.email.toUpperCase()} `, password: u.password },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("Demasiadas tentativas. Aguarde um pouco e tente novamente.");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.cookies.find((c) => c.name === "loja_session")).toBeUndefined();
  });

  it("limits one address trying many accounts (per IP)", async () => {
    const own = await createTestApp();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 101; i++) {
        const res = await own.app.inject({
          method: "POST",
          url: "/users/login",
          remoteAddress: "203.0.113.7",
          payload: { email: `conta${i}@exemplo.pt`, password: "errada!!" },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 100).every((c) => c === 400)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      // Another address is not affected.
      const other = await own.app.inject({
        method: "POST",
        url: "/users/login",
        remoteAddress: "203.0.113.8",
        payload: { email: "x@exemplo.pt", password: "errada!!" },
      });
      expect(other.statusCode).toBe(400);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("e-mail verification tokens", () => {
  const register = (email: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Teste", email, password: "segredo1" },
    });
  const tokenFor = async (to: string) => {
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    return rows.at(-1)!.text.match(/token=([\w-]+)/)![1]!;
  };
  const verify = (token: string) =>
    t.app.inject({ url: `/api/users/verificar-email?token=${encodeURIComponent(token)}` });
  const verified = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerifiedAt;

  it("are stored hashed only", async () => {
    await register("hash@exemplo.pt");
    const token = await tokenFor("hash@exemplo.pt");
    const rows = await t.db.select().from(emailVerificationTokens);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(rows.some((r) => JSON.stringify(r).includes(token))).toBe(false);
  });

  it("an expired link verifies nobody; a used link cannot be reused after a fresh one is issued", async () => {
    await register("expira@exemplo.pt");
    const old = await tokenFor("expira@exemplo.pt");
    await t.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(old)));
    expect((await verify(old)).statusCode).toBe(400);
    expect(await verified("expira@exemplo.pt")).toBeNull();
    // Registering again issues a fresh link; that one works once.
    await register("expira@exemplo.pt");
    const fresh = await tokenFor("expira@exemplo.pt");
    expect(fresh).not.toBe(old);
    expect((await verify(fresh)).statusCode).toBe(200);
    expect(await verified("expira@exemplo.pt")).toBeTruthy();
    expect((await verify(fresh)).statusCode).toBe(400);
    expect((await verify(old)).statusCode).toBe(400);
  });

  it.each(["' or 1=1 --", "%00", "A".repeat(300), "../../etc/passwd", "<script>alert(1)</script>"])(
    "a made-up token (%s) verifies nobody and answers 400 with a message",
    async (token) => {
      await register("falso@exemplo.pt");
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
      expect(await verified("falso@exemplo.pt")).toBeNull();
    },
  );
});
