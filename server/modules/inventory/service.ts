import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { centsToEuros } from "#server/modules/catalog/schemas.ts";
import type { Database } from "#server/core/db/client.ts";
import { likeContains } from "#server/core/zod.ts";
import { productsPage, searchTotal } from "./products-page.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";
import { stockMovements } from "./schema.ts";
import { ConflictError, NotFoundError } from "#server/core/errors.ts";
import type { ApiVariant, CreateVariantBody } from "#server/modules/catalog/schemas.ts";
import { adminProducts } from "./admin-products.ts";
import { recordMovements } from "./movements.ts";
import { createVariant, deleteVariant } from "./variants.ts";
import {
  LOW_STOCK_MAX,
  LOW_STOCK_ROWS,
  MOVEMENTS_ROWS,
  STOCK_MESSAGES as M,
  type AdminProductItem,
  type AdminProductsQuery,
  type LowStockItem,
  type StockMovement,
  type StockProductDetail,
  type StockProductItem,
  type StockProductsQuery,
  type StockSummary,
  type UpdateVariantStockBody,
} from "./schemas.ts";

/*
 * Stock management for the admin (/gestao-stock, /stock-baixo, the dashboard: /api/stock/*). Every read aggregates in
 * SQL and pages in SQL, so it stays a few milliseconds at 10 000 products / 40 000 variants.
 * Deleted (hidden) products are left out everywhere. A manual change locks the variant row
 * (SELECT … FOR UPDATE), so concurrent edits and checkouts serialise and each one's
 * stock_movements row has the true "before".
 */

/** pg returns bigint / numeric as text. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * GET /api/stock/summary over the products that are not deleted. 'Sem Stock' and 'Stock Baixo'
 * (outOfStock, lowStock) count products, as their cards read and as /api/stock/products flags
 * them: no units at all (a product without variants included), and at least one variant with 1
 * to 10 units. The variants at those levels are counted apart (variantsOutOfStock, variantsLowStock).
 * The figures are sums kept by triggers in the transaction of each change (stock_summary_shards, drizzle/0011):
 * a few rows, not every variant; the colours and sizes with stock are one index probe each (variants_*_in_stock_idx).
 */
export async function stockSummary(db: Database): Promise<StockSummary> {
  // A colour (size) has stock when one variant of a product not deleted has units: one index probe each
  // (LIMIT 1 in a lateral join; as a semi-join the planner hashed every variant).
  const inStock = (column: SQL) => sql`(
    select 1 from variants v join products p on p.id = v.product_id and p.deleted_at is null
    where ${column} and v.stock > 0 limit 1)`;
  const { rows } = await db.execute(sql`
    select t.*,
      (select count(*) from colors c cross join lateral ${inStock(sql`v.color_id = c.id`)} x) as colors_available,
      (select count(*) from sizes s cross join lateral ${inStock(sql`v.size_id = s.id`)} x) as sizes_available
    from (
      select coalesce(sum(products), 0) as total_products, coalesce(sum(variants), 0) as total_variants,
             coalesce(sum(stock), 0) as total_stock, coalesce(sum(out_of_stock), 0) as out_of_stock,
             coalesce(sum(low_stock), 0) as low_stock, coalesce(sum(variants_out), 0) as variants_out_of_stock,
             coalesce(sum(variants_low), 0) as variants_low_stock
      from stock_summary_shards
    ) t`);
  const r = rows[0] ?? {};
  return {
    totalProducts: num(r.total_products),
    totalVariants: num(r.total_variants),
    totalStock: num(r.total_stock),
    outOfStock: num(r.out_of_stock),
    lowStock: num(r.low_stock),
    variantsOutOfStock: num(r.variants_out_of_stock),
    variantsLowStock: num(r.variants_low_stock),
    colorsAvailable: num(r.colors_available),
    sizesAvailable: num(r.sizes_available),
  };
}

