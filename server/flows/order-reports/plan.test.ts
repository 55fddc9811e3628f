import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { seedLarge } from "#scripts/seed-large.ts";
import { resolveSearch } from "./filters.ts";
import { linesQueries } from "./order-reports.ts";

/*
 * The /orders search must stay fast at 100 000 orders: its plans start from an index, never from a scan of
 * all orders, order lines or payments. Checked on the large seed (scaled down, analysed), where the planner
 * has real statistics to choose from.
 */

let t: TestApp;
let sample: { id: number; reference: string; requestId: string; email: string; name: string };

/** Every node of a JSON plan, flattened. */
function nodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(nodes)];
}

async function scannedTables(statement: SQL): Promise<string[]> {
  const { rows } = await t.db.execute(sql`explain (format json) ${statement}`);
  const plan = (rows[0] as { "QUERY PLAN": Array<{ Plan: Record<string, unknown> }> })["QUERY PLAN"][0]!.Plan;
  return nodes(plan)
    .filter((n) => n["Node Type"] === "Seq Scan")
    .map((n) => String(n["Relation Name"]));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedLarge(t.db, { products: 300, orders: 30_000, customers: 1500, days: 60 });
  const { rows } = await t.db.execute(sql`
    select o.id, (select reference from payments where order_id = o.id and reference is not null limit 1) as reference,
           (select request_id from payments where request_id is not null order by id desc limit 1) as request_id,
           u.email
    from orders o join users u on u.id = o.user_id
    where o.payment_method = 'mb' order by o.id desc limit 1`);
  const r = rows[0] as Record<string, unknown>;
  // The seed's names all start alike ("Cliente de carga 1" is in a thousand of them); one customer gets a name of
  // their own, as a real shop's customers have.
  await t.db.execute(sql`update users set name = 'Beatriz Quintela' where email = ${r.email}`);
  sample = {
    id: Number(r.id),
    reference: String(r.reference),
    requestId: String(r.request_id),
    email: String(r.email),
    name: "Quintela",
  };
}, 120_000);
afterAll(() => t.close());

describe("/orders search plans at scale", () => {
  it("reads orders, lines and payments through indexes for a number, a reference, a request id, an e-mail or a name", async () => {
    for (const search of [
      String(sample.id),
      sample.reference,
      sample.requestId,
      sample.email.toUpperCase(),
      sample.name,
    ]) {
      const { page, count } = linesQueries({ page: 1, limit: 50, search }, await resolveSearch(t.db, search));
      for (const [what, statement] of [
        ["page", page],
        ["count", count],
      ] as const) {
        const scanned = await scannedTables(statement);
        expect(
          scanned.filter((table) => ["orders", "order_lines", "payments"].includes(table)),
          `${what} of "${search}"`,
        ).toEqual([]);
        // Text that is neither digits nor an e-mail may be part of a name: only then are the users scanned.
        if (search !== sample.name && search !== sample.requestId)
          expect(scanned, `${what} of "${search}"`).toEqual([]);
      }
    }
  });

  it("a text in more than a thousand customers' names still finds all their orders (kept as a subquery)", async () => {
    const resolved = await resolveSearch(t.db, "carga");
    expect(resolved?.customerIds).toBeNull();
    const { count } = linesQueries({ page: 1, limit: 50, search: "carga" }, resolved);
    const [{ total }] = (await t.db.execute(count)).rows as [{ total: string }];
    const [{ expected }] = (
      await t.db.execute(sql`
        select count(*) as expected from order_lines l join orders o on o.id = l.order_id join users u on u.id = o.user_id
        where position('carga' in lower(u.name)) > 0 or position('carga' in lower(u.email)) > 0`)
    ).rows as [{ expected: string }];
    expect(Number(total)).toBe(Number(expected));
    expect(Number(total)).toBeGreaterThan(10_000);
  });

  it("finds the same orders the plan promises (the sample order by each of its keys)", async () => {
    for (const search of [String(sample.id), sample.reference, sample.email.toUpperCase(), sample.name]) {
      const { rows } = await t.db.execute(
        linesQueries({ page: 1, limit: 200, search }, await resolveSearch(t.db, search)).page,
      );
      expect(
        rows.some((r) => Number(r.id) === sample.id),
        search,
      ).toBe(true);
    }
  });
});
