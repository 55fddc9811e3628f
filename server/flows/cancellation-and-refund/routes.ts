import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { changeResponse, statusBody } from "#server/modules/aftersale/fulfilment/schemas.ts";
import { changeFulfilmentStatus } from "#server/modules/aftersale/fulfilment/service.ts";
import { refundBody, refundResult, returnIdParams } from "#server/modules/aftersale/returns/admin-schemas.ts";
import { cancelPaidOrder, markCancelledOrderRefunded, refund, type RefundDeps } from "./cancellation-and-refund.ts";

/**
 * The admin order page's changes that may cancel an order or give money back (admin only): the status step (a
 * cancellation is this flow; the other steps are fulfilment's), 'Marcar reembolso como feito', and the refunds of a
 * cancelled order and of a return. Thin: validate, call one function, answer.
 */
export function cancellationAndRefundRoutes(app: FastifyInstance, deps: RefundDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: "admin" } as const;

  api.post(
    "/api/orders/:id/status",
    { config: admin, schema: { params: orderIdParams, body: statusBody, response: { 200: changeResponse } } },
    (request) =>
      request.body.status === "cancelled"
        ? cancelPaidOrder(deps, request.user!, request.params.id, request.body.reason)
        : changeFulfilmentStatus(deps, request.user!, request.params.id, request.body),
  );

  api.post(
    "/api/orders/:id/refund-done",
    { config: admin, schema: { params: orderIdParams, response: { 200: changeResponse } } },
    (request) => markCancelledOrderRefunded(deps, request.user!, request.params.id),
  );

  api.post(
    "/api/orders/:id/refund",
    { config: admin, schema: { params: orderIdParams, body: refundBody, response: { 200: refundResult } } },
    (request) => refund(deps, request.user!, { kind: "order", orderId: request.params.id }, request.body.action),
  );

  api.post(
    "/api/returns/:id/refund",
    { config: admin, schema: { params: returnIdParams, body: refundBody, response: { 200: refundResult } } },
    (request) => refund(deps, request.user!, { kind: "return", returnId: request.params.id }, request.body.action),
  );
}