/** GET /api/stock/products: one page ordered by name, with the total number of matches. */
export async function listStockProducts(
  db: Database,
  query: StockProductsQuery,
): Promise<{ items: StockProductItem[]; total: number }> {
  const where = query.search
    ? sql`p.deleted_at is null and p.name ilike ${likeContains(query.search)}`
    : sql`p.deleted_at is null`;
  const offset = (query.page - 1) * query.limit;
  const page = productsPage({
    columns: sql`p.id, p.name, p.status, p.category_id`,
    where,
    orderBy: sql`p.name, p.id`,
    searching: Boolean(query.search),
    limit: query.limit,
    offset,
  });
  const [rows, count] = await Promise.all([
    db.execute(sql`
      ${page.ctes}
      select page.id, page.name, page.status, c.name as categoria, ${page.totalColumn}
             agg.total_stock, agg.variants_count, agg.low_count, agg.out_count,
             coalesce(agg.colors, '{}') as colors,
             coalesce((select array_agg(x.name order by x.sort_order, x.name)
                       from (select distinct s.name, s.sort_order
                             from variants v2 join sizes s on s.id = v2.size_id
                             where v2.product_id = page.id) x), '{}') as sizes
      from page
      left join categories c on c.id = page.category_id
      cross join lateral (
        select coalesce(sum(v.stock), 0) as total_stock,
               count(v.id) as variants_count,
               count(*) filter (where v.stock between 1 and ${LOW_STOCK_MAX}) as low_count,
               count(v.id) filter (where v.stock = 0) as out_count,
               array_agg(distinct co.name order by co.name) filter (where co.name is not null) as colors
        from variants v left join colors co on co.id = v.color_id
        where v.product_id = page.id
      ) agg
      order by page.name, page.id`),
    // Without a search every product not deleted matches: the stock summary's count (kept by triggers). With one,
    // the count comes with the page (a page past the last one has no row to carry it: counted apart then).
    query.search ? null : db.execute(sql`select coalesce(sum(products), 0) as total from stock_summary_shards`),
  ]);
  const total = count !== null ? num(count.rows[0]?.total) : await searchTotal(db, rows.rows, where);
  const items = rows.rows.map((r) => {
    const totalStock = num(r.total_stock);
    return {
      id: num(r.id),
      name: String(r.name),
      categoria: (r.categoria as string | null) ?? null,
      totalStock,
      variantsCount: num(r.variants_count),
      colors: r.colors as string[],
      sizes: r.sizes as string[],
      isOutOfStock: totalStock === 0,
      hasLowStock: num(r.low_count) > 0,
      variantsOutOfStock: num(r.out_count),
      status: num(r.status),
    };
  });
  return { items, total };
}

/** GET /api/stock/product/:id: the product with every variant's stock and reservation. */
export async function stockProductDetail(db: Database, id: number): Promise<StockProductDetail> {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  if (!product) throw new NotFoundError(M.productNotFound);
  const { rows } = await db.execute(sql`
    select v.id, v.color_id, co.name as color, co.color_hex, s.name as size, v.stock, v.reserved
    from variants v
    left join colors co on co.id = v.color_id
    left join sizes s on s.id = v.size_id
    where v.product_id = ${id}
    order by co.name nulls last, s.sort_order nulls last, s.name nulls last, v.id`);
  const list = rows.map((r) => ({
    id: num(r.id),
    color_id: r.color_id === null ? null : num(r.color_id),
    color: (r.color as string | null) ?? null,
    color_hex: (r.color_hex as string | null) ?? null,
    size: (r.size as string | null) ?? null,
    stock: num(r.stock),
    reserved: num(r.reserved),
  }));
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: centsToEuros(product.priceCents),
    totalStock: list.reduce((sum, v) => sum + v.stock, 0),
    variantsCount: list.length,
    lowStockCount: list.filter((v) => v.stock >= 1 && v.stock <= LOW_STOCK_MAX).length,
    variants: list,
  };
}

export type LowStockPageQuery = { threshold: number; page: number; limit: number; search?: string | undefined };

/**
 * GET /api/stock/low-stock: products with a variant at or below the threshold, emptiest first (then by name), from
 * product_stock (kept by triggers, drizzle/0011) through its min_stock index; `search` a part of the name. One page
 * and the number of every match; the spec's list without paging is the first LOW_STOCK_ROWS.
 */
export async function lowStockPage(
  db: Database,
  query: LowStockPageQuery,
): Promise<{ items: LowStockItem[]; total: number }> {
  const where = sql`ps.listed and ps.min_stock <= ${query.threshold}${
    query.search ? sql` and p.name ilike ${likeContains(query.search)}` : sql``
  }`;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select p.id, p.name, c.name as categoria, ps.variants as variants_count, ps.stock as total_stock,
             ps.min_stock
      from product_stock ps
      join products p on p.id = ps.product_id
      left join categories c on c.id = p.category_id
      where ${where}
      order by ps.min_stock, p.name, p.id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    db.execute(sql`
      select count(*) as total from product_stock ps
      ${query.search ? sql`join products p on p.id = ps.product_id` : sql``}
      where ${where}`),
  ]);
  const items = page.rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    categoria: (r.categoria as string | null) ?? null,
    variantsCount: num(r.variants_count),
    totalStock: num(r.total_stock),
    minStock: num(r.min_stock),
  }));
  return { items, total: num(count.rows[0]?.total) };
}

