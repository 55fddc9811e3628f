import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { sessions, users } from "./schema.ts";
import type { PublicUser } from "./schemas.ts";

export const SESSION_COOKIE = "loja_session";
export const CSRF_COOKIE = "loja_csrf";
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at and the sliding expiry are refreshed at most this often, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 3600 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The CSRF token is bound to the session: HMAC(secret, session token). */
export function csrfTokenFor(secret: string, sessionToken: string): string {
  return createHmac("sha256", secret)
    .update("csrf:" + sessionToken)
    .digest("base64url");
}

/**
 * The two cookies a sign-in sets: the httpOnly session and the CSRF token the page's script echoes in X-CSRF-Token.
 * One definition for the API's login (reply.setCookie) and the login page's form action (Set-Cookie headers).
 */
export function sessionCookies(secret: string, token: string, secure: boolean) {
  const common = { path: "/", sameSite: "lax" as const, secure, maxAge: SESSION_TTL_MS / 1000 };
  return [
    { name: SESSION_COOKIE, value: token, options: { ...common, httpOnly: true } },
    { name: CSRF_COOKIE, value: csrfTokenFor(secret, token), options: { ...common, httpOnly: false } },
  ];
}

export const DEVICE_COOKIE = "loja_device";
/** A browser that signed in once stays known for a year (renewed at each sign-in). */
export const DEVICE_TTL_MS = 365 * 24 * 3600 * 1000;

const deviceSignature = (secret: string, payload: string) =>
  createHmac("sha256", secret)
    .update("device:" + payload)
    .digest("base64url");

/**
 * The device cookie a successful sign-in sets: "<account>.<random device id>.<HMAC>", HttpOnly, for a year. Past
 * the account's sign-in ceiling (login-limits.ts) it lets the owner's own browser in; it signs nobody in by itself.
 */
export function deviceCookie(secret: string, userId: number, secure: boolean) {
  const payload = `${userId}.${randomBytes(16).toString("base64url")}`;
  return {
    name: DEVICE_COOKIE,
    value: `${payload}.${deviceSignature(secret, payload)}`,
    options: { path: "/", sameSite: "lax" as const, secure, httpOnly: true, maxAge: DEVICE_TTL_MS / 1000 },
  };
}

/** The account a device cookie was set for, or null when it is missing, malformed or not signed by this shop. */
export function deviceAccount(secret: string, value: string | undefined): number | null {
  if (!value || value.length > 200) return null;
  const match = /^(\d{1,10})\.([\w-]{1,64})\.([\w-]{1,64})$/.exec(value);
  if (!match) return null;
  const payload = `${match[1]}.${match[2]}`;
  if (!safeEqual(match[3]!, deviceSignature(secret, payload))) return null;
  return Number(match[1]);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The signed-in sessions: only the SHA-256 of a session's token is stored. */
export interface SessionStore {
  create(userId: number): Promise<{ token: string; expiresAt: Date }>;
  /** The session's user, or null when the token is unknown or expired; refreshes the sliding expiry. */
  findUser(token: string): Promise<PublicUser | null>;
  destroy(token: string): Promise<void>;
  /** Ends every session of a user, except the one given (e.g. after a password change). */
  destroyAllForUser(userId: number, exceptToken?: string): Promise<void>;
  purgeExpired(): Promise<number>;
}

export function createSessionStore(db: Database): SessionStore {
  const lookup = prepareSessionLookup(db);
  return {
    create: (userId) => createSession(db, userId),
    findUser: (token) => findSessionUser(db, lookup, token),
    destroy: (token) => destroySession(db, token),
    destroyAllForUser: (userId, exceptToken) => destroyUserSessions(db, userId, exceptToken),
    purgeExpired: () => purgeExpiredSessions(db),
  };
}

interface SessionRow {
  id: number;
  name: string;
  email: string;
  function: string;
  lastSeenAt: Date;
}

/** A live session's user and last use, by the token's hash. */
export type SessionLookup = (idHash: string) => Promise<SessionRow[]>;

/** Runs on nearly every request: prepared once per pooled connection, so PostgreSQL does not plan it each time. */
export function prepareSessionLookup(db: Database): SessionLookup {
  const query = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      function: users.function,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder("idHash")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("sessions_find_user");
  return (idHash) => query.execute({ idHash });
}

export async function createSession(db: Database, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(db: Database, lookup: SessionLookup, token: string): Promise<PublicUser | null> {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const [row] = await lookup(idHash);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
      .where(eq(sessions.idHash, idHash));
  }
  return { id: row.id, name: row.name, email: row.email, function: row.function as PublicUser["function"] };
}

export async function destroySession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function destroyUserSessions(db: Database, userId: number, exceptToken?: string): Promise<void> {
  const condition = exceptToken
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(exceptToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

export async function purgeExpiredSessions(db: Database): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return result.rowCount ?? 0;
}
