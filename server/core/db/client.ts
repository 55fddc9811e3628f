import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";

/** No relational schema is registered: each module queries its own tables (schema.ts) with the query builder. */
export type Database = NodePgDatabase & { $client: pg.Pool };

/** A database or an open transaction: what every module function that writes takes. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

/**
 * Pool size: 8, not 20. PostgreSQL shares a few CPUs with this process (2 vCPUs in the benchmark):
 * more backends than that mostly wait, for a CPU or for each other's row locks, and a lock holder
 * that loses its CPU stalls every backend queued behind it. Requests over the pool wait in the
 * pool's FIFO queue instead. Measured with `BENCH_ONLY=checkout npm run bench` (20 buyers), every
 * order on one variant: p99 120–190 ms with 20 connections, 80–85 ms with 8 (60–75 ms with 6,
 * 85–100 ms with 4); spread over 14 variants 65–110 ms → 50–65 ms. 8 rather than 6 leaves room for
 * the mail worker's two lanes, which hold a connection while they talk to the SMTP relay.
 */
const DEFAULT_POOL_MAX = 8;

/**
 * A database that accepts TCP but never answers (a hung host, a full firewall queue) would hold
 * a request forever; after this long without a connection (new, or a free one from the pool) the
 * query fails, and the HTTP layer answers 503 (server/core/db/unavailable.ts). Checkouts hold a
 * connection for milliseconds, so only an overloaded or unreachable database waits this long.
 */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function createDatabase(url: string, opts: { max?: number; connectTimeoutMs?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  // Nor a client lent out between two statements (inside a transaction, or just taken): pg-pool listens for errors on
  // idle clients only, and an error nobody listens for is thrown. The statement that uses the client next fails, and
  // that failure is answered (503 when the database is unreachable).
  pool.on("connect", (client) => client.on("error", () => {}));
  return drizzle(pool) as Database;
}
