import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { createDatabase } from "#server/core/db/client.ts";
import { createServices } from "#server/services.ts";
import { createTestApp, type TestApp } from "#tests/support/db.ts";
import { signIn } from "#tests/support/factories.ts";
import type { AuthHeaders } from "#tests/support/http.ts";
import { loadCorpus, type CorpusProduct } from "#tests/support/search-corpus.ts";
import type { SearchAnswer, SearchSuggestions } from "./schemas.ts";

/*
 * Value tests of GET /api/search on a catalogue where every product differs (category, colours, sizes, price,
 * stock, age): every answer is checked against the catalogue itself, not against a snapshot.
 */

const CATEGORIES = ["Canecas", "Velas", "Sabonetes"];
const COLOURS = ["Azul", "Branco", "Preto", "Verde"];
const SIZES = ["S", "M", "L"];
const WORDS = ["lisboa", "porto", "algarve"];

interface Item extends CorpusProduct {
  inStock: boolean;
  word: string;
  /** Position: a later one is newer. */
  index: number;
}

/** 48 products: each one a different combination and price. */
const ITEMS: Item[] = Array.from({ length: 48 }, (_, i) => {
  const category = CATEGORIES[i % 3]!;
  const colours = COLOURS.filter((_, c) => ((i >> c) & 1) === 1 || c === i % 4);
  const sizes = SIZES.filter((_, s) => ((i >> (s + 1)) & 1) === 1);
  const word = WORDS[Math.floor(i / 3) % 3]!;
  const singular = category.slice(0, -1);
  return {
    name: `${singular} ${word} modelo ${i}`,
    category,
    colours,
    sizes,
    price: 3 + ((i * 37) % 48) + (i % 2 ? 0.5 : 0),
    description: `Artigo número ${i}.`,
    inStock: i % 5 !== 0,
    word,
    index: i,
  };
});

let t: TestApp;
let ids: Map<string, number>;
let byId: Map<number, Item>;
let admin: AuthHeaders;
let cliente: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp();
  ids = await loadCorpus(t.db, ITEMS, { stock: (i) => (ITEMS[i]!.inStock ? 3 : 0) });
  byId = new Map(ITEMS.map((item) => [ids.get(item.name)!, item]));
  admin = (await signIn(t, "admin")).headers;
  cliente = (await signIn(t, "cliente")).headers;
});
afterAll(() => t?.close());

