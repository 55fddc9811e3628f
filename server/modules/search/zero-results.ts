import { sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import type { ZeroResultQuery } from "./schemas.ts";

/*
 * Searches that found nothing, for the admin's 'Pesquisas sem resultados': the normalised text, how many times and
 * when last (no user, no address, nothing else), kept 90 days.
 */

export const ZERO_RESULTS_DAYS = 90;
/** Texts longer than this are kept cut (nobody adds a synonym for a paragraph). */
const MAX_TEXT = 100;

/** One upsert per search that found nothing; now and then the rows older than 90 days go. */
export async function logZeroResults(db: Tx, text: string): Promise<void> {
  const key = text.slice(0, MAX_TEXT).trim();
  if (!key) return;
  await db.execute(sql`
    insert into search_zero_results as z (text) values (${key})
    on conflict (text) do update set count = z.count + 1, last_seen = now()`);
  if (Math.random() < 0.01) await pruneZeroResults(db);
}

export async function pruneZeroResults(db: Tx): Promise<void> {
  await db.execute(
    sql`delete from search_zero_results where last_seen < now() - make_interval(days => ${ZERO_RESULTS_DAYS})`,
  );
}

/** The last 90 days' zero-result searches, the most frequent first. */
export async function listZeroResults(
  db: Tx,
  page: { page: number; pageSize: number },
): Promise<{ items: ZeroResultQuery[]; total: number }> {
  await pruneZeroResults(db);
  const since = sql`now() - make_interval(days => ${ZERO_RESULTS_DAYS})`;
  const [rows, count] = await Promise.all([
    db.execute<{ text: string; count: number; last_seen: Date | string }>(sql`
      select text, count, last_seen from search_zero_results where last_seen >= ${since}
      order by count desc, last_seen desc, text
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from search_zero_results where last_seen >= ${since}`,
    ),
  ]);
  return {
    items: rows.rows.map((r) => ({
      text: r.text,
      count: r.count,
      lastSeen: new Date(r.last_seen).toISOString(),
    })),
    total: count.rows[0]?.total ?? 0,
  };
}
