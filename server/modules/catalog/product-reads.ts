import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { colors, products, sizes as sizesTable, variants } from "./schema.ts";
import { NotFoundError } from "#server/core/errors.ts";
import { type CachedBody, type CatalogCache } from "./cache.ts";
import { readSafety } from "./safety/fields.ts";
import {
  imageList,
  newestFirst,
  productRows,
  toApiProduct,
  variantRows,
  visibleTo,
  type ProductRow,
} from "./columns.ts";
import {
  CATALOG_MESSAGES as M,
  centsToEuros,
  normalizeSizes,
  type ApiColor,
  type ApiProduct,
  type ApiProductListItem,
  type ApiSize,
  type ApiStockDetail,
} from "./schemas.ts";

/*
 * The shop's product reads: the lists (cached per catalogue version, cache.ts), the product page
 * and its parts. Visibility: a product is in the shop when status = 1 and it is not deleted.
 * Visitors and clientes see only those; admins also see status 0 products (never deleted ones).
 */

export interface ProductPage {
  product: ApiProduct;
  related: ApiProduct[];
  sizes: ApiSize[];
  detail: ApiStockDetail;
}

/** The lists' and pages' cache (cache.ts) next to the database. */
export interface ProductReadsDeps {
  db: Database;
  cache: CatalogCache;
}

/** The product if the caller may see it, else 404 'Produto não encontrado'. */
async function visibleProduct(db: Database, id: number, admin: boolean): Promise<ProductRow> {
  const [row] = await productRows(db, and(eq(products.id, id), visibleTo(admin))!);
  if (!row) throw new NotFoundError(M.productNotFound);
  return row;
}

async function assertVisible(db: Database, id: number, admin: boolean): Promise<{ sizes: string }> {
  const [row] = await db
    .select({ sizes: products.sizes })
    .from(products)
    .where(and(eq(products.id, id), visibleTo(admin)));
  if (!row) throw new NotFoundError(M.productNotFound);
  return row;
}

/** GET /api/product: the products in the shop, newest first. */
export async function listShop(db: Database): Promise<ApiProduct[]> {
  return (await productRows(db, visibleTo(false))).map(toApiProduct);
}

/** One product, with its safety information (`seguranca`, which the lists leave out). */
export async function getProduct(db: Database, id: number, opts: { admin: boolean }): Promise<ApiProduct> {
  const product = toApiProduct(await visibleProduct(db, id, opts.admin));
  return { ...product, seguranca: await readSafety(db, id) };
}

/** Other in-shop products of the same model. */
export async function relatedProducts(db: Database, id: number, opts: { admin: boolean }): Promise<ApiProduct[]> {
  const product = await visibleProduct(db, id, opts.admin);
  const rows = await productRows(
    db,
    and(eq(products.modeloId, product.modeloId), ne(products.id, id), visibleTo(false))!,
  );
  return rows.map(toApiProduct);
}

export async function stockDetail(db: Database, id: number, opts: { admin: boolean }): Promise<ApiStockDetail> {
  const product = await getProduct(db, id, opts);
  return { ...product, variants: await variantRows(db, eq(variants.productId, id)) };
}

/** The product's sizes: those of its variants, else its own comma-separated list. */
export async function productSizes(db: Database, id: number, opts: { admin: boolean }): Promise<ApiSize[]> {
  const product = await assertVisible(db, id, opts.admin);
  const fromVariants = await db
    .selectDistinct({ id: sizesTable.id, name: sizesTable.name, sortOrder: sizesTable.sortOrder })
    .from(variants)
    .innerJoin(sizesTable, eq(sizesTable.id, variants.sizeId))
    .where(eq(variants.productId, id))
    .orderBy(asc(sizesTable.sortOrder), asc(sizesTable.name), asc(sizesTable.id));
  if (fromVariants.length > 0) return fromVariants.map((s) => ({ id: s.id, name: s.name, tamanho: s.name }));
  const names = normalizeSizes(product.sizes) ?? [];
  if (names.length === 0) return [];
  const known = await db.select({ id: sizesTable.id, name: sizesTable.name }).from(sizesTable);
  const idByName = new Map(known.map((s) => [s.name, s.id]));
  return names.map((name) => {
    const sizeId = idByName.get(name);
    return sizeId === undefined ? { name, tamanho: name } : { id: sizeId, name, tamanho: name };
  });
}

