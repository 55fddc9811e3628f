import type { PictureStorage } from "#server/core/storage/storage.ts";
import type { Database } from "#server/core/db/client.ts";
import { createColor, createSize, createSizeColorEntry, listCategories, listColors, listSizes } from "./attributes.ts";
import { activateBanner, activeBanner, createBanner, deleteBanner, listBanners } from "./banners.ts";
import { uncachedCatalog, type CachedBody, type CatalogCache } from "./cache.ts";
import { createCatalogFiles } from "./files.ts";
import {
  getProduct,
  listAllProducts,
  listModels,
  listShop,
  listShopCached,
  peekShopCached,
  productColors,
  productPage,
  productPageReads,
  productSizes,
  relatedProducts,
  stockDetail,
  totalStock,
  type ProductPage,
} from "./product-reads.ts";
import { createProduct, deleteProduct, setProductStatus, updateProduct } from "./products.ts";
import type {
  ApiBanner,
  ApiColor,
  ApiProduct,
  ApiSize,
  ApiStockDetail,
  CreateBannerFields,
  CreateColorBody,
  CreateProductFields,
  CreateSizeBody,
  SizeColorEntryBody,
  UpdateProductFields,
} from "./schemas.ts";
import type { VatDefaults } from "./vat-fields.ts";

export type { ProductPage } from "./product-reads.ts";

/*
 * The catalogue (products, their pictures and variants, colours, sizes, categories and banners),
 * one object for the routes and loaders (`services.catalog.<fn>`); each function lives in the file of its job:
 *   product-reads.ts  the shop's lists (cached), the product page and its parts
 *   products.ts       the admin's product changes (create, update, status, delete)
 *   (variants with their initial stock are inventory's: server/modules/inventory/variants.ts)
 *   attributes.ts     categories, colours, sizes
 *   banners.ts        the home page's banners
 *   files.ts          the picture files (stored before a change, removed when it fails or they are unused)
 *   columns.ts        the shared select columns, visibility and row → API mapping
 * Only these modules touch the catalogue's tables for the API.
 */

type Viewer = { admin: boolean };

export interface CatalogService {
  // ----- the shop's reads (product-reads.ts); visitors and clientes see only products in the shop -----
  /** GET /api/product: the products in the shop, newest first. */
  listShop(): Promise<ApiProduct[]>;
  /** GET /api/product, serialised once per catalogue version (every visitor gets the same bytes). */
  listShopCached(): Promise<CachedBody>;
  /** GET /api/product's bytes if they are cached and current (no waiting, no database). */
  peekShopCached(): CachedBody | undefined;
  /** GET /api/product/all: the short list (admins also see products out of the shop), cached with its ETag. */
  listAll(opts: Viewer): Promise<CachedBody>;
  /** Drops the cached lists; the routes call it after every catalogue write of this instance. */
  invalidateCache(): void;
  /** The public product page's four reads, cached together per catalogue version; a new copy per call. */
  productPage(id: number): Promise<ProductPage>;
  /** The four reads of productPage() as a visitor, started together and uncached (the page's fallback). */
  productPageReads(
    id: number,
  ): readonly [Promise<ApiProduct>, Promise<ApiProduct[]>, Promise<ApiSize[]>, Promise<ApiStockDetail>];
  getProduct(id: number, opts: Viewer): Promise<ApiProduct>;
  /** Other in-shop products of the same model. */
  related(id: number, opts: Viewer): Promise<ApiProduct[]>;
  stockDetail(id: number, opts: Viewer): Promise<ApiStockDetail>;
  /** The product's sizes: those of its variants, else its own comma-separated list. */
  productSizes(id: number, opts: Viewer): Promise<ApiSize[]>;
  totalStock(id: number, opts: Viewer): Promise<{ totalStock: number }>;
  /** The product's colours, from its variants. */
  productColors(id: number, opts: Viewer): Promise<ApiColor[]>;
  /** GET /api/product/artigo: the models in the shop, each named after its first product. */
  listModels(): Promise<Array<{ id: number; name: string }>>;

