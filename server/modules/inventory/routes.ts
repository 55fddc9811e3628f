import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "#server/core/http/paging.ts";
import { askedPage } from "#server/core/zod.ts";
import {
  createVariantBody,
  messageResponse,
  variantCreatedResponse,
  variantIdParams,
} from "#server/modules/catalog/schemas.ts";
import {
  STOCK_MESSAGES as M,
  adminProductItemSchema,
  adminProductsQuery,
  lowStockItemSchema,
  lowStockQuery,
  movementSchema,
  stockProductDetailSchema,
  stockProductItemSchema,
  stockProductParams,
  stockProductsQuery,
  stockSummarySchema,
  updateVariantStockBody,
  updateVariantStockResponse,
  variantParams,
} from "./schemas.ts";
import type { StockService } from "./service.ts";

/**
 * Stock management (/gestao-stock, /stock-baixo: /api/stock/*) and the product screens' variants with their stock
 * (/api/product/createVariants, /api/product/variant/:id): admin only. Thin: validate, call one service function, answer.
 */
export function stockRoutes(
  app: FastifyInstance,
  deps: {
    stock: StockService;
    /** Drops the catalogue's cached lists after a variant came or went (as every catalogue write does). */
    catalogChanged: () => void;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { stock } = deps;
  const admin = { access: "admin" } as const;

  // A variant and its initial stock arrive together; one holding reserved units cannot go.
  api.post(
    "/api/product/createVariants",
    { config: admin, schema: { body: createVariantBody, response: { 201: variantCreatedResponse } } },
    async (request, reply) => {
      const variant = await stock.createVariant(request.body, request.user!.id).finally(deps.catalogChanged);
      return reply.code(201).send({ success: true, message: "Variante criada com sucesso!", variant });
    },
  );
  api.delete(
    "/api/product/variant/:id",
    { config: admin, schema: { params: variantIdParams, response: { 200: messageResponse } } },
    async (request) => {
      await stock.deleteVariant(request.params.id).finally(deps.catalogChanged);
      return { success: true, message: "Variante eliminada com sucesso!" };
    },
  );

  api.get("/api/stock/summary", { config: admin, schema: { response: { 200: stockSummarySchema } } }, () =>
    stock.summary(),
  );

  api.get(
    "/api/stock/products",
    { config: admin, schema: { querystring: stockProductsQuery, response: { 200: z.array(stockProductItemSchema) } } },
    async (request, reply) => sendPage(reply, await stock.listProducts(request.query)),
  );

  api.get(
    "/api/stock/product/:id",
    { config: admin, schema: { params: stockProductParams, response: { 200: stockProductDetailSchema } } },
    (request) => stock.productDetail(request.params.id),
  );

  // The spec's list (its first rows); with page, limit or search (new, optional) one page and X-Total-Count.
  api.get(
    "/api/stock/low-stock",
    { config: admin, schema: { querystring: lowStockQuery, response: { 200: z.array(lowStockItemSchema) } } },
    async (request, reply) => {
      const page = askedPage(request.query);
      if (!page) return stock.lowStock(request.query.threshold);
      return sendPage(reply, await stock.lowStockPage({ ...page, threshold: request.query.threshold }));
    },
  );

  // Not in the spec: the admin's products grid and report a page at a time (GET /api/product/all sends them all).
  api.get(
    "/api/product/admin",
    {
      config: admin,
      schema: { querystring: adminProductsQuery, response: { 200: z.array(adminProductItemSchema) } },
    },
    async (request, reply) => sendPage(reply, await stock.adminProducts(request.query)),
  );

  api.put(
    "/api/stock/variant/:variantId",
    {
      config: admin,
      schema: { params: variantParams, body: updateVariantStockBody, response: { 200: updateVariantStockResponse } },
    },
    async (request) => {
      const variant = await stock.setVariantStock(request.params.variantId, request.body, request.user!.id);
      return { success: true as const, message: M.updated, variant };
    },
  );

  api.get(
    "/api/stock/variant/:variantId/movements",
    { config: admin, schema: { params: variantParams, response: { 200: z.array(movementSchema) } } },
    (request) => stock.movements(request.params.variantId),
  );
}
