import type { Database } from "./client.ts";

/**
 * A query built once per database and reused: `build` returns a named prepared query (`.prepare("name")`), which
 * PostgreSQL then parses and plans once per pooled connection. Lets a module keep plain functions taking the
 * database instead of a closure that holds its queries.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
