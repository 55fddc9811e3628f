import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { categorySlug } from "#server/modules/catalog/slug.ts";
import type { SearchAnswer, SearchQuery, SearchSuggestions, ZeroResultQuery } from "./schemas.ts";

/** The shop's search (server/modules/search): products, facets, suggestions, synonyms, zero-result queries. */
export interface SearchService {
  search(query: SearchQuery): Promise<SearchAnswer>;
  suggestions(q: string): Promise<SearchSuggestions>;
  synonyms(): Promise<string[][]>;
  saveSynonyms(groups: string[][], actorId: number): Promise<void>;
  zeroResultQueries(page: { page: number; pageSize: number }): Promise<{ items: ZeroResultQuery[]; total: number }>;
}

const euros = (cents: number) => cents / 100;

export function createSearchService(deps: { db: Database }): SearchService {
  const { db } = deps;

  // First cut: a plain name match on the catalogue's tables (replaced by the search documents).
  async function search(query: SearchQuery): Promise<SearchAnswer> {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const offset = (query.pagina - 1) * query.porPagina;
    const order =
      query.ordenar === "preco-asc"
        ? sql`p.price_cents asc, p.id asc`
        : query.ordenar === "preco-desc"
          ? sql`p.price_cents desc, p.id desc`
          : sql`p.created_at desc, p.id desc`;
    const rows = await db.execute<{
      id: number;
      name: string;
      price_cents: number;
      image: string | null;
      categoria: string | null;
      total: number;
    }>(sql`
      select p.id, p.name, p.price_cents, c.name as categoria,
        (select i.file_name from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image,
        count(*) over ()::int as total
      from products p left join categories c on c.id = p.category_id
      where p.status = 1 and p.deleted_at is null and p.name ilike ${like}
      order by ${order}
      limit ${query.porPagina} offset ${offset}`);
    return {
      total: rows.rows[0]?.total ?? 0,
      pagina: query.pagina,
      por_pagina: query.porPagina,
      produtos: rows.rows.map((r) => ({
        id: r.id,
        name: r.name,
        price: euros(r.price_cents),
        image: r.image,
        categoria: r.categoria,
      })),
      facetas: { categorias: [], cores: [], tamanhos: [], preco: { min: null, max: null } },
      sugestao: null,
    };
  }

  async function suggestions(q: string): Promise<SearchSuggestions> {
    if (!q.trim()) return { produtos: [], categorias: [] };
    const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const products = await db.execute<{ id: number; name: string; price_cents: number; image: string | null }>(sql`
      select p.id, p.name, p.price_cents,
        (select i.file_name from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image
      from products p where p.status = 1 and p.deleted_at is null and p.name ilike ${like}
      order by p.name, p.id limit 8`);
    const cats = await db.execute<{ name: string }>(
      sql`select name from categories where name ilike ${like} order by name limit 8`,
    );
    return {
      produtos: products.rows.map((r) => ({ id: r.id, name: r.name, price: euros(r.price_cents), image: r.image })),
      categorias: cats.rows.map((r) => ({ nome: r.name, slug: categorySlug(r.name) })),
    };
  }

  return {
    search,
    suggestions,
    synonyms: async () => [],
    saveSynonyms: async () => {},
    zeroResultQueries: async () => ({ items: [], total: 0 }),
  };
}
