import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login } from "#tests/support/http.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { verifyPassword } from "#server/modules/accounts/passwords.ts";
import { registerForm } from "#server/modules/accounts/schemas.ts";

/**
 * New passwords: at least 6 characters (the spec's message), not one character repeated and not
 * one of the most common passwords, in the API and in the forms' shared schema (issue 11, 3.6).
 */

const COMMON = "Esta palavra-passe é demasiado comum. Escolha uma mais difícil de adivinhar.";
const REPEATED = "A palavra-passe não pode ser um único carácter repetido.";
const SHORT = "A palavra-passe deve ter pelo menos 6 caracteres";

const WEAK: Array<[string, string]> = [
  ["123456", COMMON],
  ["password", COMMON],
  ["Password", COMMON],
  ["qwerty123", COMMON],
  ["benfica", COMMON],
  ["aaaaaa", REPEATED],
  ["      ", REPEATED],
  ["ZZZZZZZZZZ", REPEATED],
  ["12345", SHORT],
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("registration refuses weak passwords", () => {
  it.each(WEAK)("%j → %s, and no account is created", async (password, message) => {
    const email = `fraca-${Math.random().toString(36).slice(2)}@exemplo.pt`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Ana", email, password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.$count(users, eq(users.email, email))).toBe(0);
  });

  it("accepts a password that is neither common nor one repeated character", async () => {
    const email = "forte@exemplo.pt";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Ana", email, password: "caneca-azul-77" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.db.$count(users, eq(users.email, email))).toBe(1);
  });
});

describe("the admin's new user and the password change use the same rule", () => {
  it("POST /users/newuser refuses '123456' and 'aaaaaa' and creates nobody", async () => {
    const a = await createUser(t.db, "admin");
    const headers = await login(t.app, a.email, a.password);
    for (const [password, message] of [
      ["123456", COMMON],
      ["aaaaaa", REPEATED],
    ]) {
      const email = `novo-${password}@exemplo.pt`;
      const res = await t.app.inject({
        method: "POST",
        url: "/users/newuser",
        headers,
        payload: { name: "Novo", email, password, function: "admin" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await t.db.$count(users, eq(users.email, email))).toBe(0);
    }
  });

  it("PUT /api/users/me/password refuses a common password and keeps the old one", async () => {
    const u = await createUser(t.db, "cliente");
    const headers = await login(t.app, u.email, u.password);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers,
      payload: { currentPassword: u.password, newPassword: "iloveyou" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(await verifyPassword(row!.hash, u.password)).toBe(true);
  });
});

describe("the register form's schema (shared with the API)", () => {
  it.each(WEAK)("%j → %s on the password field", (password, message) => {
    const result = registerForm.safeParse({
      name: "Ana",
      email: "ana@exemplo.pt",
      password,
      confirmPassword: password,
    });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === "password");
    expect(issue?.message).toBe(message);
  });
});
