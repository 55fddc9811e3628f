import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "#server/core/http/paging.ts";
import {
  STOCK_MESSAGES as M,
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

/** Stock management (/gestao-stock, /stock-baixo: /api/stock/*): admin only. Thin: validate, call one service function, answer. */
export function stockRoutes(app: FastifyInstance, deps: { stock: StockService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { stock } = deps;
  const admin = { access: "admin" } as const;

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

  api.get(
    "/api/stock/low-stock",
    { config: admin, schema: { querystring: lowStockQuery, response: { 200: z.array(lowStockItemSchema) } } },
    (request) => stock.lowStock(request.query.threshold),
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