async function get(params: string): Promise<SearchAnswer> {
  const res = await t.app.inject({ method: "GET", url: `/api/search?${params}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>();
}

/** Every page of a query, in order. */
async function everyPage(params: string, perPage: number): Promise<{ ids: number[]; totals: number[] }> {
  const found: number[] = [];
  const totals: number[] = [];
  for (let page = 1; page < 50; page++) {
    const answer = await get(`${params}&por_pagina=${perPage}&pagina=${page}`);
    totals.push(answer.total);
    if (answer.produtos.length === 0) break;
    found.push(...answer.produtos.map((p) => p.id));
  }
  return { ids: found, totals };
}

const key = (s: string) => s.toLowerCase();

interface Filters {
  q?: string;
  categoria?: string[];
  cor?: string[];
  tamanho?: string[];
  min?: number;
  max?: number;
  stock?: boolean;
}

function paramsOf(f: Filters): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  for (const c of f.categoria ?? []) p.append("categoria", c);
  for (const c of f.cor ?? []) p.append("cor", c);
  for (const s of f.tamanho ?? []) p.append("tamanho", s);
  if (f.min !== undefined) p.set("preco_min", String(f.min).replace(".", ","));
  if (f.max !== undefined) p.set("preco_max", String(f.max));
  if (f.stock) p.set("em_stock", "1");
  return p.toString();
}

/** What the catalogue says a filter set matches (q: one of WORDS or a category's singular). */
function expected(f: Filters): Item[] {
  return ITEMS.filter(
    (item) =>
      (!f.q || item.word === f.q || key(item.category).startsWith(key(f.q))) &&
      (!f.categoria?.length || f.categoria.some((c) => key(c) === key(item.category))) &&
      (!f.cor?.length || item.colours.some((c) => f.cor!.some((x) => key(x) === key(c)))) &&
      (!f.tamanho?.length || item.sizes.some((s) => f.tamanho!.some((x) => key(x) === key(s)))) &&
      (f.min === undefined || item.price >= f.min) &&
      (f.max === undefined || item.price <= f.max) &&
      (!f.stock || item.inStock),
  );
}

const QUERIES: Filters[] = [
  {},
  { q: "lisboa" },
  { q: "porto", cor: ["azul", "VERDE"] },
  { categoria: ["canecas"], cor: ["Preto"] },
  { categoria: ["Velas", "sabonetes"], tamanho: ["m"], stock: true },
  { q: "algarve", min: 10, max: 40.5 },
  { cor: ["branco"], tamanho: ["S", "L"], min: 7.5 },
  { q: "caneca", stock: true, tamanho: ["L"] },
  // One facet filter alone (a category page): its facet counts the whole shop.
  { categoria: ["Canecas"] },
  { cor: ["Azul", "Preto"] },
  { tamanho: ["M"], max: 30 },
  // Three facet filters.
  { categoria: ["velas", "Canecas"], cor: ["azul"], tamanho: ["S", "L"] },
];

describe("GET /api/search: values", () => {
  it.each(QUERIES.map((f) => [paramsOf(f) || "(nothing)", f] as const))(
    "%s: every result matches every filter, and every match is found once",
    async (_label, f) => {
      const want = expected(f);
      const { ids: found, totals } = await everyPage(paramsOf(f), 7);
      expect(new Set(totals)).toEqual(new Set([want.length]));
      expect(found).toHaveLength(new Set(found).size);
      expect(found.map((id) => byId.get(id)!.name).sort()).toEqual(want.map((i) => i.name).sort());
    },
  );

  it.each(QUERIES.map((f) => [paramsOf(f) || "(nothing)", f] as const))(
    "%s: each facet count is the total of the query with that value as the facet's only filter",
    async (_label, f) => {
      const answer = await get(paramsOf(f));
      const checks: [string, "categoria" | "cor" | "tamanho", { nome: string; total: number }[]][] = [
        ["categoria", "categoria", answer.facetas.categorias],
        ["cor", "cor", answer.facetas.cores],
        ["tamanho", "tamanho", answer.facetas.tamanhos],
      ];
      for (const [, facet, values] of checks) {
        // The facet lists exactly the values some product has under the other filters.
        const others = expected({ ...f, [facet]: [] });
        const valuesOf = (i: Item) => (facet === "categoria" ? [i.category] : facet === "cor" ? i.colours : i.sizes);
        expect(values.map((v) => v.nome).sort()).toEqual([...new Set(others.flatMap(valuesOf))].sort());
        for (const value of values) {
          const narrowed = await get(paramsOf({ ...f, [facet]: [value.nome] }));
          expect(value.total, `${facet}=${value.nome}`).toBe(narrowed.total);
          expect(value.total).toBe(expected({ ...f, [facet]: [value.nome] }).length);
        }
      }
      const prices = expected(f).map((i) => i.price);
      expect(answer.facetas.preco).toEqual(
        prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: null, max: null },
      );
    },
  );

  it("sorts by price both ways and by newest, pairwise over every page", async () => {
    const asc = (await everyPage("ordenar=preco-asc", 11)).ids.map((id) => byId.get(id)!);
    const desc = (await everyPage("ordenar=preco-desc", 11)).ids.map((id) => byId.get(id)!);
    const newest = (await everyPage("ordenar=novidades&categoria=velas", 5)).ids.map((id) => byId.get(id)!);
    expect(asc).toHaveLength(ITEMS.length);
    for (let i = 1; i < asc.length; i++) expect(asc[i - 1]!.price).toBeLessThanOrEqual(asc[i]!.price);
    for (let i = 1; i < desc.length; i++) expect(desc[i - 1]!.price).toBeGreaterThanOrEqual(desc[i]!.price);
    expect(newest.length).toBe(ITEMS.filter((i) => i.category === "Velas").length);
    for (let i = 1; i < newest.length; i++) expect(newest[i - 1]!.index).toBeGreaterThan(newest[i]!.index);
  });

  it("answers each product with its price in euros, first picture and category", async () => {
    const answer = await get("q=lisboa&por_pagina=60");
    for (const p of answer.produtos) {
      const item = byId.get(p.id)!;
      expect(p).toEqual({
        id: p.id,
        name: item.name,
        price: item.price,
        image: `p${p.id}.webp`,
        categoria: item.category,
      });
    }
  });

  it("puts the products named with the words before those that only have them elsewhere", async () => {
    // "azul" is a colour of many products, and the name of none but this one.
    await t.db.execute(sql`update products set name = 'Vela azul celeste' where id = ${ids.get(ITEMS[1]!.name)!}`);
    const answer = await get("q=azul");
    expect(answer.produtos[0]!.name).toBe("Vela azul celeste");
    expect(answer.total).toBe(ITEMS.filter((i) => i.colours.includes("Azul") || i.index === 1).length);
    await t.db.execute(sql`update products set name = ${ITEMS[1]!.name} where id = ${ids.get(ITEMS[1]!.name)!}`);
  });

  it("sees each committed catalogue change on the next request, on another instance too", async () => {
    // A second instance: its own services and pool on the same database.
    const db2 = createDatabase(t.config.databaseUrl!, { max: 2 });
    const services2 = createServices({ config: t.config, db: db2 });
    const app2 = await buildApp({ config: t.config, services: services2, web: "none" });
    try {
      const search2 = async (params: string) =>
        (await app2.inject({ method: "GET", url: `/api/search?${params}` })).json<SearchAnswer>();
      const item = ITEMS[7]!;
      const id = ids.get(item.name)!;
      expect((await search2("q=modelo 7")).produtos.map((p) => p.id)).toContain(id);

      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update products set status = 0 where id = ${id}`);
      });
      expect((await search2("q=modelo 7")).produtos.map((p) => p.id)).not.toContain(id);
      expect((await search2(`q=${item.word}`)).total).toBe(expected({ q: item.word }).length - 1);

      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update products set status = 1, name = 'Caneca marinheiro listrada' where id = ${id}`);
      });
      expect((await search2("q=marinheiro")).produtos.map((p) => p.id)).toEqual([id]);

      // Sold out: no longer in stock, still found.
      const before = (await search2("q=marinheiro&em_stock=1")).total;
      await t.db.execute(sql`update variants set stock = 0 where product_id = ${id}`);
      expect(before).toBe(item.inStock ? 1 : 0);
      expect((await search2("q=marinheiro&em_stock=1")).total).toBe(0);
      expect((await search2("q=marinheiro")).total).toBe(1);

      // Soft-deleted: never found again.
      await t.db.execute(sql`update products set deleted_at = now() where id = ${id}`);
      expect((await search2("q=marinheiro")).total).toBe(0);

      // A renamed colour and category are found by their new names.
      await t.db.execute(sql`update colors set name = 'Anil' where name = 'Azul'`);
      await t.db.execute(sql`update categories set name = 'Sabões' where name = 'Sabonetes'`);
      const anil = await search2("cor=anil&categoria=saboes");
      expect(anil.total).toBe(expected({ cor: ["Azul"], categoria: ["Sabonetes"] }).length);
      // (the deleted product, blue too, stays out)
      expect((await search2("q=anil")).total).toBe(expected({ cor: ["Azul"] }).filter((i) => i !== item).length);
    } finally {
      await app2.close();
      await db2.$client.end();
      await t.db.execute(sql`update colors set name = 'Azul' where name = 'Anil'`);
      await t.db.execute(sql`update categories set name = 'Sabonetes' where name = 'Sabões'`);
      await t.db.execute(
        sql`update products set deleted_at = null, name = ${ITEMS[7]!.name} where id = ${ids.get(ITEMS[7]!.name)!}`,
      );
      await t.db.execute(
        sql`update variants set stock = ${ITEMS[7]!.inStock ? 3 : 0} where product_id = ${ids.get(ITEMS[7]!.name)!}`,
      );
    }
  });

  it("an instance that followed the changes one by one answers exactly as one that reads the catalogue afresh", async () => {
    const instance = async () => {
      const db = createDatabase(t.config.databaseUrl!, { max: 2 });
      const app = await buildApp({ config: t.config, services: createServices({ config: t.config, db }), web: "none" });
      return { app, db };
    };
    const QUERIES = [
      "",
      "cor=verde&ordenar=preco-desc&por_pagina=5&pagina=2",
      "categoria=canecas&tamanho=M&em_stock=1",
      "preco_min=5&preco_max=20&ordenar=preco-asc",
      "q=caneca&ordenar=novidades",
      "categoria=velas",
      "cor=verde&cor=azul&tamanho=L",
    ];
    const answers = async (app: Awaited<ReturnType<typeof instance>>["app"]) =>
      Promise.all(
        QUERIES.map(async (q) => (await app.inject({ method: "GET", url: `/api/search?${q}` })).json<SearchAnswer>()),
      );
    const following = await instance();
    const item = ITEMS[11]!;
    const id = ids.get(item.name)!;
    const [before] = (
      await t.db.execute<{ price_cents: number; created_at: string }>(
        sql`select price_cents, created_at::text from products where id = ${id}`,
      )
    ).rows;
    try {
      await answers(following.app); // its facet index is loaded now
      await t.db.execute(sql`update products set price_cents = 1999, created_at = now() where id = ${id}`);
      await t.db.execute(sql`update variants set stock = 0 where product_id = ${ids.get(ITEMS[12]!.name)!}`);
      await t.db.execute(sql`update products set status = 0 where id = ${ids.get(ITEMS[13]!.name)!}`);
      await t.db.execute(sql`update colors set name = 'Verde-água' where name = 'Verde'`);
      const fresh = await instance();
      try {
        const [followed, afresh] = [await answers(following.app), await answers(fresh.app)];
        expect(followed).toEqual(afresh);
        // And the changes are in it: the repriced product is the newest, at its new price.
        expect(followed[0]!.produtos[0]).toMatchObject({ id, price: 19.99 });
        expect(followed[0]!.facetas.cores.map((c) => c.nome)).toContain("Verde-água");
      } finally {
        await fresh.app.close();
        await fresh.db.$client.end();
      }
    } finally {
      await following.app.close();
      await following.db.$client.end();
      await t.db.execute(sql`update colors set name = 'Verde' where name = 'Verde-água'`);
      await t.db.execute(
        sql`update products set price_cents = ${before!.price_cents}, created_at = ${before!.created_at}::timestamptz
            where id = ${id}`,
      );
      await t.db.execute(
        sql`update variants set stock = ${ITEMS[12]!.inStock ? 3 : 0} where product_id = ${ids.get(ITEMS[12]!.name)!}`,
      );
      await t.db.execute(sql`update products set status = 1 where id = ${ids.get(ITEMS[13]!.name)!}`);
    }
  });

  it.each([
    ["por_pagina=61", "por_pagina"],
    ["por_pagina=0", "por_pagina"],
    ["pagina=0", "Página"],
    ["pagina=abc", "Página"],
    ["preco_min=abc", "preco_min"],
    ["preco_max=-3", "preco_max"],
    ["preco_min=20&preco_max=10", "preço mínimo"],
    ["ordenar=barato", "Ordenação"],
    ["em_stock=talvez", "em_stock"],
    ["q=caneca%00", "caracteres inválidos"],
    [`q=${"a".repeat(201)}`, "demasiado longa"],
  ])("%s → 400 in Portuguese", async (params, text) => {
    const res = await t.app.inject({ method: "GET", url: `/api/search?${params}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(text);
  });

  it("reads prices in euros with a comma or a point", async () => {
    const comma = await get("preco_min=10,5&preco_max=20");
    const point = await get("preco_min=10.50&preco_max=20.00");
    expect(comma.total).toBe(expected({ min: 10.5, max: 20 }).length);
    expect(point.total).toBe(comma.total);
  });
});