  // ----- the admin's product changes (products.ts) -----
  /** Puts a product in the shop (1) or takes it out (0); returns its name. */
  setStatus(id: number, status: 0 | 1): Promise<{ name: string }>;
  /** Deletes a product, or hides it when order lines refer to it. */
  deleteProduct(id: number): Promise<{ mode: "deleted" | "hidden" }>;
  /** POST /api/product/create: at least one picture; nothing is kept when anything fails. */
  createProduct(fields: CreateProductFields, pictures: readonly Buffer[]): Promise<{ id: number }>;
  /** PUT /api/product/updateproductstock/:id: new data; new pictures are appended. */
  updateProduct(id: number, fields: UpdateProductFields, pictures: readonly Buffer[]): Promise<void>;

  // ----- categories, colours, sizes (attributes.ts) -----
  listCategories(): Promise<Array<{ id: number; name: string }>>;
  listColors(): Promise<ApiColor[]>;
  listSizes(): Promise<Array<{ id: number; name: string }>>;
  createColor(input: CreateColorBody): Promise<ApiColor>;
  createSize(input: CreateSizeBody): Promise<{ id: number; name: string }>;
  /** POST /api/product/categoria: the admin's size + colour entry. */
  createSizeColorEntry(input: SizeColorEntryBody): Promise<{ id: number }>;

  // ----- the home page's banners (banners.ts) -----
  listBanners(): Promise<ApiBanner[]>;
  activeBanner(): Promise<ApiBanner | undefined>;
  /** The first banner (when none is active) becomes the active one. */
  createBanner(fields: CreateBannerFields, file: Buffer | undefined): Promise<{ id: number; isActive: boolean }>;
  /** Makes one banner the active one, in one transaction. */
  activateBanner(id: number): Promise<void>;
  /** Deletes a banner; when it was the active one, the most recent remaining one takes over. */
  deleteBanner(id: number): Promise<void>;
}

export function createCatalogService(deps: {
  db: Database;
  /** Where pictures are written and removed (UPLOADS_STORAGE). */
  pictures: PictureStorage;
  cache?: CatalogCache;
  /** The settings' IVA defaults (a new product's category, an exempt product's code). */
  vatDefaults: () => Promise<VatDefaults>;
}): CatalogService {
  const { db, vatDefaults } = deps;
  const cache = deps.cache ?? uncachedCatalog;
  const files = createCatalogFiles({ db, storage: deps.pictures });
  const reads = { db, cache };
  const changes = { db, files, vatDefaults };
  return {
    listShop: () => listShop(db),
    listShopCached: () => listShopCached(reads),
    peekShopCached: () => peekShopCached(cache),
    listAll: (opts) => listAllProducts(reads, opts),
    invalidateCache: () => cache.invalidate(),
    productPage: (id) => productPage(reads, id),
    productPageReads: (id) => productPageReads(db, id),
    getProduct: (id, opts) => getProduct(db, id, opts),
    related: (id, opts) => relatedProducts(db, id, opts),
    stockDetail: (id, opts) => stockDetail(db, id, opts),
    productSizes: (id, opts) => productSizes(db, id, opts),
    totalStock: (id, opts) => totalStock(db, id, opts),
    productColors: (id, opts) => productColors(db, id, opts),
    listModels: () => listModels(db),

    setStatus: (id, status) => setProductStatus(db, id, status),
    deleteProduct: (id) => deleteProduct(changes, id),
    createProduct: (fields, pictures) => createProduct(changes, fields, pictures),
    updateProduct: (id, fields, pictures) => updateProduct(changes, id, fields, pictures),

    listCategories: () => listCategories(db),
    listColors: () => listColors(db),
    listSizes: () => listSizes(db),
    createColor: (input) => createColor(db, input),
    createSize: (input) => createSize(db, input),
    createSizeColorEntry: (input) => createSizeColorEntry(db, input),

    listBanners: () => listBanners(db),
    activeBanner: () => activeBanner(db),
    createBanner: (fields, file) => createBanner(changes, fields, file),
    activateBanner: (id) => activateBanner(db, id),
    deleteBanner: (id) => deleteBanner(changes, id),
  };
}
