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

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSessionStore(db: Database) {
  // Runs on nearly every request: prepared once per pooled connection, so PostgreSQL does not plan it each time.
  const findSession = db
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

  return {
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async findUser(token: string): Promise<PublicUser | null> {
      if (!token || token.length > 100) return null;
      const idHash = hashToken(token);
      const [row] = await findSession.execute({ idHash });
      if (!row) return null;
      if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
          .where(eq(sessions.idHash, idHash));
      }
      return { id: row.id, name: row.name, email: row.email, function: row.function as PublicUser["function"] };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
    },

    /** Ends every session of a user, except the one given (e.g. after a password change). */
    async destroyAllForUser(userId: number, exceptToken?: string): Promise<void> {
      const condition = exceptToken
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(exceptToken)))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
    },

    async purgeExpired(): Promise<number> {
      const result = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
      return result.rowCount ?? 0;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
