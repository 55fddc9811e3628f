import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import type { ReturnsAdminService } from "./admin.ts";
import {
  cancelReturnBody,
  openReturnBody,
  openReturnsList,
  orderReturns,
  refundBody,
  refundResult,
  returnIdParams,
} from "./admin-schemas.ts";
import type { RefundsService } from "./refunds.ts";

/**
 * The admin's returns and refunds (admin only): the order page's section and its changes, the cancelled order's
 * refund, and the open returns' list. Thin: validate, call one service function, answer.
 */
export function returnsAdminRoutes(
  app: FastifyInstance,
  deps: { returnsAdmin: ReturnsAdminService; refunds: RefundsService },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { returnsAdmin, refunds } = deps;
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
    "/api/orders/:id/refund",
    { config: admin, schema: { params: orderIdParams, body: refundBody, response: { 200: refundResult } } },
    (request) => refunds.refund(request.user!, { kind: "order", orderId: request.params.id }, request.body.action),
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

  api.post(
    "/api/returns/:id/refund",
    { config: admin, schema: { params: returnIdParams, body: refundBody, response: { 200: refundResult } } },
    (request) => refunds.refund(request.user!, { kind: "return", returnId: request.params.id }, request.body.action),
  );
}