describe("prices under an automatic promotion", () => {
  it("search and suggestions show the reduced price, the same for a product in both", async () => {
    const candles = ITEMS.filter((i) => i.category === "Velas").map((i) => ids.get(i.name)!);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/promocoes",
      headers: admin,
      payload: { nome: "Velas a menos 20", codigo: null, tipo: "percentagem", valor: 20, produtos: candles },
    });
    expect(created.statusCode, created.body).toBe(201);
    try {
      const answer = await get("q=vela&por_pagina=60");
      expect(answer.produtos.length).toBeGreaterThan(0);
      for (const p of answer.produtos) {
        const listPrice = byId.get(p.id)!.price;
        expect(p.preco_original).toBe(listPrice);
        expect(p.price).toBe(Math.round(listPrice * 80) / 100);
      }
      const res = await t.app.inject({ method: "GET", url: "/api/search/sugestoes?q=vel" });
      const suggested = res.json<SearchSuggestions>().produtos;
      expect(suggested.length).toBeGreaterThan(0);
      const inSearch = new Map(answer.produtos.map((p) => [p.id, p.price]));
      for (const p of suggested) expect(p.price, `product ${p.id}`).toBe(inSearch.get(p.id));
    } finally {
      await t.app.inject({
        method: "DELETE",
        url: `/api/promocoes/${created.json<{ id: number }>().id}`,
        headers: admin,
      });
    }
  });
});

