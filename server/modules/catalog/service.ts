import type { Database } from "#server/core/db/client.ts";
import { createAttributesService } from "./attributes.ts";
import { createBannersService } from "./banners.ts";
import { uncachedCatalog, type CatalogCache } from "./cache.ts";
import { createCatalogFiles } from "./files.ts";
import { createProductReads } from "./product-reads.ts";
import { createProductsService } from "./products.ts";
import type { VatDefaults } from "./vat-fields.ts";

export type { ProductPage } from "./product-reads.ts";

/*
 * The catalogue (products, their pictures and variants, colours, sizes, categories and banners),
 * one object for the routes and loaders (`services.catalog.<fn>`), composed of one module per job:
 *   product-reads.ts  the shop's lists (cached), the product page and its parts
 *   products.ts       the admin's product changes (create, update, status, delete)
 *   (variants with their initial stock are inventory's: server/modules/inventory/variants.ts)
 *   attributes.ts     categories, colours, sizes
 *   banners.ts        the home page's banners
 *   files.ts          the picture files (stored before a change, removed when it fails or they are unused)
 *   columns.ts        the shared select columns, visibility and row → API mapping
 * Only these modules touch the catalogue's tables for the API.
 */
export function createCatalogService(deps: {
  db: Database;
  uploadsDir: string;
  cache?: CatalogCache;
  /** The settings' IVA defaults (a new product's category, an exempt product's code). */
  vatDefaults: () => Promise<VatDefaults>;
}) {
  const { db } = deps;
  const files = createCatalogFiles({ db, uploadsDir: deps.uploadsDir });
  return {
    ...createProductReads({ db, cache: deps.cache ?? uncachedCatalog }),
    ...createProductsService({ db, files, vatDefaults: deps.vatDefaults }),
    ...createAttributesService({ db }),
    ...createBannersService({ db, files }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
