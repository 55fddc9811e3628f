import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { emailOutbox } from "#server/core/db/schema.ts";
import { emailVerificationTokens, sessions, users } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/users/register", payload: payload as object });
const tokenFromOutbox = async (to: string) => {
  const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  const match = rows.at(-1)?.text.match(/token=([\w-]+)/);
  return match?.[1];
};

describe("registration", () => {
  it("creates an unverified cliente and queues a verification mail", async () => {
    const res = await register({ name: "Ana Silva", email: "Ana@Exemplo.pt", password: "segredo1" });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/registado com sucesso/);
    const [user] = await t.db.select().from(users).where(eq(users.email, "ana@exemplo.pt"));
    expect(user?.function).toBe("cliente");
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await tokenFromOutbox("ana@exemplo.pt")).toBeTruthy();
  });

  it.each([
    [{ email: "a@b.pt", password: "segredo1" }, "Nome é obrigatório"],
    [{ name: "A", password: "segredo1" }, "Email é obrigatório"],
    [{ name: "A", email: "nao-e-email", password: "segredo1" }, "Email inválido"],
    [{ name: "A", email: "a@b.pt" }, "Palavra-passe é obrigatória"],
    [{ name: "A", email: "a@b.pt", password: "12345" }, "A palavra-passe deve ter pelo menos 6 caracteres"],
    [{ name: "   ", email: "a@b.pt", password: "segredo1" }, "Nome é obrigatório"],
    [{ name: "A".repeat(5000), email: "a@b.pt", password: "segredo1" }, "O nome não pode ter mais de 100 caracteres"],
  ])("rejects %j with the spec's message and writes nothing", async (payload, message) => {
    const before = await t.db.$count(users);
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.$count(users)).toBe(before);
  });

  it("answers a duplicate e-mail like a new one, without a second account", async () => {
    const first = await register({ name: "Rui", email: "rui@exemplo.pt", password: "segredo1" });
    const again = await register({ name: "Outro", email: "RUI@exemplo.pt", password: "outrasenha" });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json().message).toBe(first.json().message);
    expect(await t.db.$count(users, eq(users.email, "rui@exemplo.pt"))).toBe(1);
  });
});

describe("e-mail verification", () => {
  it("verifies once with a valid token, then refuses the same token", async () => {
    await register({ name: "Maria", email: "maria@exemplo.pt", password: "segredo1" });
    const token = await tokenFromOutbox("maria@exemplo.pt");
    const ok = await t.app.inject({ url: `/api/users/verificar-email?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toMatch(/verificado com sucesso/);
    const reused = await t.app.inject({ url: `/api/users/verificar-email?token=${token}` });
    expect(reused.statusCode).toBe(400);
  });

  it("refuses a missing token with 'Token inválido.'", async () => {
    const res = await t.app.inject({ url: "/api/users/verificar-email" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Token inválido.");
  });

  it("refuses an expired token", async () => {
    await register({ name: "Joana", email: "joana@exemplo.pt", password: "segredo1" });
    const token = await tokenFromOutbox("joana@exemplo.pt");
    await t.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({ url: `/api/users/verificar-email?token=${token}` });
    expect(res.statusCode).toBe(400);
  });
});

describe("login and sessions", () => {
  it("logs a verified user in with an httpOnly, SameSite=Lax session cookie", async () => {
    const u = await createUser(t.db, "cliente");
    const res = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Login bem-sucedido!", user: { id: u.id, function: "cliente" } });
    expect(res.json().user).not.toHaveProperty("passwordHash");
    const session = res.cookies.find((c) => c.name === "loja_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session?.secure).toBeFalsy();
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const u = await createUser(t.db, "cliente");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: u.email, password: "errada!!" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: "ninguem@exemplo.pt", password: "errada!!" },
    });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe("Credenciais inválidas");
  });

  it("refuses an unverified account with a pt-PT message", async () => {
    await register({ name: "Nuno", email: "nuno@exemplo.pt", password: "segredo1" });
    const res = await t.app.inject({
      method: "POST",
      url: "/users/login",
      payload: { email: "nuno@exemplo.pt", password: "segredo1" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Confirme o seu email/);
  });

  it("logout deletes the session on the server", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    expect((await t.app.inject({ url: "/api/users/me", headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/users/logout", headers });
    expect(out.statusCode).toBe(200);
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0);
    expect((await t.app.inject({ url: "/api/users/me", headers })).statusCode).toBe(401);
  });

  it("rate-limits repeated logins for one e-mail with 429", async () => {
    const u = await createUser(t.db, "cliente");
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/users/login",
        payload: { email: u.email, password: "errada!!" },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe("cross-site request forgery", () => {
  it("refuses a state change without the session's CSRF token", async () => {
    const u = await createUser(t.db, "cliente");
    const { cookie } = await login(t.app, u.email, u.password);
    const res = await t.app.inject({ method: "POST", url: "/api/users/logout", headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(await t.db.$count(sessions, eq(sessions.userId, u.id))).toBe(1);
  });

  it("refuses a request from another origin", async () => {
    const cross = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      headers: { origin: "https://malicioso.example" },
      payload: { name: "X", email: "x@exemplo.pt", password: "segredo1" },
    });
    expect(cross.statusCode).toBe(403);
    expect(await t.db.$count(users, eq(users.email, "x@exemplo.pt"))).toBe(0);
  });
});

describe("login rate limit", () => {
  it("does not count successful sign-ins against the account", async () => {
    const u = await createUser(t.db, "admin");
    for (let i = 0; i < 15; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/users/login",
        payload: { email: u.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("POST /api/email/send", () => {
  it("sends a fresh verification link to an unverified user and refuses a verified one", async () => {
    const a = await createUser(t.db, "admin");
    const admin = await login(t.app, a.email, a.password);
    await register({ name: "Tiago", email: "tiago@exemplo.pt", password: "segredo1" });
    const [tiago] = await t.db.select().from(users).where(eq(users.email, "tiago@exemplo.pt"));
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/email/send",
      headers: admin,
      payload: { user_id: tiago!.id, email: "tiago@exemplo.pt", type: "verificacao" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, message: "Email enviado com sucesso." });
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.json().tracking_id));
    expect(row?.toAddress).toBe("tiago@exemplo.pt");
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/email/send",
      headers: admin,
      payload: { user_id: a.id, type: "verificacao" },
    });
    expect(verified.statusCode).toBe(409);
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/email/send",
      headers: admin,
      payload: { user_id: a.id, type: "spam" },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe("first admin from ADMIN_EMAIL/ADMIN_PASSWORD (runs at every start)", () => {
  it("keeps the admin's sessions when the password is unchanged, ends them when it changes", async () => {
    const email = `boot-${Date.now()}@loja.pt`;
    await t.services.accounts.upsertAdmin({ email, password: "primeira-senha" });
    const headers = await login(t.app, email, "primeira-senha");
    await t.services.accounts.upsertAdmin({ email, password: "primeira-senha" });
    expect((await t.app.inject({ url: "/api/users/me", headers })).statusCode).toBe(200);
    await t.services.accounts.upsertAdmin({ email, password: "segunda-senha" });
    expect((await t.app.inject({ url: "/api/users/me", headers })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "POST", url: "/users/login", payload: { email, password: "segunda-senha" } }))
        .statusCode,
    ).toBe(200);
  });
});
