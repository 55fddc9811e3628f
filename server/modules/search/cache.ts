import { sql } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";

/*
 * This instance's recent search answers, valid while search_changes is unchanged (its count and last id, read on
 * every call: one index-only read instead of a search). Every catalogue write that changes what search finds adds a
 * row in its own transaction (migration search_changes_written), so the next request, on any instance, recomputes.
 * An answer computed after the version was read may only be newer than that version, never older: safe to keep.
 */

const MAX_ENTRIES = 2_000;

export interface AnswerCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export function createAnswerCache(db: Tx): AnswerCache {
  let version = "";
  let entries = new Map<string, Promise<unknown>>();

  return {
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const row = await db.execute<{ v: string }>(
        sql`select count(*) || ':' || coalesce(max(id), 0) as v from search_changes`,
      );
      const current = row.rows[0]!.v;
      if (current !== version) {
        version = current;
        entries = new Map();
      }
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last: the oldest are dropped first.
        entries.delete(key);
        entries.set(key, hit);
        return hit as Promise<T>;
      }
      const own = entries;
      const promise = compute();
      own.set(key, promise);
      if (own.size > MAX_ENTRIES) own.delete(own.keys().next().value!);
      // A failed computation is not kept.
      promise.catch(() => {
        if (own.get(key) === promise) own.delete(key);
      });
      return promise;
    },
  };
}
