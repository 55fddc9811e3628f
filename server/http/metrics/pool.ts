import type pg from "pg";
import { Gauge, Histogram, type Registry } from "prom-client";

type Observer = (seconds: number) => void;
const observers = new WeakMap<pg.Pool, Set<Observer>>();

/**
 * Times every checkout of a connection from the pool (pool.query and pg-boss's queries take one too): the wait is
 * what requests feel when the pool is too small or a query holds its connection too long. One wrapper per pool,
 * whatever the number of apps on it (the tests run two on one pool).
 */
function watchWaits(pool: pg.Pool, observer: Observer): () => void {
  let set = observers.get(pool);
  if (!set) {
    const watchers = new Set<Observer>();
    set = watchers;
    observers.set(pool, watchers);
    const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
    const timed = (cb?: (...args: unknown[]) => void) => {
      const started = process.hrtime.bigint();
      const done = () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const watch of watchers) watch(seconds);
      };
      if (cb)
        return connect((...args: unknown[]) => {
          done();
          cb(...args);
        });
      return (connect() as Promise<unknown>).then(
        (client) => {
          done();
          return client;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
    };
    pool.connect = timed as typeof pool.connect;
  }
  set.add(observer);
  return () => set.delete(observer);
}

/** The database pool: connections in use and idle, requests waiting for one, and how long they waited. */
export function registerPoolMetrics(pool: pg.Pool, registry: Registry): () => void {
  const max = (pool.options as { max?: number }).max ?? 10;
  new Gauge({
    name: "loja_db_pool_connections",
    help: "Connections of this instance's database pool, by state (busy: lent to a query; idle: open and free).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
    },
  });
  new Gauge({
    name: "loja_db_pool_max",
    help: "Most connections this instance's pool opens (DATABASE_POOL_MAX).",
    registers: [registry],
    collect() {
      this.set(max);
    },
  });
  new Gauge({
    name: "loja_db_pool_waiting",
    help: "Queries waiting for a free connection right now.",
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  const wait = new Histogram({
    name: "loja_db_pool_wait_seconds",
    help: "Time a query waited for a connection from the pool.",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  return watchWaits(pool, (seconds) => wait.observe(seconds));
}
