import { and, asc, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { type CachedBody, type CatalogCache, uncachedCatalog } from "./cache.ts";
import type { Database } from "../db/client.ts";
import { pgErrorCode as pgCode } from "../db/pg-errors.ts";
import {
  banners,
  categories,
  colors,
  productImages,
  products,
  sizeColorEntries,
  sizes as sizesTable,
  stockMovements,
  variants,
} from "../db/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "../http/errors.ts";
import { deleteImage, storeImage, type StoredImage } from "./images.ts";
import {
  CATALOG_MESSAGES as M,
  DEFAULT_MODELO_ID,
  INT32_MAX,
  centsToEuros,
  normalizeSizes,
  type ApiBanner,
  type ApiColor,
  type ApiProduct,
  type ApiProductListItem,
  type ApiSize,
  type ApiStockDetail,
  type ApiVariant,
  type CreateBannerFields,
  type CreateColorBody,
  type CreateProductFields,
  type CreateSizeBody,
  type CreateVariantBody,
  type SizeColorEntryBody,
  type UpdateProductFields,
} from "./schemas.ts";

/*
 * The catalogue: products, their pictures and variants, colours, sizes, categories and
 * banners (spec sections 3, 4 and 7). Only this service touches those tables for the API.
 *
 * Visibility: a product is in the shop when status = 1 and it is not deleted. Visitors and
 * clientes see only those; admins also see status 0 products (never deleted ones).
 * Files: pictures are written through storeImage() before the database transaction and
 * removed again if anything fails, so a failed upload leaves neither rows nor files.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

export const INITIAL_STOCK_REASON = "Stock inicial";

// ----- product columns -----

/**
 * The outer query's product id for the correlated subqueries below, always written as
 * "products"."id": Drizzle writes the select-list columns of a single-table query unqualified
 * ("id"), and inside a subquery that name would bind to the subquery's own table.
 */
const outerProductId = sql`${products}.${sql.identifier(products.id.name)}`;

const imageList = sql<string>`coalesce((
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
  image: imageList,
  quantidade: totalStock,
  cor: variantColors,
  variantSizes,
};

interface ProductRow {
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
  image: string;
  quantidade: number;
  cor: string;
  variantSizes: string;
}

function toApiProduct(row: ProductRow): ApiProduct {
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
  };
}

/** In the shop: status 1 and not deleted. Admins also see status 0. */
function visibleTo(admin: boolean): SQL {
  return admin ? isNull(products.deletedAt) : and(isNull(products.deletedAt), eq(products.status, 1))!;
}

const newestFirst = [desc(products.createdAt), desc(products.id)];

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

function toApiBanner(row: typeof banners.$inferSelect): ApiBanner {
  return {
    idimg_banner: row.id,
    titulo: row.titulo,
    slogam: row.slogam,
    imagem: row.imagem,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** Serialises banner changes, so "exactly one active banner" never races. */
async function lockBanners(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('loja:banners'))`);
}