describe("GET /api/search/sugestoes", () => {
  it("answers at most 8 products and the matching categories with their address", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/search/sugestoes?q=vel" });
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchSuggestions>();
    expect(body.produtos).toHaveLength(8);
    for (const p of body.produtos) expect(byId.get(p.id)!.category).toBe("Velas");
    expect(body.categorias).toEqual([{ nome: "Velas", slug: "velas" }]);
    const none = await t.app.inject({ method: "GET", url: "/api/search/sugestoes?q=" });
    expect(none.json()).toEqual({ produtos: [], categorias: [] });
  });
});

describe("admin: synonyms and zero-result searches", () => {
  it("only an admin reads and replaces the synonym groups, validated", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/search/sinonimos" });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await t.app.inject({ method: "GET", url: "/api/search/sinonimos", headers: cliente });
    expect(shopper.statusCode).toBe(403);
    // A new shop starts with the groups.
    const initial = await t.app.inject({ method: "GET", url: "/api/search/sinonimos", headers: admin });
    expect(initial.json()).toEqual({
      grupos: [
        ["camisola", "t-shirt", "tshirt"],
        ["sabão", "sabonete"],
        ["caderno", "agenda"],
      ],
    });
    const put = (grupos: unknown, headers: AuthHeaders = admin) =>
      t.app.inject({ method: "PUT", url: "/api/search/sinonimos", headers, payload: { grupos } });
    expect((await put([["x", "y"]], cliente)).statusCode).toBe(403);
    const bad = await put([["sozinho"]]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain("pelo menos duas palavras");

    expect((await get("q=chavena")).total).toBe(0);
    const saved = await put([
      ["Caneca", "chávena", "caneca"],
      ["sabão", "sabonete"],
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      grupos: [
        ["Caneca", "chávena"],
        ["sabão", "sabonete"],
      ],
    });
    const read = await t.app.inject({ method: "GET", url: "/api/search/sinonimos", headers: admin });
    expect(read.json()).toEqual({
      grupos: [
        ["Caneca", "chávena"],
        ["sabão", "sabonete"],
      ],
    });
    expect((await get("q=chavenas")).total).toBe(expected({ categoria: ["Canecas"] }).length);
    expect((await get("q=sabao")).total).toBe(expected({ categoria: ["Sabonetes"] }).length);
    expect((await put([])).statusCode).toBe(200);
    expect((await get("q=chavena")).total).toBe(0);
  });

  it("counts searches that found nothing, by their text only, for the admin", async () => {
    await get("q=Bicicleta%20Elétrica");
    await get("q=bicicleta  eletrica");
    await get("q=trotinete");
    await get("q=lisboa"); // found: not counted
    const anonymous = await t.app.inject({ method: "GET", url: "/api/search/sem-resultados" });
    expect(anonymous.statusCode).toBe(401);
    const list = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/search/sem-resultados?${query}`, headers: admin });
      expect(res.statusCode).toBe(200);
      return {
        rows: res.json<{ text: string; count: number; lastSeen: string }[]>(),
        total: res.headers["x-total-count"],
      };
    };
    const all = await list("pageSize=200");
    expect(all.total).toBe(String(all.rows.length));
    const bike = all.rows.find((r) => r.text === "bicicleta eletrica");
    expect(bike).toMatchObject({ count: 2 });
    expect(Date.now() - Date.parse(bike!.lastSeen)).toBeLessThan(60_000);
    expect(all.rows.find((r) => r.text === "trotinete")).toMatchObject({ count: 1 });
    expect(all.rows.some((r) => r.text.includes("lisboa"))).toBe(false);
    // Most frequent first; paged.
    expect(all.rows.map((r) => r.count)).toEqual(all.rows.map((r) => r.count).sort((a, b) => b - a));
    const second = await list("page=2&pageSize=1");
    expect(second).toEqual({ rows: [all.rows[1]], total: all.total });
    // Older than 90 days: gone.
    await t.db.execute(
      sql`update search_zero_results set last_seen = now() - interval '91 days' where text = 'trotinete'`,
    );
    const after = await list("pageSize=200");
    expect(after.rows.map((r) => r.text).sort()).toEqual(
      all.rows
        .map((r) => r.text)
        .filter((x) => x !== "trotinete")
        .sort(),
    );
  });
});
