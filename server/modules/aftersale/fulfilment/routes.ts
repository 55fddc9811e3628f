import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "#server/core/db/client.ts";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { changeResponse, noteBody } from "./schemas.ts";
import { addOrderNote } from "./service.ts";

/**
 * The admin order page's internal notes (admin only). The page's read (GET /api/orders/:id/detail) is
 * server/flows/order-views/routes.ts; its status steps and refunds, server/flows/cancellation-and-refund.routes.ts.
 * Thin: validate, call one function, answer.
 */
export function fulfilmentRoutes(app: FastifyInstance, deps: { db: Database }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: "admin" } as const;

  api.post(
    "/api/orders/:id/notes",
    { config: admin, schema: { params: orderIdParams, body: noteBody, response: { 200: changeResponse } } },
    (request) => addOrderNote(deps.db, request.user!, request.params.id, request.body.message),
  );
}
