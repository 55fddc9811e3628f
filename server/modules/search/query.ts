import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import type { AnalysedWord } from "./analyze.ts";
import type { SearchAnswer, SearchQuery } from "./schemas.ts";
import { anyOf, lexemeQuery, searchKey } from "./text.ts";

/*
 * One search as one SQL statement over search_documents: the matching set (text, price, stock) once, then from it
 * the page, the total and each facet's counts with every filter but its own (count per value of the rows that
 * pass the other filters), and the price range of what matches.
 */

/** The tsquery text of the words (AND of each word's alternatives); weights "A" restricts it to names. */
export function wordQueries(words: AnalysedWord[], weights?: string, asYouType = false): string[] {
  const groups: string[] = [];
  for (const w of words) {
    const alternatives: string[] = [];
    if (w.lexeme) alternatives.push(lexemeQuery(w.lexeme, { weights }));
    for (const alias of w.aliases) alternatives.push(lexemeQuery(alias, { weights }));
    // The last word also as a beginning, unless it is a whole catalogue word (then only in suggestions).
    if (w.prefix && w.word.length >= 2 && (asYouType || !w.exact || w.word.length < 4))
      alternatives.push(lexemeQuery(w.word, { prefix: true, weights }));
    for (const lexemes of w.synonyms) {
      const all = lexemes.map((l) => lexemeQuery(l, { weights }));
      alternatives.push(all.length === 1 ? all[0]! : `(${all.join(" & ")})`);
    }
    for (const c of w.corrections) alternatives.push(lexemeQuery(c.lexeme, { weights }));
    if (alternatives.length > 0) groups.push(anyOf(alternatives));
  }
  return groups;
}

/**
 * How close a product's name is to the search text, in [0, 1.5): its beginning, then its length (a trigram
 * similarity would say more, but costs several times the rest of the ranking over thousands of matches).
 */
export function nameCloseness(key: string): SQL {
  return sql`(left(d.name_key, ${key.length}) = ${key})::int * 0.5
    + 1.0 / (1 + abs(length(d.name_key) - ${key.length}) / 8.0)`;
}

export interface TextMatch {
  /** Each word's alternatives as tsquery text (a product must match all of them, or `need` of them). */
  groups: string[];
  namesOnly: string[];
  /** The search text's key, for the trigram similarity of names. */
  key: string;
  /** Relaxed: a product matches when it matches this many of the groups. */
  need?: number;
}

type Row = {
  total: number;
  price_min: number | null;
  price_max: number | null;
  categorias: [string, number][];
  cores: [string, number][];
  tamanhos: [string, number][];
  produtos: [number, string, number, string | null, string | null][];
};

const keys = (values: string[]) => values.map(searchKey);

