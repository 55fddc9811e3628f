import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { rateLimits } from "#server/core/db/schema.ts";
import { TooManyRequestsError } from "./errors.ts";

/**
 * Fixed-window counters kept in PostgreSQL, so every instance behind a load balancer
 * counts the same attempts. One upsert per hit.
 */
export interface RateLimiter {
  /** Counts one attempt under `key`; past `max` in the window, 429 with the seconds left. */
  hit(key: string, max: number, windowMs: number): Promise<void>;
  /** Forgets a key's count, e.g. the failed logins of an account once its owner signs in. */
  reset(key: string): Promise<void>;
  /** Gives one hit back (never below zero), e.g. a sign-in that succeeded at an address. */
  refund(key: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

export function createRateLimiter(db: Database): RateLimiter {
  return {
    hit: (key, max, windowMs) => hitRateLimit(db, key, max, windowMs),
    reset: (key) => resetRateLimit(db, key),
    refund: (key) => refundRateLimit(db, key),
    purgeExpired: () => purgeExpiredRateLimits(db),
  };
}

export async function hitRateLimit(db: Database, key: string, max: number, windowMs: number): Promise<void> {
  const row = await countRateLimitHit(db, key, windowMs);
  if (row.count > max) {
    throw new TooManyRequestsError(undefined, Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)));
  }
}

/**
 * Counts one hit under `key` and returns the window's count, without refusing anything: for limits applied
 * silently inside a transaction (e.g. at most a few mails per account an hour, whoever asks for them).
 */
export async function countRateLimitHit(
  db: Pick<Database, "insert">,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
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
  return row!;
}

export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
}

export async function purgeExpiredRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
}
