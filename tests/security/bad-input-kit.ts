import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { ZodType } from "zod";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { createUser, login, type AuthHeaders } from "#tests/support/http.ts";
import { banners, categories, colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { examples, type Ids } from "./bad-input-examples.ts";
import { seenRoutes, type SeenRoute } from "./support.ts";

export { examples };

/*
 * Bad input, sent as an admin so the guard lets it through to validation and the services.
 * For every route with a zod body / params / querystring / headers schema, every field (taken
 * from the schema's shape and from a plausible example payload, nested ones included) is
 * replaced by each hostile value below, or left out. Whatever happens: never a 5xx; every
 * 4xx is JSON with a message; and a 4xx changed no row of any table (sessions and rate-limit
 * counters aside).
 */

export const MB = 1_048_576;
const HOSTILE: unknown[] = [
  null,
  true,
  0,
  -1,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 1,
  1e308,
  1.5,
  "",
  " ",
  "NaN",
  "Infinity",
  "-0",
  "1e999",
  "0x10",
  " 12 ",
  "12abc",
  "x".repeat(100_000),
  "x".repeat(MB),
  "' or 1=1 --",
  "1; drop table users; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "😀".repeat(60),
  "\u202Eevil\u202C",
  "a\u0000b",
  "\uD800",
  "%00",
  {},
  [],
  [[[[]]]],
  { $gt: "" },
  JSON.parse('{"__proto__":{"admin":true}}'),
];

let t: TestApp;
let admin: AuthHeaders;
let routes: SeenRoute[];
let ids: Ids;
let digestQuery: string;

export interface BadInputApp {
  t: TestApp;
  admin: AuthHeaders;
  /** Every route the app registered (HEAD aside), with its schema. */
  routes: SeenRoute[];
  /** Rows the probes' examples point at. */
  ids: Ids;
}

/**
 * Registers the file's beforeAll/afterAll: the app (listening, so the sandbox simulation can call back),
 * an admin, a row of each kind, and the digest query. The test file must mock fastify with
 * mockFastifyWithRouteLog (./support.ts) so the routes are seen. The returned object is filled before the first test.
 */
export function useBadInputApp(): BadInputApp {
  const app = {} as BadInputApp;
  beforeAll(async () => {
    await start();
    Object.assign(app, { t, admin, routes, ids });
  });
  afterAll(() => t.close());
  return app;
}

async function start() {
  seenRoutes.length = 0;
  t = await createTestApp();
  // Listening, so the sandbox simulation can deliver its callback to this very app.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  routes = [...new Map(seenRoutes.map((r) => [`${r.method} ${r.url}`, r])).values()].filter((r) => r.method !== "HEAD");
  const a = await createUser(t.db, "admin");
  admin = await login(t.app, a.email, a.password);
  const u = await createUser(t.db, "cliente");
  const [p] = await t.db.insert(products).values({ name: "Caneca Má", priceCents: 1500 }).returning();
  const [c] = await t.db.insert(colors).values({ name: "Azul Mau" }).returning();
  const [s] = await t.db.insert(sizes).values({ name: "M", sortOrder: 1 }).returning();
  const [v] = await t.db
    .insert(variants)
    .values({ productId: p!.id, colorId: c!.id, sizeId: s!.id, stock: 50 })
    .returning();
  const [b] = await t.db.insert(banners).values({ titulo: "Banner", slogam: "Slogan", imagem: "x.jpg" }).returning();
  await t.db.insert(categories).values({ name: "Canecas" });
  ids = { user: u.id, product: p!.id, variant: v!.id, color: c!.id, size: s!.id, banner: b!.id, order: 999_999 };

  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'rate_limits')
    order by table_name`);
  const names = tables.rows.map((r) => r.table_name);
  expect(names).toEqual(
    expect.arrayContaining(["users", "products", "orders", "payments", "variants", "email_outbox"]),
  );
  digestQuery = names
    .map(
      (n) =>
        `select '${n}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${n}" x`,
    )
    .join(" union all ");
}

/** Every table's row count and content hash (sessions and rate-limit counters left out). */
export async function digest(): Promise<string> {
  const res = await t.db.$client.query(digestQuery);
  // Sorted: a UNION ALL of this many tables may be planned as a parallel append, whose rows come in any order.
  return res.rows
    .map((r: { t: string; n: number; h: string }) => `${r.t}:${r.n}:${r.h}`)
    .sort()
    .join("\n");
}

/** URL-encoded text; a lone surrogate (not encodable) goes as the invalid UTF-8 bytes it would be. */
const enc = (v: unknown) => {
  const text = typeof v === "string" ? v : JSON.stringify(v);
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
};