export async function runSearch(db: Tx, query: SearchQuery, text: TextMatch | null): Promise<SearchAnswer> {
  const where: SQL[] = [];
  let score: SQL = sql`0`;
  if (text) {
    const all = text.groups.join(" & ");
    const any = text.groups.join(" | ");
    const names = text.namesOnly.join(" & ");
    if (text.need === undefined) {
      where.push(sql`d.document @@ ${all}::tsquery`);
    } else {
      where.push(sql`d.document @@ ${any}::tsquery`);
      const matched = sql.join(
        text.groups.map((g) => sql`(d.document @@ ${g}::tsquery)::int`),
        sql` + `,
      );
      where.push(sql`(${matched}) >= ${text.need}`);
    }
    if (query.ordenar === "relevancia") {
      const scoreQuery = text.need === undefined ? all : any;
      score = sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', d.document, ${scoreQuery}::tsquery)
        + (d.document @@ ${names}::tsquery)::int
        + ${nameCloseness(text.key)}`;
    }
  }
  if (query.precoMinCents !== null) where.push(sql`d.price_cents >= ${query.precoMinCents}`);
  if (query.precoMaxCents !== null) where.push(sql`d.price_cents <= ${query.precoMaxCents}`);
  if (query.emStock) where.push(sql`d.in_stock`);

  const cat = query.categorias.length ? sql`d.category_key = any(${sql.param(keys(query.categorias))}::text[])` : null;
  const colour = query.cores.length ? sql`d.color_keys && ${sql.param(keys(query.cores))}::text[]` : null;
  const size = query.tamanhos.length ? sql`d.size_keys && ${sql.param(keys(query.tamanhos))}::text[]` : null;
  // Each part reads only the rows its own conditions select (through the indexes), never the whole table first.
  const whereOf = (...facets: (SQL | null)[]) => {
    const all = [...where, ...facets.filter((f): f is SQL => f !== null)];
    return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
  };
  const matching = whereOf(cat, colour, size);

  const relevance = text !== null && query.ordenar === "relevancia";
  const order =
    query.ordenar === "preco-asc"
      ? sql`d.price_cents asc, d.product_id asc`
      : query.ordenar === "preco-desc"
        ? sql`d.price_cents desc, d.product_id desc`
        : relevance
          ? sql`score desc, d.product_id desc`
          : sql`d.created_at desc, d.product_id desc`;
  const offset = (query.pagina - 1) * query.porPagina;

  const result = await db.execute<Row>(
    text
      ? matchedOnce(order, offset)
      : sql`
    select a.total, a.price_min, a.price_max,
      (select coalesce(json_agg(json_build_array(x.name, x.n) order by x.n desc, x.name), '[]') from (
        select d.category_name as name, count(*)::int as n from search_documents d
        ${whereOf(colour, size)} group by d.category_name) x where x.name is not null) as categorias,
      (select coalesce(json_agg(json_build_array(x.name, x.n) order by x.n desc, x.name), '[]') from (
        select c.name, count(*)::int as n from search_documents d, unnest(d.color_names) c(name)
        ${whereOf(cat, size)} group by c.name) x) as cores,
      (select coalesce(json_agg(json_build_array(x.name, x.n) order by s.sort_order nulls last, x.name), '[]') from (
        select z.name, count(*)::int as n from search_documents d, unnest(d.size_names) z(name)
        ${whereOf(cat, colour)} group by z.name) x left join sizes s on s.name = x.name) as tamanhos,
      (select coalesce(json_agg(json_build_array(p.product_id, p.name, p.price_cents, p.image, p.category_name)
          order by p.o), '[]') from (
        select d.product_id, d.name, d.price_cents, d.image, d.category_name, row_number() over (order by ${order}) as o from (
          select d.*, ${score} as score from search_documents d ${matching}
          order by ${order} limit ${query.porPagina} offset ${offset}) d) p) as produtos
    from (select count(*)::int as total, min(d.price_cents) as price_min, max(d.price_cents) as price_max
          from search_documents d ${matching}) a`,
  );

  /**
   * With search words: the text match (the costly part) once, into a narrow set with each facet filter's verdict,
   * then the total, facets and page from it.
   */
  function matchedOnce(pageOrder: SQL, skip: number): SQL {
    const flag = (f: SQL | null) => f ?? sql`true`;
    return sql`
    with d as materialized (
      select d.product_id, d.name, d.price_cents, d.category_name, d.color_names, d.size_names, d.image, d.created_at,
        ${score} as score, ${flag(cat)} as c_ok, ${flag(colour)} as k_ok, ${flag(size)} as s_ok
      from search_documents d ${whereOf()}
    )
    select
      (select count(*)::int from d where c_ok and k_ok and s_ok) as total,
      (select min(price_cents) from d where c_ok and k_ok and s_ok) as price_min,
      (select max(price_cents) from d where c_ok and k_ok and s_ok) as price_max,
      (select coalesce(json_agg(json_build_array(x.name, x.n) order by x.n desc, x.name), '[]') from (
        select category_name as name, count(*)::int as n from d
        where k_ok and s_ok and category_name is not null group by category_name) x) as categorias,
      (select coalesce(json_agg(json_build_array(x.name, x.n) order by x.n desc, x.name), '[]') from (
        select c.name, count(*)::int as n from d, unnest(d.color_names) c(name)
        where c_ok and s_ok group by c.name) x) as cores,
      (select coalesce(json_agg(json_build_array(x.name, x.n) order by s.sort_order nulls last, x.name), '[]') from (
        select z.name, count(*)::int as n from d, unnest(d.size_names) z(name)
        where c_ok and k_ok group by z.name) x left join sizes s on s.name = x.name) as tamanhos,
      (select coalesce(json_agg(json_build_array(p.product_id, p.name, p.price_cents, p.image, p.category_name)
          order by p.o), '[]') from (
        select d.*, row_number() over (order by ${pageOrder}) as o from (
          select * from d where c_ok and k_ok and s_ok order by ${pageOrder} limit ${query.porPagina} offset ${skip}) d
        ) p) as produtos`;
  }
  const row = result.rows[0]!;
  const euros = (cents: number | null) => (cents === null ? null : cents / 100);
  return {
    total: row.total,
    pagina: query.pagina,
    por_pagina: query.porPagina,
    produtos: row.produtos.map(([id, name, cents, image, categoria]) => ({
      id,
      name,
      price: cents / 100,
      image,
      categoria,
    })),
    facetas: {
      categorias: row.categorias.map(([nome, total]) => ({ nome, total })),
      cores: row.cores.map(([nome, total]) => ({ nome, total })),
      tamanhos: row.tamanhos.map(([nome, total]) => ({ nome, total })),
      preco: { min: euros(row.price_min), max: euros(row.price_max) },
    },
    sugestao: null,
  };
}
