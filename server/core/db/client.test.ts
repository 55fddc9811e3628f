import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/db.ts";
import { createDatabase, type Database } from "./client.ts";

let test: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  db = createDatabase(test.url, { max: 2 });
});
afterAll(async () => {
  await db.$client.end();
  await test.drop();
});

it("a connection lost while lent out between two statements fails its next statement, not the process", async () => {
  const client = await db.$client.connect();
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  // Another connection ends this one's server process while nothing runs on it (as a dying postmaster does):
  // without a listener of the pool's own, the 'error' event would be thrown and end the process (Vitest reports it).
  await test.db.execute(`select pg_terminate_backend(${rows[0]!.pid}, 5000)`);
  await expect(client.query("select 1")).rejects.toThrow();
  client.release(true);
  // The pool carries on with a new connection.
  expect((await db.$client.query("select 1 as one")).rows[0]).toEqual({ one: 1 });
});
