import { sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { likeContains } from "#server/core/zod.ts";
import { centsToEuros } from "#server/modules/catalog/schemas.ts";
import { productsPage, searchTotal } from "./products-page.ts";
import type { AdminProductItem, AdminProductsQuery } from "./schemas.ts";

/*
 * GET /api/product/admin: the admin's products (the /produtos grid and /produto/relatorio) one page at a time,
 * newest first like GET /api/product/all, each with what its card or row shows (stock, category, colours), so no
 * screen loads the whole catalogue nor asks each card's stock apart. The page comes off products_admin_newest_idx,
 * a search through products_name_trgm_idx (drizzle/0014); the stock from product_stock (kept by triggers, 0011).
 */

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export async function adminProducts(
  db: Database,
  query: AdminProductsQuery,
): Promise<{ items: AdminProductItem[]; total: number; inShop: boolean }> {
  const where = query.search
    ? sql`p.deleted_at is null and p.name ilike ${likeContains(query.search)}`
    : sql`p.deleted_at is null`;
  const page = productsPage({
    columns: sql`p.id, p.status, p.name, p.price_cents, p.category_id, p.created_at`,
    where,
    orderBy: sql`p.created_at desc, p.id desc`,
    searching: Boolean(query.search),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const [rows, count, inShop] = await Promise.all([
    db.execute(sql`
      ${page.ctes}
      select page.id, page.status, page.name, page.price_cents, c.name as categoria, ${page.totalColumn}
             coalesce(ps.stock, 0) as total_stock,
             coalesce((select string_agg(pi.file_name, ',' order by pi.position, pi.id)
                       from product_images pi where pi.product_id = page.id), '') as image,
             coalesce((select string_agg(distinct co.name, ',' order by co.name)
                       from variants v join colors co on co.id = v.color_id where v.product_id = page.id), '') as cor
      from page
      left join categories c on c.id = page.category_id
      left join product_stock ps on ps.product_id = page.id
      order by page.created_at desc, page.id desc`),
    // Without a search, the count of products not deleted is the stock summary's (kept by triggers); with one, the
    // count comes with the page (products-page.ts).
    query.search ? null : db.execute(sql`select coalesce(sum(products), 0) as total from stock_summary_shards`),
    db.execute(sql`select exists (select 1 from products where deleted_at is null and status = 1) as in_shop`),
  ]);
  const total = count !== null ? num(count.rows[0]?.total) : await searchTotal(db, rows.rows, where);
  const items = rows.rows.map((r) => ({
    id: num(r.id),
    status: num(r.status),
    name: String(r.name),
    image: String(r.image),
    price: centsToEuros(num(r.price_cents)),
    price_cents: num(r.price_cents),
    totalStock: num(r.total_stock),
    categoria: (r.categoria as string | null) ?? null,
    cor: String(r.cor),
  }));
  return { items, total, inShop: Boolean(inShop.rows[0]?.in_shop) };
}
