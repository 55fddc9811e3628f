import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CachedBody } from "./cache.ts";
import { etagMatches } from "#server/core/http/etag.ts";
import { parseFields, readMultipart, registerMultipart } from "./multipart.ts";
import {
  activateBannerBody,
  activeBannerSchema,
  bannerIdParams,
  bannerSchema,
  colorCreatedResponse,
  colorSchema,
  createBannerFields,
  createColorBody,
  createdResponse,
  createProductFields,
  createSizeBody,
  messageResponse,
  namedSchema,
  productIdParams,
  productListItemSchema,
  productSchema,
  sizeColorEntryBody,
  sizeCreatedResponse,
  sizeSchema,
  statusResponse,
  stockDetailSchema,
  totalStockSchema,
  updateProductFields,
} from "./schemas.ts";
import type { CatalogService } from "./service.ts";

/** Multipart file field names accepted for product pictures and for the banner picture. */
const PRODUCT_FILE_FIELDS = ["images", "images[]", "image"] as const;
const BANNER_FILE_FIELDS = ["imagem", "image"] as const;

const isAdmin = (request: FastifyRequest) => request.user?.function === "admin";

/** A change's answer: `{ success: true, message }`, the facts of the change appended after. */
const ok = (message: string) => ({ success: true, message });

/** A cached JSON body with its ETag; a matching If-None-Match costs a 304 and no body. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody, perUser: boolean) {
  reply
    .header("etag", cached.etag)
    .header("cache-control", perUser ? "private, no-cache" : "public, no-cache")
    // The short list differs for admins (it includes products out of the shop).
    .header("vary", perUser ? "accept-encoding, cookie" : "accept-encoding");
  if (etagMatches(request.headers["if-none-match"], cached.etag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(cached.body);
}

/**
 * The catalogue calls /api/product/* (products, banners, colours, sizes, categories; a variant with its stock is
 * inventory's: server/modules/inventory/routes.ts). Thin: validate, call one service function, answer. A plugin,
 * so the multipart parser stays inside it.
 */
