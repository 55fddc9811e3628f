import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { users } from "#server/modules/accounts/schema.ts";
import type { Database } from "#server/core/db/client.ts";
import { hashPassword } from "#server/modules/accounts/passwords.ts";

export type AuthHeaders = Record<"cookie" | "x-csrf-token", string>;

let counter = 0;

/** Creates a verified account directly in the database. */
export async function createUser(
  db: Database,
  role: "admin" | "cliente",
  password = "segredo123",
): Promise<{ id: number; email: string; password: string }> {
  const email = `${role}${++counter}-${Date.now()}@teste.pt`;
  const [row] = await db
    .insert(users)
    .values({
      name: `${role} ${counter}`,
      email,
      passwordHash: await hashPassword(password),
      function: role,
      emailVerifiedAt: sql`now()`,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

export async function deleteUser(db: Database, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/** Logs in through the real endpoint and returns the headers a browser would send next. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<AuthHeaders> {
  const res = await app.inject({ method: "POST", url: "/users/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return {
    cookie: `loja_session=${cookies.loja_session}; loja_csrf=${cookies.loja_csrf}`,
    "x-csrf-token": cookies.loja_csrf!,
  };
}
