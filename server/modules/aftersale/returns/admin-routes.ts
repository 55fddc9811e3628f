import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import type { ReturnsAdminService } from "./admin.ts";
import {
  cancelReturnBody,
  openReturnBody,
  openReturnsList,
  orderReturns,
  refundResult,
  returnIdParams,
} from "./admin-schemas.ts";

/**
 * The admin's returns (admin only): the order page's section and its changes, and the open returns' list. The
 * refunds are server/flows/cancellation-and-refund.routes.ts. Thin: validate, call one service function, answer.
 */
export function returnsAdminRoutes(app: FastifyInstance, deps: { returnsAdmin: ReturnsAdminService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { returnsAdmin } = deps;
  const admin = { access: "admin" } as const;

  api.get("/api/returns/open", { config: admin, schema: { response: { 200: openReturnsList } } }, () =>
    returnsAdmin.openReturns(),
  );

  api.get(
    "/api/orders/:id/returns",
    { config: admin, schema: { params: orderIdParams, response: { 200: orderReturns } } },
    (request) => returnsAdmin.orderReturns(request.params.id),
  );

  api.post(
    "/api/orders/:id/returns",
    { config: admin, schema: { params: orderIdParams, body: openReturnBody, response: { 200: refundResult } } },
    (request) => returnsAdmin.open(request.user!, request.params.id, request.body),
  );

  api.post(
    "/api/returns/:id/received",
    { config: admin, schema: { params: returnIdParams, response: { 200: refundResult } } },
    (request) => returnsAdmin.markReceived(request.user!, request.params.id),
  );

  api.post(
    "/api/returns/:id/cancel",
    { config: admin, schema: { params: returnIdParams, body: cancelReturnBody, response: { 200: refundResult } } },
    (request) => returnsAdmin.cancel(request.user!, request.params.id, request.body.note),
  );
}
