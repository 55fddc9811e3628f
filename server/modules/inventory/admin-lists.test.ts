import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";

/*
 * The admin's paged lists (issue 19): walking every page returns each row exactly once, in the list's order; the
 * total (X-Total-Count) equals a count in the database; every search result matches. Products with names that
 * differ (some sharing words, one with LIKE wildcards), stock at every level, deleted ones; users; messages.
 */

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "admin")).headers;
  await t.db.execute(sql`insert into colors (name) values ('Azul'), ('Preto')`);
  // 73 products: every 3rd a 'Caneca', one named with % and _, every 10th deleted; 0–3 variants of stock 0..24.
  await t.db.execute(sql`
    insert into products (name, price_cents, status, deleted_at, created_at)
    select case when n % 3 = 0 then 'Caneca ' || n when n = 7 then 'Saco 100%_algodão' else 'Camisola ' || n end,
           500 + n, n % 2, case when n % 10 = 0 then now() end, now() - n * interval '1 minute'
    from generate_series(1, 73) n`);
  await t.db.execute(sql`
    insert into variants (product_id, color_id, stock)
    select p.id, c.id, (p.id * 7 + c.id * 3) % 25
    from products p join colors c on (p.id + c.id) % 3 <> 0`);
  await t.db.execute(sql`
    insert into users (name, email, password_hash, function, email_verified_at)
    select 'Cliente ' || n, 'cliente' || n || '@exemplo.pt', 'x', case when n % 9 = 0 then 'admin' else 'cliente' end, now()
    from generate_series(1, 57) n`);
  await t.db.execute(sql`
    insert into contact_messages (name, email, message)
    select 'Pessoa ' || n, 'p' || n || '@exemplo.pt', case when n % 4 = 0 then 'Onde está a minha encomenda?' else 'Olá, uma pergunta.' end
    from generate_series(1, 23) n`);
});
afterAll(() => t?.close());

const countOf = async (query: ReturnType<typeof sql>) => Number((await t.db.execute(query)).rows[0]!.n);