export async function catalogRoutes(app: FastifyInstance, opts: { catalog: CatalogService }): Promise<void> {
  await registerMultipart(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = opts;
  const pub = { access: "public" } as const;
  const admin = { access: "admin" } as const;

  // ----- public reads -----

  // Every catalogue write of this instance drops the cached lists before its answer leaves, so the
  // admin's next read sees it; other instances learn of it through PostgreSQL NOTIFY (cache.ts).
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") catalog.invalidateCache();
    return payload;
  });

  // The two lists every visitor and the admin grid poll: the same bytes for everyone, serialised
  // once per catalogue version (the response schema documents the shape; the bytes bypass it).
  // GET /api/product is also a hot read: once cached, server/http/hot-reads.ts answers it first.
  const shopList = { ...pub, hotRead: { read: () => catalog.peekShopCached(), cacheControl: "public, no-cache" } };
  api.get(
    "/api/product",
    { config: shopList, schema: { response: { 200: z.array(productSchema) } } },
    async (request, reply) => sendCached(request, reply, await catalog.listShopCached(), false),
  );

  api.get(
    "/api/product/all",
    { config: pub, schema: { response: { 200: z.array(productListItemSchema) } } },
    async (request, reply) => sendCached(request, reply, await catalog.listAll({ admin: isAdmin(request) }), true),
  );

  api.get("/api/product/categorias", { config: pub, schema: { response: { 200: z.array(namedSchema) } } }, () =>
    catalog.listCategories(),
  );
  api.get("/api/product/cores", { config: pub, schema: { response: { 200: z.array(colorSchema) } } }, () =>
    catalog.listColors(),
  );
  /** Not in the spec's table: the size list the variant form needs (size_id). */
  api.get("/api/product/tamanhos", { config: pub, schema: { response: { 200: z.array(namedSchema) } } }, () =>
    catalog.listSizes(),
  );
  api.get("/api/product/artigo", { config: pub, schema: { response: { 200: z.array(namedSchema) } } }, () =>
    catalog.listModels(),
  );
  api.get("/api/product/banners", { config: pub, schema: { response: { 200: z.array(bannerSchema) } } }, () =>
    catalog.listBanners(),
  );
  api.get(
    "/api/product/getbanner",
    { config: pub, schema: { response: { 200: z.array(activeBannerSchema) } } },
    async () => {
      const banner = await catalog.activeBanner();
      return banner ? [banner] : [];
    },
  );

  // One product's public reads: 404 'Produto não encontrado' when the caller may not see it.
  // (`read` must answer what `response` describes; the schema is widened only for Fastify's generic typing.)
  const productRead = <T extends z.ZodType>(
    url: string,
    response: T,
    read: (id: number, opts: { admin: boolean }) => Promise<z.output<T>>,
  ) => {
    const schema = { params: productIdParams, response: { 200: response as z.ZodType } };
    api.get(url, { config: pub, schema }, (request) => read(request.params.id, { admin: isAdmin(request) }));
  };
  productRead("/api/product/:id", productSchema, catalog.getProduct);
  productRead("/api/product/related/:id", z.array(productSchema), catalog.related);
  productRead("/api/product/stock/:id", totalStockSchema, catalog.totalStock);
  productRead("/api/product/stockdetalhe/:id", stockDetailSchema, catalog.stockDetail);
  productRead("/api/product/coresDetails/:id", z.array(colorSchema), catalog.productColors);
  productRead("/api/product/productSize/:id", z.array(sizeSchema), catalog.productSizes);

  // ----- admin: products -----

  // The products grid's 'Adicionar à loja' / 'Retirar da loja'.
  for (const [url, status, done] of [
    ["/api/product/status/:id", 1, "Adicionado a loja"],
    ["/api/product/editstatus/:id", 0, "Retirado da loja"],
  ] as const) {
    api.put(
      url,
      { config: admin, schema: { params: productIdParams, response: { 200: statusResponse } } },
      async (request) => {
        const { id } = request.params;
        const { name } = await catalog.setStatus(id, status);
        return { ...ok(`${name} ${done}`), id, status };
      },
    );
  }
  api.delete(
    "/api/product/:id",
    { config: admin, schema: { params: productIdParams, response: { 200: messageResponse } } },
    async (request) => {
      await catalog.deleteProduct(request.params.id);
      return ok("Produto eliminado com sucesso!");
    },
  );

  api.post(
    "/api/product/create",
    { config: admin, schema: { response: { 201: createdResponse } } },
    async (request, reply) => {
      const form = await readMultipart(request, { fileFields: PRODUCT_FILE_FIELDS });
      const { id } = await catalog.createProduct(parseFields(createProductFields, form.fields), form.files);
      return reply.code(201).send({ ...ok("Produto criado com sucesso!"), id });
    },
  );

  api.put(
    "/api/product/updateproductstock/:id",
    { config: admin, schema: { params: productIdParams, response: { 200: createdResponse } } },
    async (request) => {
      const { id } = request.params;
      const form = await readMultipart(request, { fileFields: PRODUCT_FILE_FIELDS });
      await catalog.updateProduct(id, parseFields(updateProductFields, form.fields), form.files);
      return { ...ok("Produto atualizado com sucesso!"), id };
    },
  );

  // ----- admin: banners -----

  api.post(
    "/api/product/create_banner",
    { config: admin, schema: { response: { 201: createdResponse.extend({ is_active: z.boolean() }) } } },
    async (request, reply) => {
      const form = await readMultipart(request, { fileFields: BANNER_FILE_FIELDS, maxFiles: 1 });
      const banner = await catalog.createBanner(parseFields(createBannerFields, form.fields), form.files[0]);
      return reply.code(201).send({ ...ok("Banner criado com sucesso!"), id: banner.id, is_active: banner.isActive });
    },
  );
  api.post(
    "/api/product/update",
    { config: admin, schema: { body: activateBannerBody, response: { 200: messageResponse } } },
    async (request) => {
      await catalog.activateBanner(request.body.id);
      return ok("Banner ativado com sucesso!");
    },
  );
  api.delete(
    "/api/product/deleteBanner/:id",
    { config: admin, schema: { params: bannerIdParams, response: { 200: messageResponse } } },
    async (request) => {
      await catalog.deleteBanner(request.params.id);
      return ok("Banner eliminado com sucesso!");
    },
  );

  // ----- admin: colours, sizes, size/colour entries (variants with their stock: inventory/routes.ts) -----

  api.post(
    "/api/product/create_color",
    { config: admin, schema: { body: createColorBody, response: { 201: colorCreatedResponse } } },
    async (request, reply) =>
      reply.code(201).send({ ...ok("Cor criada com sucesso!"), color: await catalog.createColor(request.body) }),
  );
  api.post(
    "/api/product/create_size",
    { config: admin, schema: { body: createSizeBody, response: { 201: sizeCreatedResponse } } },
    async (request, reply) =>
      reply.code(201).send({ ...ok("Tamanho criado com sucesso!"), size: await catalog.createSize(request.body) }),
  );
  api.post(
    "/api/product/categoria",
    { config: admin, schema: { body: sizeColorEntryBody, response: { 201: createdResponse } } },
    async (request, reply) => {
      const { id } = await catalog.createSizeColorEntry(request.body);
      return reply.code(201).send({ ...ok("Categoria criada com sucesso!"), id });
    },
  );
}