function buildUrl(
  pattern: string,
  params: Record<string, unknown>,
  query: Record<string, unknown> | undefined,
): string {
  let url = pattern.replace(/:(\w+)/g, (_, name: string) => (name in params ? enc(params[name]) : ""));
  if (query) {
    const parts = Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .flatMap(([k, v]) => (Array.isArray(v) && v.length ? v.map((x) => `${k}=${enc(x)}`) : [`${k}=${enc(v)}`]));
    if (parts.length) url += "?" + parts.join("&");
  }
  return url;
}

type Path = Array<string | number>;

/** Every leaf and every object path of an example value. */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (value && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
  }
  return prefix.length ? [prefix] : [];
}

function setAt(root: unknown, p: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of p.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = p.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** The field names a zod object schema knows (z.object, also behind refine/superRefine). */
function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

type Location = "params" | "querystring" | "body" | "headers";

interface Probe {
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: unknown;
  label: string;
}

export function probesFor(r: SeenRoute): Probe[] {
  const schema = (r.schema ?? {}) as Partial<Record<Location, ZodType>>;
  const ex = examples(ids)[`${r.method} ${r.url}`] ?? {};
  const base = {
    params: (ex.params ?? {}) as Record<string, unknown>,
    querystring: ex.querystring as Record<string, unknown> | undefined,
    body: ex.body as unknown,
    headers: (ex.headers ?? {}) as Record<string, unknown>,
  };
  for (const name of r.url.match(/:(\w+)/g) ?? []) base.params[name.slice(1)] ??= 1;
  const probes: Probe[] = [];
  const make = (loc: Location, value: Record<string, unknown> | unknown, label: string): Probe => {
    const state = { ...base, [loc]: value } as typeof base;
    const headers: Record<string, string> = { ...admin };
    for (const [k, v] of Object.entries(state.headers ?? {}))
      if (v !== undefined) headers[k] = typeof v === "string" ? v : JSON.stringify(v);
    const hasBody = r.method !== "GET" && r.method !== "DELETE";
    return {
      route: `${r.method} ${r.url}`,
      method: r.method,
      url: buildUrl(r.url, state.params ?? {}, state.querystring),
      headers,
      ...(hasBody ? { payload: state.body === undefined ? {} : state.body } : {}),
      label: `${r.method} ${r.url} ${loc}: ${label}`,
    };
  };
  for (const loc of ["params", "querystring", "body", "headers"] as const) {
    if (!schema[loc]) continue;
    const example = (base[loc] ?? {}) as Record<string, unknown>;
    const fieldPaths: Path[] = [...paths(example)];
    for (const key of shapeKeys(schema[loc]))
      if (!fieldPaths.some((p) => p.length === 1 && p[0] === key)) fieldPaths.push([key]);
    for (const p of fieldPaths) {
      const name = p.join(".");
      if (loc !== "params") probes.push(make(loc, setAt(example, p, undefined), `${name} missing`));
      for (const bad of HOSTILE) {
        if (loc === "headers" && typeof bad !== "string") continue;
        // eslint-disable-next-line no-control-regex -- what an HTTP header cannot carry
        if (loc === "headers" && /[\u0000-\u001f\u007f-\uffff]/.test(bad as string)) continue;
        const shown = typeof bad === "string" && bad.length > 40 ? `string(${bad.length})` : JSON.stringify(bad);
        probes.push(make(loc, setAt(example, p, bad), `${name}=${shown}`));
      }
    }
    if (loc === "body") {
      for (const whole of [null, [], "texto", 42, [example], { ...example, extra: "<script>" }]) {
        probes.push(make("body", whole, `whole body ${JSON.stringify(whole).slice(0, 40)}`));
      }
    }
  }
  return probes;
}

export async function send(probe: Probe) {
  return t.app.inject({
    method: probe.method as "POST",
    url: probe.url,
    headers: probe.headers,
    ...(probe.payload === undefined
      ? {}
      : { payload: JSON.stringify(probe.payload), headers: { ...probe.headers, "content-type": "application/json" } }),
  });
}

export function checkAnswer(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  label: string,
) {
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers["content-type"]), label).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as { message?: unknown };
    expect(typeof body.message === "string" && body.message.length > 0, `${label}: message`).toBe(true);
  }
}

export const schemaRoutes = () =>
  routes.filter((r) => {
    const s = (r.schema ?? {}) as Record<string, unknown>;
    return s.body || s.params || s.querystring || s.headers;
  });