/** The four reads of productPage() as a visitor, started together and uncached (the page's fallback). */
export function productPageReads(
  db: Database,
  id: number,
): readonly [Promise<ApiProduct>, Promise<ApiProduct[]>, Promise<ApiSize[]>, Promise<ApiStockDetail>] {
  const visitor = { admin: false };
  return [
    getProduct(db, id, visitor),
    relatedProducts(db, id, visitor),
    productSizes(db, id, visitor),
    stockDetail(db, id, visitor),
  ] as const;
}

/** GET /api/product, serialised once per catalogue version (every visitor gets the same bytes). */
export function listShopCached(deps: ProductReadsDeps): Promise<CachedBody> {
  return deps.cache.json("shop", () => listShop(deps.db));
}

/** GET /api/product's bytes if they are cached and current (no waiting, no database). */
export function peekShopCached(cache: CatalogCache): CachedBody | undefined {
  return cache.peek("shop");
}

/** GET /api/product/all: the short list (admins also see products out of the shop), cached with its ETag. */
export function listAllProducts(deps: ProductReadsDeps, opts: { admin: boolean }): Promise<CachedBody> {
  const { db } = deps;
  return deps.cache.json(opts.admin ? "all:admin" : "all:public", async () => {
    const rows = await db
      .select({
        id: products.id,
        status: products.status,
        name: products.name,
        image: imageList,
        priceCents: products.priceCents,
      })
      .from(products)
      .where(visibleTo(opts.admin))
      .orderBy(...newestFirst);
    return rows.map((r): ApiProductListItem => ({
      id: r.id,
      status: r.status,
      name: r.name,
      image: r.image,
      price: centsToEuros(r.priceCents),
      price_cents: r.priceCents,
    }));
  });
}

/**
 * The public product page's four reads (the product, the other products of its model, its sizes,
 * its variants with stock), cached together per catalogue version like the lists: a page view
 * then costs no query until the catalogue or a stock level changes. A new copy per call (parsed
 * from the cached bytes), so callers may change what they get.
 */
export async function productPage(deps: ProductReadsDeps, id: number): Promise<ProductPage> {
  const cached = await deps.cache.json(`page:${id}`, async () => {
    const [product, related, sizes, detail] = await Promise.all(productPageReads(deps.db, id));
    return { product, related, sizes, detail } satisfies ProductPage;
  });
  return JSON.parse(cached.body.toString("utf8")) as ProductPage;
}

export async function totalStock(db: Database, id: number, opts: { admin: boolean }): Promise<{ totalStock: number }> {
  return { totalStock: (await visibleProduct(db, id, opts.admin)).quantidade };
}

/** The product's colours, from its variants. */
export async function productColors(db: Database, id: number, opts: { admin: boolean }): Promise<ApiColor[]> {
  await assertVisible(db, id, opts.admin);
  const rows = await db
    .selectDistinct({ id: colors.id, name: colors.name, colorHex: colors.colorHex })
    .from(variants)
    .innerJoin(colors, eq(colors.id, variants.colorId))
    .where(eq(variants.productId, id))
    .orderBy(asc(colors.name), asc(colors.id));
  return rows.map((r) => ({ id: r.id, name: r.name, color_hex: r.colorHex }));
}

/** GET /api/product/artigo: the models in the shop, each named after its first product. */
export async function listModels(db: Database): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectDistinctOn([products.modeloId], { id: products.modeloId, name: products.name })
    .from(products)
    .where(visibleTo(false))
    .orderBy(asc(products.modeloId), asc(products.id));
}