/** Every page of `url` (limit `limit`): the rows in order and each answer's X-Total-Count. */
async function walk<T>(url: string, limit: number): Promise<{ rows: T[]; totals: number[] }> {
  const rows: T[] = [];
  const totals: number[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await t.app.inject({
      url: `${url}${url.includes("?") ? "&" : "?"}page=${page}&limit=${limit}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    totals.push(Number(res.headers["x-total-count"]));
    const body = res.json() as T[];
    expect(body.length).toBeLessThanOrEqual(limit);
    if (body.length === 0) break;
    rows.push(...body);
  }
  return { rows, totals };
}

describe("GET /api/product/admin (the products grid and report)", () => {
  it("returns every product not deleted exactly once across pages, newest first, with the database's total", async () => {
    const { rows, totals } = await walk<{ id: number; name: string; totalStock: number }>("/api/product/admin", 7);
    const expected = await t.db.execute(
      sql`select p.id, coalesce(sum(v.stock), 0) as stock from products p left join variants v on v.product_id = p.id
          where p.deleted_at is null group by p.id order by p.created_at desc, p.id desc`,
    );
    expect(rows.map((r) => r.id)).toEqual(expected.rows.map((r) => Number(r.id)));
    expect(rows.map((r) => r.totalStock)).toEqual(expected.rows.map((r) => Number(r.stock)));
    expect(new Set(totals)).toEqual(new Set([expected.rows.length]));
  });

  it("finds by a part of the name, wildcards taken literally", async () => {
    const { rows, totals } = await walk<{ name: string }>("/api/product/admin?search=caneca", 5);
    const n = await countOf(sql`select count(*) as n from products where deleted_at is null and name ilike '%caneca%'`);
    expect(n).toBeGreaterThan(5);
    expect(rows).toHaveLength(n);
    expect(totals[0]).toBe(n);
    expect(rows.every((r) => r.name.toLowerCase().includes("caneca"))).toBe(true);
    const literal = await walk<{ name: string }>(`/api/product/admin?search=${encodeURIComponent("0%_")}`, 5);
    expect(literal.rows.map((r) => r.name)).toEqual(["Saco 100%_algodão"]);
    expect((await walk("/api/product/admin?search=%25", 5)).rows).toHaveLength(1);
  });
});

describe("GET /api/stock/products?search= (the stock screen's search)", () => {
  it("pages every match once in name order, each page (and the one past the last) with the database's total", async () => {
    const { rows, totals } = await walk<{ id: number; name: string; totalStock: number }>(
      "/api/stock/products?search=caneca",
      4,
    );
    const expected = await t.db.execute(sql`
      select p.id, coalesce(sum(v.stock), 0) as stock from products p left join variants v on v.product_id = p.id
      where p.deleted_at is null and p.name ilike '%caneca%' group by p.id order by p.name, p.id`);
    expect(expected.rows.length).toBeGreaterThan(4);
    expect(rows.map((r) => [r.id, r.totalStock])).toEqual(expected.rows.map((r) => [Number(r.id), Number(r.stock)]));
    expect(new Set(totals)).toEqual(new Set([expected.rows.length]));
  });
});

describe("GET /api/stock/low-stock with page, limit or search", () => {
  it("pages every product at or under the threshold once, emptiest first, and keeps the spec's list without them", async () => {
    for (const threshold of [0, 5, 10]) {
      const { rows, totals } = await walk<{ id: number; minStock: number; name: string }>(
        `/api/stock/low-stock?threshold=${threshold}`,
        4,
      );
      const expected = await t.db.execute(sql`
        select p.id, min(v.stock) as m from products p join variants v on v.product_id = p.id
        where p.deleted_at is null group by p.id having min(v.stock) <= ${threshold} order by min(v.stock), p.name, p.id`);
      expect(rows.map((r) => [r.id, r.minStock])).toEqual(expected.rows.map((r) => [Number(r.id), Number(r.m)]));
      expect(totals[0]).toBe(expected.rows.length);
      const whole = await t.app.inject({ url: `/api/stock/low-stock?threshold=${threshold}`, headers: admin });
      expect(whole.headers["x-total-count"]).toBeUndefined();
      expect(whole.json()).toEqual(rows);
    }
    const searched = await walk<{ name: string; minStock: number }>(
      "/api/stock/low-stock?threshold=15&search=Caneca",
      3,
    );
    expect(searched.rows.length).toBeGreaterThan(0);
    expect(searched.rows.every((r) => r.name.startsWith("Caneca") && r.minStock <= 15)).toBe(true);
  });
});

describe("GET /api/users with page, limit or search", () => {
  it("pages every user once, staff first, and keeps the spec's whole list without them", async () => {
    const { rows, totals } = await walk<{ id: number; function: string }>("/api/users", 8);
    const expected = await t.db.execute(sql`select id from users order by (function = 'admin') desc, id`);
    expect(rows.map((r) => r.id)).toEqual(expected.rows.map((r) => Number(r.id)));
    expect(totals[0]).toBe(expected.rows.length);
    const whole = await t.app.inject({ url: "/api/users", headers: admin });
    expect(whole.headers["x-total-count"]).toBeUndefined();
    expect(whole.json()).toHaveLength(expected.rows.length);
    const found = await walk<{ name: string; email: string }>("/api/users?search=cliente1", 5);
    const n = await countOf(
      sql`select count(*) as n from users where name ilike '%cliente1%' or email ilike '%cliente1%'`,
    );
    expect(found.rows).toHaveLength(n);
    expect(found.rows.every((u) => `${u.name} ${u.email}`.toLowerCase().includes("cliente1"))).toBe(true);
  });
});

describe("GET /api/contact/messages?search=", () => {
  it("finds the messages whose name, e-mail or text contains the words, each once", async () => {
    const { rows, totals } = await walk<{ id: number; mensagem: string }>("/api/contact/messages?search=encomenda", 2);
    const n = await countOf(sql`select count(*) as n from contact_messages where message ilike '%encomenda%'`);
    expect(n).toBe(5);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.id)).size).toBe(n);
    expect(totals[0]).toBe(n);
    expect(rows.every((r) => r.mensagem.includes("encomenda"))).toBe(true);
  });
});