export function createCatalogService(deps: { db: Database; uploadsDir: string; cache?: CatalogCache }) {
  const { db, uploadsDir } = deps;
  const cache = deps.cache ?? uncachedCatalog;

  /** Best effort: a file that cannot be removed is only an orphan, never a failed request. */
  async function removeFiles(fileNames: readonly string[]): Promise<void> {
    await Promise.all(fileNames.map((name) => deleteImage(name, uploadsDir).catch(() => {})));
  }

  /** Stores every picture (validated by content); on the first bad one removes those already written. */
  async function storeAll(files: readonly Buffer[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const file of files) stored.push(await storeImage(file, uploadsDir));
    } catch (error) {
      await removeFiles(stored.map((s) => s.fileName));
      throw error;
    }
    return stored;
  }

  /** Removes files no product or banner refers to any more. */
  async function removeUnreferenced(fileNames: readonly string[]): Promise<void> {
    const orphans: string[] = [];
    for (const name of new Set(fileNames)) {
      const used =
        (await db.$count(productImages, eq(productImages.fileName, name))) +
        (await db.$count(banners, eq(banners.imagem, name)));
      if (used === 0) orphans.push(name);
    }
    await removeFiles(orphans);
  }

  async function productRows(where: SQL, executor: Executor = db): Promise<ProductRow[]> {
    return executor
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...newestFirst);
  }

  /** The product if the caller may see it, else 404 'Produto não encontrado'. */
  async function visibleProduct(id: number, admin: boolean): Promise<ProductRow> {
    const [row] = await productRows(and(eq(products.id, id), visibleTo(admin))!);
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

  async function variantsOf(productId: number, executor: Executor = db): Promise<ApiVariant[]> {
    const rows = await executor
      .select(variantColumns)
      .from(variants)
      .leftJoin(colors, eq(colors.id, variants.colorId))
      .leftJoin(sizesTable, eq(sizesTable.id, variants.sizeId))
      .where(eq(variants.productId, productId))
      .orderBy(asc(colors.name), asc(sizesTable.sortOrder), asc(sizesTable.name), asc(variants.id));
    return rows.map(toApiVariant);
  }

  /** A category id (must exist) or a name (found case-insensitively, created when new). */
  async function resolveCategory(tx: Tx, categoria: string): Promise<number> {
    if (/^\d+$/.test(categoria)) {
      const id = Number(categoria);
      const [byId] =
        id >= 1 && id <= INT32_MAX
          ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
          : [];
      if (byId) return byId.id;
    }
    const byName = async () =>
      (
        await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(sql`lower(${categories.name})`, categoria.toLowerCase()))
          .limit(1)
      )[0];
    const existing = await byName();
    if (existing) return existing.id;
    if (/^\d+$/.test(categoria)) throw new BadRequestError(M.categoryNotFound);
    const [created] = await tx
      .insert(categories)
      .values({ name: categoria })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    const id = created?.id ?? (await byName())?.id;
    if (!id) throw new BadRequestError(M.categoryNotFound);
    return id;
  }

  /** Creates a variant with its initial stock, recorded as a stock movement by the admin. */
  async function insertVariant(input: CreateVariantBody, actorUserId: number): Promise<ApiVariant> {
    return db.transaction(async (tx) => {
      const product = await tx.$count(products, and(eq(products.id, input.product_id), isNull(products.deletedAt)));
      if (!product) throw new NotFoundError(M.productNotFound);
      const color = await tx.$count(colors, eq(colors.id, input.color_id));
      if (!color) throw new NotFoundError(M.colorNotFound);
      if (input.size_id !== undefined) {
        const size = await tx.$count(sizesTable, eq(sizesTable.id, input.size_id));
        if (!size) throw new NotFoundError(M.sizeNotFound);
      }
      const [created] = await tx
        .insert(variants)
        .values({
          productId: input.product_id,
          colorId: input.color_id,
          sizeId: input.size_id ?? null,
          stock: input.stock,
        })
        .onConflictDoNothing()
        .returning({ id: variants.id });
      if (!created) throw new ConflictError(M.duplicateVariant);
      await tx.insert(stockMovements).values({
        variantId: created.id,
        stockBefore: 0,
        stockAfter: input.stock,
        reason: INITIAL_STOCK_REASON,
        actorUserId,
      });
      const [row] = await tx
        .select(variantColumns)
        .from(variants)
        .leftJoin(colors, eq(colors.id, variants.colorId))
        .leftJoin(sizesTable, eq(sizesTable.id, variants.sizeId))
        .where(eq(variants.id, created.id));
      return toApiVariant(row!);
    });
  }

  return {
    // ----- public reads -----

    /** GET /api/product: the products in the shop, newest first. */
    async listShop(): Promise<ApiProduct[]> {
      return (await productRows(visibleTo(false))).map(toApiProduct);
    },

    /** GET /api/product, serialised once per catalogue version (every visitor gets the same bytes). */
    listShopCached(): Promise<CachedBody> {
      return cache.json("shop", () => this.listShop());
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
        const [product, related, sizes, detail] = await Promise.all(this.productPageReads(id));
        return { product, related, sizes, detail } satisfies ProductPage;
      });
      return JSON.parse(cached.body.toString("utf8")) as ProductPage;
    },

    /** The four reads of productPage() as a visitor, started together and uncached (the page's fallback). */
    productPageReads(id: number) {
      const visitor = { admin: false };
      return [
        this.getProduct(id, visitor),
        this.related(id, visitor),
        this.productSizes(id, visitor),
        this.stockDetail(id, visitor),
      ] as const;
    },

    async getProduct(id: number, opts: { admin: boolean }): Promise<ApiProduct> {
      return toApiProduct(await visibleProduct(id, opts.admin));
    },

    /** Other in-shop products of the same model. */
    async related(id: number, opts: { admin: boolean }): Promise<ApiProduct[]> {
      const product = await visibleProduct(id, opts.admin);
      const rows = await productRows(
        and(eq(products.modeloId, product.modeloId), ne(products.id, id), visibleTo(false))!,
      );
      return rows.map(toApiProduct);
    },

    async totalStock(id: number, opts: { admin: boolean }): Promise<{ totalStock: number }> {
      return { totalStock: (await visibleProduct(id, opts.admin)).quantidade };
    },

    async stockDetail(id: number, opts: { admin: boolean }): Promise<ApiStockDetail> {
      const product = toApiProduct(await visibleProduct(id, opts.admin));
      return { ...product, variants: await variantsOf(id) };
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

    /** The product's sizes: those of its variants, else its own comma-separated list. */
    async productSizes(id: number, opts: { admin: boolean }): Promise<ApiSize[]> {
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
    },

    async listCategories(): Promise<Array<{ id: number; name: string }>> {
      return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
    },

    async listColors(): Promise<ApiColor[]> {
      const rows = await db.select().from(colors).orderBy(asc(colors.name));
      return rows.map((r) => ({ id: r.id, name: r.name, color_hex: r.colorHex }));
    },

    async listSizes(): Promise<Array<{ id: number; name: string }>> {
      return db
        .select({ id: sizesTable.id, name: sizesTable.name })
        .from(sizesTable)
        .orderBy(asc(sizesTable.sortOrder), asc(sizesTable.name));
    },

    /** GET /api/product/artigo: the models in the shop, each named after its first product. */
    async listModels(): Promise<Array<{ id: number; name: string }>> {
      const rows = await db
        .selectDistinctOn([products.modeloId], { id: products.modeloId, name: products.name })
        .from(products)
        .where(visibleTo(false))
        .orderBy(asc(products.modeloId), asc(products.id));
      return rows;
    },

    async listBanners(): Promise<ApiBanner[]> {
      const rows = await db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
      return rows.map(toApiBanner);
    },

    async activeBanner(): Promise<ApiBanner | undefined> {
      const [row] = await db.select().from(banners).where(eq(banners.isActive, true)).limit(1);
      return row ? toApiBanner(row) : undefined;
    },

    // ----- admin: products -----

    /** Puts a product in the shop (1) or takes it out (0); returns its name. */
    async setStatus(id: number, status: 0 | 1): Promise<{ name: string }> {
      const [row] = await db
        .update(products)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning({ name: products.name });
      if (!row) throw new NotFoundError(M.productNotFound);
      return row;
    },

    /**
     * Deletes a product with its pictures, variants and stock history. A product that
     * order lines refer to is hidden instead (deleted_at, status 0), so order history stays intact.
     */
    async deleteProduct(id: number): Promise<{ mode: "deleted" | "hidden" }> {
      const result = await db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .for("update");
        if (!product) throw new NotFoundError(M.productGone);
        const images = await tx
          .select({ fileName: productImages.fileName })
          .from(productImages)
          .where(eq(productImages.productId, id));
        try {
          // A savepoint: order_lines.product_id is ON DELETE RESTRICT, so a sold product refuses.
          await tx.transaction(async (sp) => {
            await sp.delete(products).where(eq(products.id, id));
          });
          return { mode: "deleted" as const, files: images.map((i) => i.fileName) };
        } catch (error) {
          // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation.
          const code = pgCode(error);
          if (code !== "23001" && code !== "23503") throw error;
          await tx
            .update(products)
            .set({ deletedAt: sql`now()`, status: 0, updatedAt: sql`now()` })
            .where(eq(products.id, id));
          return { mode: "hidden" as const, files: [] };
        }
      });
      if (result.files.length > 0) await removeUnreferenced(result.files);
      return { mode: result.mode };
    },

    /** POST /api/product/create: at least one picture; nothing is kept when anything fails. */
    async createProduct(fields: CreateProductFields, files: readonly Buffer[]): Promise<{ id: number }> {
      if (files.length === 0) throw new BadRequestError(M.imageRequired);
      const stored = await storeAll(files);
      try {
        return await db.transaction(async (tx) => {
          const categoryId = await resolveCategory(tx, fields.categoria);
          const [row] = await tx
            .insert(products)
            .values({
              name: fields.name,
              description: fields.description,
              priceCents: fields.price,
              categoryId,
              sizes: fields.sizes ?? "",
              status: fields.status ?? 1,
              modeloId: fields.modelo_id ?? DEFAULT_MODELO_ID,
            })
            .returning({ id: products.id });
          await tx.insert(productImages).values(
            stored.map((s, position) => ({
              productId: row!.id,
              fileName: s.fileName,
              position,
              width: s.width,
              height: s.height,
            })),
          );
          return { id: row!.id };
        });
      } catch (error) {
        await removeFiles(stored.map((s) => s.fileName));
        throw error;
      }
    },

    /** PUT /api/product/updateproductstock/:id: new data; new pictures are appended. */
    async updateProduct(id: number, fields: UpdateProductFields, files: readonly Buffer[]): Promise<void> {
      const exists = await db.$count(products, and(eq(products.id, id), isNull(products.deletedAt)));
      if (!exists) throw new NotFoundError(M.productNotFound);
      const stored = await storeAll(files);
      try {
        await db.transaction(async (tx) => {
          const [product] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, id), isNull(products.deletedAt)))
            .for("update");
          if (!product) throw new NotFoundError(M.productNotFound);
          const changes: Partial<typeof products.$inferInsert> = {
            name: fields.name,
            description: fields.description,
            priceCents: fields.price,
            updatedAt: new Date(),
          };
          if (fields.categoria !== undefined) changes.categoryId = await resolveCategory(tx, fields.categoria);
          if (fields.sizes !== undefined) changes.sizes = fields.sizes;
          if (fields.status !== undefined) changes.status = fields.status;
          if (fields.modelo_id !== undefined) changes.modeloId = fields.modelo_id;
          await tx.update(products).set(changes).where(eq(products.id, id));
          if (stored.length > 0) {
            const [last] = await tx
              .select({ max: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
              .from(productImages)
              .where(eq(productImages.productId, id));
            const start = (last?.max ?? -1) + 1;
            await tx.insert(productImages).values(
              stored.map((s, i) => ({
                productId: id,
                fileName: s.fileName,
                position: start + i,
                width: s.width,
                height: s.height,
              })),
            );
          }
        });
      } catch (error) {
        await removeFiles(stored.map((s) => s.fileName));
        throw error;
      }
    },

    // ----- admin: banners -----

    /** The first banner (when none is active) becomes the active one. */
    async createBanner(
      fields: CreateBannerFields,
      file: Buffer | undefined,
    ): Promise<{ id: number; isActive: boolean }> {
      if (!file) throw new BadRequestError(M.bannerImageRequired);
      const stored = await storeImage(file, uploadsDir);
      try {
        return await db.transaction(async (tx) => {
          await lockBanners(tx);
          const anyActive = await tx.$count(banners, eq(banners.isActive, true));
          const [row] = await tx
            .insert(banners)
            .values({
              titulo: fields.titulo,
              slogam: fields.slogam,
              imagem: stored.fileName,
              isActive: anyActive === 0,
            })
            .returning({ id: banners.id, isActive: banners.isActive });
          return row!;
        });
      } catch (error) {
        await removeFiles([stored.fileName]);
        throw error;
      }
    },

    /** Makes one banner the active one, in one transaction. */
    async activateBanner(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockBanners(tx);
        const exists = await tx.$count(banners, eq(banners.id, id));
        if (!exists) throw new NotFoundError(M.bannerNotFound);
        await tx
          .update(banners)
          .set({ isActive: false })
          .where(and(eq(banners.isActive, true), ne(banners.id, id)));
        await tx.update(banners).set({ isActive: true }).where(eq(banners.id, id));
      });
    },

    /** Deletes a banner; when it was the active one, the most recent remaining one takes over. */
    async deleteBanner(id: number): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        await lockBanners(tx);
        const [row] = await tx
          .delete(banners)
          .where(eq(banners.id, id))
          .returning({ imagem: banners.imagem, isActive: banners.isActive });
        if (!row) throw new NotFoundError(M.bannerNotFound);
        if (row.isActive) {
          const [next] = await tx
            .select({ id: banners.id })
            .from(banners)
            .orderBy(desc(banners.createdAt), desc(banners.id))
            .limit(1);
          if (next) await tx.update(banners).set({ isActive: true }).where(eq(banners.id, next.id));
        }
        return row;
      });
      await removeUnreferenced([removed.imagem]);
    },

    // ----- admin: variants, colours, sizes -----

    /** Creates a variant with its initial stock, recorded as a stock movement by the admin. */
    async createVariant(input: CreateVariantBody, actorUserId: number): Promise<ApiVariant> {
      try {
        return await insertVariant(input, actorUserId);
      } catch (error) {
        // The product, colour or size vanished between the checks and the insert.
        if (pgCode(error) === "23503") throw new ConflictError(M.concurrentChange);
        throw error;
      }
    },

    /** Order lines keep their copy of the variant's data (variant_id becomes null). */
    async deleteVariant(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ reserved: variants.reserved })
          .from(variants)
          .where(eq(variants.id, id))
          .for("update");
        if (!row) throw new NotFoundError(M.variantNotFound);
        if (row.reserved > 0) throw new ConflictError(M.variantReserved);
        await tx.delete(variants).where(eq(variants.id, id));
      });
    },

    async createColor(input: CreateColorBody): Promise<ApiColor> {
      const same = await db.$count(colors, eq(sql`lower(${colors.name})`, input.cor.toLowerCase()));
      if (same) throw new ConflictError(M.duplicateColor);
      try {
        const [row] = await db.insert(colors).values({ name: input.cor, colorHex: input.color_hex }).returning();
        return { id: row!.id, name: row!.name, color_hex: row!.colorHex };
      } catch (error) {
        if (pgCode(error) === "23505") throw new ConflictError(M.duplicateColor);
        throw error;
      }
    },

    async createSize(input: CreateSizeBody): Promise<{ id: number; name: string }> {
      const same = await db.$count(sizesTable, eq(sql`lower(${sizesTable.name})`, input.tamanho.toLowerCase()));
      if (same) throw new ConflictError(M.duplicateSize);
      try {
        const [row] = await db
          .insert(sizesTable)
          .values({
            name: input.tamanho,
            sortOrder: sql`(select coalesce(max(${sizesTable.sortOrder}), 0) + 1 from ${sizesTable})`,
          })
          .returning({ id: sizesTable.id, name: sizesTable.name });
        return row!;
      } catch (error) {
        if (pgCode(error) === "23505") throw new ConflictError(M.duplicateSize);
        throw error;
      }
    },

    /** POST /api/product/categoria: the admin's size + colour entry. */
    async createSizeColorEntry(input: SizeColorEntryBody): Promise<{ id: number }> {
      const [row] = await db
        .insert(sizeColorEntries)
        .values({ tamanho: input.tamanho, cor: input.cor })
        .returning({ id: sizeColorEntries.id });
      return row!;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export interface ProductPage {
  product: ApiProduct;
  related: ApiProduct[];
  sizes: ApiSize[];
  detail: ApiStockDetail;
}
