import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { changeResponse, noteBody, orderDetailSchema, statusBody } from "./schemas.ts";
import type { FulfilmentService } from "./service.ts";

/**
 * The admin order page's API (admin only). Beside GET /api/orders/:id (the report's order, orders/admin-routes.ts):
 * /detail is the page's whole read; the POSTs are its changes. Thin: validate, call one service function, answer.
 */
export function fulfilmentRoutes(app: FastifyInstance, deps: { fulfilment: FulfilmentService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { fulfilment } = deps;
  const admin = { access: "admin" } as const;

  api.get(
    "/api/orders/:id/detail",
    { config: admin, schema: { params: orderIdParams, response: { 200: orderDetailSchema } } },
    (request) => fulfilment.detail(request.params.id),
  );

  api.post(
    "/api/orders/:id/status",
    { config: admin, schema: { params: orderIdParams, body: statusBody, response: { 200: changeResponse } } },
    (request) => fulfilment.changeStatus(request.user!, request.params.id, request.body),
  );

  api.post(
    "/api/orders/:id/notes",
    { config: admin, schema: { params: orderIdParams, body: noteBody, response: { 200: changeResponse } } },
    (request) => fulfilment.addNote(request.user!, request.params.id, request.body.message),
  );

  api.post(
    "/api/orders/:id/refund-done",
    { config: admin, schema: { params: orderIdParams, response: { 200: changeResponse } } },
    (request) => fulfilment.refundDone(request.user!, request.params.id),
  );
}
