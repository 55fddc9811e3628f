/*
 * This instance's recent search answers, valid while search_changes is unchanged (its count and last id, read on
 * every call by the facet index, which brings itself up to date at the same time: one small read). Every catalogue write that changes what search finds adds a
 * row in its own transaction (migration search_changes_written), so the next request, on any instance, recomputes.
 * An answer computed after the version was read may only be newer than that version, never older: safe to keep.
 */

const MAX_ENTRIES = 2_000;

export interface AnswerCache {
  /** The kept answer for `key`, or `compute`'s (given the version it is computed under). */
  get<T>(key: string, compute: (version: string) => Promise<T>): Promise<T>;
}

/** `currentVersion`: brings what answers are computed from up to date and returns the version it reflects. */
export function createAnswerCache(currentVersion: () => Promise<string>): AnswerCache {
  let version = "";
  let entries = new Map<string, Promise<unknown>>();

  return {
    async get<T>(key: string, compute: (version: string) => Promise<T>): Promise<T> {
      const current = await currentVersion();
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
      const promise = compute(current);
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
