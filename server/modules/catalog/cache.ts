import { createHash } from "node:crypto";
import pg from "pg";

/**
 * In-memory cache of the public catalogue reads (the lists every visitor asks for), kept
 * correct across instances by PostgreSQL: triggers on the catalogue tables NOTIFY channel
 * `loja_catalog` on commit (migration 0002), and every instance LISTENs and drops its cache.
 *
 * Correctness first: until the LISTEN connection is up (at start, or after it dropped) the
 * cache is bypassed and every read goes to the database. Writes made by this instance also
 * clear it at once, so an admin sees their own change on the next request.
 */
export interface CachedBody {
  /** The JSON body, serialised once. */
  body: Buffer;
  etag: string;
}

export interface CatalogCache {
  /** The value for `key`, computed at most once per catalogue version. */
  json(key: string, compute: () => Promise<unknown>): Promise<CachedBody>;
  /**
   * The value for `key` if it is already computed and still valid, without waiting: what the
   * hot-read path (server/http/hot-reads.ts) answers from. Undefined whenever json() would go to
   * the database (not listening, expired, never computed, being recomputed).
   */
  peek(key: string): CachedBody | undefined;
  invalidate(): void;
  /**
   * The catalogue version this instance's cache holds: a number that changes with every invalidation (a NOTIFY, a
   * write here, LISTEN re-established), or null while the cache cannot be trusted (not listening). What depends on
   * the catalogue and is cached elsewhere (server/http/page-cache.ts) is valid only for the version it was built at.
   */
  version(): number | null;
  close(): Promise<void>;
}

export const CATALOG_CHANNEL = "loja_catalog";
/** Upper bound on staleness should a notification ever be lost. */
const MAX_AGE_MS = 60_000;
const RECONNECT_MS = 1_000;
/** At most this many cached answers (the lists plus one per product page viewed); the oldest go first. */
const MAX_ENTRIES = 1_000;

export function serialise(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 32);
  return { body, etag: `W/"${hash}"` };
}

/** No cache at all: every read computes (tests that do not need it, CLIs). */
export const uncachedCatalog: CatalogCache = {
  json: async (_key, compute) => serialise(await compute()),
  peek: () => undefined,
  invalidate: () => {},
  version: () => null,
  close: async () => {},
};

export function createCatalogCache(pool: pg.Pool, onError: (error: unknown) => void = () => {}): CatalogCache {
  let entries = new Map<string, { promise: Promise<CachedBody>; at: number; value?: CachedBody }>();
  let listener: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;
  let version = 0;

  const invalidate = () => {
    entries = new Map();
    version++;
  };

  const drop = (error?: unknown) => {
    if (error) onError(error);
    listening = false;
    invalidate();
    const client = listener;
    listener = undefined;
    client?.removeAllListeners();
    client?.on("error", () => {});
    void client?.end().catch(() => {});
    if (!closed && !reconnect) {
      reconnect = setTimeout(() => {
        reconnect = undefined;
        void listen();
      }, RECONNECT_MS);
      reconnect.unref();
    }
  };

  async function listen(): Promise<void> {
    if (closed || listener) return;
    const client = new pg.Client(pool.options);
    listener = client;
    client.on("error", drop);
    client.on("end", () => listener === client && drop());
    client.on("notification", invalidate);
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (listener !== client) return;
      // Anything cached before LISTEN took effect may have missed a change.
      invalidate();
      listening = true;
    } catch (error) {
      if (listener === client) drop(error);
    }
  }

  return {
    async json(key, compute) {
      if (!listener && !closed) void listen();
      if (!listening) return serialise(await compute());
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < MAX_AGE_MS) return hit.promise;
      const promise = compute().then(serialise);
      const current = entries;
      const entry: { promise: Promise<CachedBody>; at: number; value?: CachedBody } = { promise, at: now };
      current.delete(key); // re-inserted at the end: the Map's order is the age order eviction relies on
      current.set(key, entry);
      if (current.size > MAX_ENTRIES) current.delete(current.keys().next().value!);
      void promise.then(
        (value) => (entry.value = value),
        () => {},
      );
      // A failed read must not stay cached.
      promise.catch(() => current.get(key)?.promise === promise && current.delete(key));
      return promise;
    },
    peek(key) {
      if (!listening) return undefined;
      const hit = entries.get(key);
      return hit && Date.now() - hit.at < MAX_AGE_MS ? hit.value : undefined;
    },
    invalidate,
    version: () => (listening ? version : null),
    async close() {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      listening = false;
      const client = listener;
      listener = undefined;
      client?.removeAllListeners();
      client?.on("error", () => {});
      await client?.end().catch(() => {});
    },
  };
}