export async function lowStock(db: Database, threshold: number): Promise<LowStockItem[]> {
  return (await lowStockPage(db, { threshold, page: 1, limit: LOW_STOCK_ROWS })).items;
}

/**
 * PUT /api/stock/variant/:variantId: sets the shelf stock under the variant's row lock and
 * records the movement (who, before, after, why) in the same transaction. Setting the
 * same number again changes nothing and records nothing.
 */
export async function setVariantStock(
  db: Database,
  variantId: number,
  input: UpdateVariantStockBody,
  actorUserId: number,
): Promise<{ id: number; previousStock: number; stock: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .innerJoin(products, and(eq(products.id, variants.productId), isNull(products.deletedAt)))
      .where(eq(variants.id, variantId))
      .for("update", { of: variants });
    if (!row) throw new NotFoundError(M.variantNotFound);
    if (input.expectedStock !== undefined && input.expectedStock !== row.stock) {
      throw new ConflictError(M.stockChanged(row.stock), { currentStock: row.stock });
    }
    if (row.stock !== input.newStock) {
      await tx
        .update(variants)
        .set({ stock: input.newStock, updatedAt: sql`now()` })
        .where(eq(variants.id, variantId));
      await recordMovements(tx, [
        {
          variantId,
          stockBefore: row.stock,
          stockAfter: input.newStock,
          reason: input.reason,
          notes: input.notes,
          actorUserId,
        },
      ]);
    }
    return { id: variantId, previousStock: row.stock, stock: input.newStock };
  });
}

/**
 * GET /api/stock/variant/:variantId/movements: newest first. Ordered by id: ids are taken
 * while the row lock is held, so they follow the order in which the changes happened.
 */
export async function variantMovements(db: Database, variantId: number): Promise<StockMovement[]> {
  const [exists, rows] = await Promise.all([
    db.$count(variants, eq(variants.id, variantId)),
    db
      .select({
        id: stockMovements.id,
        stockBefore: stockMovements.stockBefore,
        stockAfter: stockMovements.stockAfter,
        reason: stockMovements.reason,
        notes: stockMovements.notes,
        actorId: users.id,
        actorName: users.name,
        orderId: stockMovements.orderId,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.actorUserId))
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(desc(stockMovements.id))
      .limit(MOVEMENTS_ROWS),
  ]);
  if (!exists) throw new NotFoundError(M.variantNotFound);
  return rows.map((r) => ({
    id: r.id,
    stockBefore: r.stockBefore,
    stockAfter: r.stockAfter,
    reason: r.reason,
    notes: r.notes,
    actor: r.actorId === null || r.actorName === null ? null : { id: r.actorId, name: r.actorName },
    orderId: r.orderId,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The admin's stock reads and changes bound to one database: the routes' and the loaders' `services.stock`. */
export interface StockService {
  summary(): Promise<StockSummary>;
  listProducts(query: StockProductsQuery): Promise<{ items: StockProductItem[]; total: number }>;
  productDetail(id: number): Promise<StockProductDetail>;
  lowStock(threshold: number): Promise<LowStockItem[]>;
  lowStockPage(query: LowStockPageQuery): Promise<{ items: LowStockItem[]; total: number }>;
  /** The admin's products grid and report, a page at a time; inShop: some product is in the shop (status 1). */
  adminProducts(query: AdminProductsQuery): Promise<{ items: AdminProductItem[]; total: number; inShop: boolean }>;
  setVariantStock(
    variantId: number,
    input: UpdateVariantStockBody,
    actorUserId: number,
  ): Promise<{ id: number; previousStock: number; stock: number }>;
  movements(variantId: number): Promise<StockMovement[]>;
  createVariant(input: CreateVariantBody, actorUserId: number): Promise<ApiVariant>;
  deleteVariant(id: number): Promise<void>;
}

export function stockService(db: Database): StockService {
  return {
    summary: () => stockSummary(db),
    listProducts: (query) => listStockProducts(db, query),
    productDetail: (id) => stockProductDetail(db, id),
    lowStock: (threshold) => lowStock(db, threshold),
    lowStockPage: (query) => lowStockPage(db, query),
    adminProducts: (query) => adminProducts(db, query),
    setVariantStock: (variantId, input, actorUserId) => setVariantStock(db, variantId, input, actorUserId),
    movements: (variantId) => variantMovements(db, variantId),
    createVariant: (input, actorUserId) => createVariant(db, input, actorUserId),
    deleteVariant: (id) => deleteVariant(db, id),
  };
}
