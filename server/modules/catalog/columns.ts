import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Tx } from "#server/core/db/client.ts";
import { categories, colors, products, sizes as sizesTable, variants } from "./schema.ts";
import type { VatCategory } from "#server/modules/settings/schemas.ts";
import { centsToEuros, type ApiProduct, type ApiVariant } from "./schemas.ts";

/*
 * The catalogue's shared read pieces: the columns a product or variant is selected with, who may
 * see a product, and the mapping of a row to the API's shape. Used by every catalogue module.
 */

type Executor = Tx;

/**
 * The outer query's product id for the correlated subqueries below, always written as
 * "products"."id": Drizzle writes the select-list columns of a single-table query unqualified
 * ("id"), and inside a subquery that name would bind to the subquery's own table.
 */
const outerProductId = sql`${products}.${sql.identifier(products.id.name)}`;

/** The product's picture names, in order, comma-separated. */
export const imageList = sql<string>`coalesce((
  select string_agg(pi.file_name, ',' order by pi.position, pi.id)
  from product_images pi where pi.product_id = ${outerProductId}), '')`;

const totalStock = sql<number>`(
  select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = ${outerProductId})`;

const variantColors = sql<string>`coalesce((
  select string_agg(distinct c.name, ',' order by c.name)
  from variants v join colors c on c.id = v.color_id where v.product_id = ${outerProductId}), '')`;

const variantSizes = sql<string>`coalesce((
  select string_agg(x.name, ',' order by x.sort_order, x.name)
  from (select distinct s.name, s.sort_order from variants v join sizes s on s.id = v.size_id
        where v.product_id = ${outerProductId}) x), '')`;

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  status: products.status,
  categoryId: products.categoryId,
  categoryName: categories.name,
  sizes: products.sizes,
  modeloId: products.modeloId,
  createdAt: products.createdAt,
  vatCategory: products.vatCategory,
  vatExemptionCode: products.vatExemptionCode,
  image: imageList,
  quantidade: totalStock,
  cor: variantColors,
  variantSizes,
};

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  status: number;
  categoryId: number | null;
  categoryName: string | null;
  sizes: string;
  modeloId: number;
  createdAt: Date;
  vatCategory: string;
  vatExemptionCode: string | null;
  image: string;
  quantidade: number;
  cor: string;
  variantSizes: string;
}

export function toApiProduct(row: ProductRow): ApiProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToEuros(row.priceCents),
    price_cents: row.priceCents,
    image: row.image,
    images: row.image ? row.image.split(",") : [],
    status: row.status,
    categoria: row.categoryName,
    categoria_id: row.categoryId,
    sizes: row.sizes,
    quantidade: row.quantidade,
    cor: row.cor,
    tamanho: row.variantSizes || row.sizes,
    modelo_id: row.modeloId,
    created_at: row.createdAt.toISOString(),
    // The column's check constraint allows only the four categories.
    vat_category: row.vatCategory as VatCategory,
    vat_exemption_code: row.vatExemptionCode,
  };
}

/** In the shop: status 1 and not deleted. Admins also see status 0. */
export function visibleTo(admin: boolean): SQL {
  return admin ? isNull(products.deletedAt) : and(isNull(products.deletedAt), eq(products.status, 1))!;
}

/** A product that is not deleted (admins may change it). */
export const notDeleted = (id: number): SQL => and(eq(products.id, id), isNull(products.deletedAt))!;

export const newestFirst = [desc(products.createdAt), desc(products.id)];

/** Products with their pictures, stock, colours and sizes, newest first. */
export function productRows(executor: Executor, where: SQL): Promise<ProductRow[]> {
  return executor
    .select(productColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...newestFirst);
}

const variantColumns = {
  id: variants.id,
  productId: variants.productId,
  colorId: variants.colorId,
  colorName: colors.name,
  colorHex: colors.colorHex,
  sizeId: variants.sizeId,
  sizeName: sizesTable.name,
  stock: variants.stock,
};

function toApiVariant(row: {
  id: number;
  productId: number;
  colorId: number | null;
  colorName: string | null;
  colorHex: string | null;
  sizeId: number | null;
  sizeName: string | null;
  stock: number;
}): ApiVariant {
  return {
    id: row.id,
    product_id: row.productId,
    color_id: row.colorId,
    color: row.colorName,
    color_name: row.colorName,
    color_hex: row.colorHex,
    size_id: row.sizeId,
    size: row.sizeName,
    size_name: row.sizeName,
    sizes: row.sizeName,
    stock: row.stock,
  };
}

/** Variants with their colour and size names, in the order the product page lists them. */
export async function variantRows(executor: Executor, where: SQL): Promise<ApiVariant[]> {
  const rows = await executor
    .select(variantColumns)
    .from(variants)
    .leftJoin(colors, eq(colors.id, variants.colorId))
    .leftJoin(sizesTable, eq(sizesTable.id, variants.sizeId))
    .where(where)
    .orderBy(asc(colors.name), asc(sizesTable.sortOrder), asc(sizesTable.name), asc(variants.id));
  return rows.map(toApiVariant);
}
