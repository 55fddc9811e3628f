import { lt, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { rateLimits } from "#server/core/db/schema.ts";
import { sessions } from "#server/modules/accounts/schema.ts";

/**
 * Removes rows nobody can use any more: expired sessions (a login past expires_at is refused
 * anyway) and rate-limit windows that have ended (the next hit would restart them at 1).
 * Outbox rows are left to mail.purge (core/mail/retention.ts), after MAIL_RETENTION_DAYS.
 */
export async function cleanupExpired(db: Database): Promise<{ sessions: number; rateLimits: number }> {
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  const r = await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  return { sessions: s.rowCount ?? 0, rateLimits: r.rowCount ?? 0 };
}
