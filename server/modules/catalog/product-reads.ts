import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { colors, products, sizes as sizesTable, variants } from "./schema.ts";
import { NotFoundError } from "#server/core/errors.ts";
import { type CachedBody, type CatalogCache } from "./cache.ts";
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

export function createProductReads(deps: { db: Database; cache: CatalogCache }) {
  const { db, cache } = deps;

  /** The product if the caller may see it, else 404 'Produto não encontrado'. */
  async function visibleProduct(id: number, admin: boolean): Promise<ProductRow> {
    const [row] = await productRows(db, and(eq(products.id, id), visibleTo(admin))!);
    if (!row) throw new NotFoundError(M.productNotFound);
    return row;
  }

  async function assertVisible(id: number, admin: boolean): Promise<{ sizes: string }> {
    const [row] = await db
      .select({ sizes: products.sizes })
      .from(products)
      .where(and(eq(products.id, id), visibleTo(admin)));
    if (!row) throw new NotFoundError(M.productNotFound);
    return row;
  }

  /** GET /api/product: the products in the shop, newest first. */
  async function listShop(): Promise<ApiProduct[]> {
    return (await productRows(db, visibleTo(false))).map(toApiProduct);
  }

  async function getProduct(id: number, opts: { admin: boolean }): Promise<ApiProduct> {
    return toApiProduct(await visibleProduct(id, opts.admin));
  }

  /** Other in-shop products of the same model. */
  async function related(id: number, opts: { admin: boolean }): Promise<ApiProduct[]> {
    const product = await visibleProduct(id, opts.admin);
    const rows = await productRows(
      db,
      and(eq(products.modeloId, product.modeloId), ne(products.id, id), visibleTo(false))!,
    );
    return rows.map(toApiProduct);
  }

  async function stockDetail(id: number, opts: { admin: boolean }): Promise<ApiStockDetail> {
    const product = toApiProduct(await visibleProduct(id, opts.admin));
    return { ...product, variants: await variantRows(db, eq(variants.productId, id)) };
  }

  /** The product's sizes: those of its variants, else its own comma-separated list. */
  async function productSizes(id: number, opts: { admin: boolean }): Promise<ApiSize[]> {
    const product = await assertVisible(id, opts.admin);
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
  function productPageReads(id: number) {
    const visitor = { admin: false };
    return [
      getProduct(id, visitor),
      related(id, visitor),
      productSizes(id, visitor),
      stockDetail(id, visitor),
    ] as const;
  }

  return {
    listShop,
    getProduct,
    related,
    stockDetail,
    productSizes,
    productPageReads,

    /** GET /api/product, serialised once per catalogue version (every visitor gets the same bytes). */
    listShopCached(): Promise<CachedBody> {
      return cache.json("shop", listShop);
    },

    /** GET /api/product's bytes if they are cached and current (no waiting, no database). */
    peekShopCached(): CachedBody | undefined {
      return cache.peek("shop");
    },

    /** GET /api/product/all: the short list (admins also see products out of the shop), cached with its ETag. */
    listAll(opts: { admin: boolean }): Promise<CachedBody> {
      return cache.json(opts.admin ? "all:admin" : "all:public", async () => {
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
    },

    /** Drops the cached lists; the routes call it after every catalogue write of this instance. */
    invalidateCache(): void {
      cache.invalidate();
    },

    /**
     * The public product page's four reads (the product, the other products of its model, its sizes,
     * its variants with stock), cached together per catalogue version like the lists: a page view
     * then costs no query until the catalogue or a stock level changes. A new copy per call (parsed
     * from the cached bytes), so callers may change what they get.
     */
    async productPage(id: number): Promise<ProductPage> {
      const cached = await cache.json(`page:${id}`, async () => {
        const [product, relatedProducts, sizes, detail] = await Promise.all(productPageReads(id));
        return { product, related: relatedProducts, sizes, detail } satisfies ProductPage;
      });
      return JSON.parse(cached.body.toString("utf8")) as ProductPage;
    },

    async totalStock(id: number, opts: { admin: boolean }): Promise<{ totalStock: number }> {
      return { totalStock: (await visibleProduct(id, opts.admin)).quantidade };
    },

    /** The product's colours, from its variants. */
    async productColors(id: number, opts: { admin: boolean }): Promise<ApiColor[]> {
      await assertVisible(id, opts.admin);
      const rows = await db
        .selectDistinct({ id: colors.id, name: colors.name, colorHex: colors.colorHex })
        .from(variants)
        .innerJoin(colors, eq(colors.id, variants.colorId))
        .where(eq(variants.productId, id))
        .orderBy(asc(colors.name), asc(colors.id));
      return rows.map((r) => ({ id: r.id, name: r.name, color_hex: r.colorHex }));
    },

    /** GET /api/product/artigo: the models in the shop, each named after its first product. */
    async listModels(): Promise<Array<{ id: number; name: string }>> {
      return db
        .selectDistinctOn([products.modeloId], { id: products.modeloId, name: products.name })
        .from(products)
        .where(visibleTo(false))
        .orderBy(asc(products.modeloId), asc(products.id));
    },
  };
}
