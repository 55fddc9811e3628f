import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { rateLimits } from "#server/core/db/schema.ts";
import { TooManyRequestsError } from "./errors.ts";

/**
 * Fixed-window counters kept in PostgreSQL, so every instance behind a load balancer
 * counts the same attempts. One upsert per hit.
 */
export function createRateLimiter(db: Database) {
  return {
    async hit(key: string, max: number, windowMs: number): Promise<void> {
      const resetAt = new Date(Date.now() + windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (row && row.count > max) {
        throw new TooManyRequestsError(undefined, Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)));
      }
    },
    /** Forgets a key's count, e.g. the failed logins of an account once its owner signs in. */
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    /** Gives one hit back (never below zero), e.g. a sign-in that succeeded at an address. */
    async refund(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    },
    async purgeExpired(): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
