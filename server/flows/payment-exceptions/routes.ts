import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendPage } from "#server/core/http/paging.ts";
import { exceptionIdParams, exceptionsQuery, resolutionBody } from "#server/modules/payments/exceptions/schemas.ts";
import { listPaymentExceptions, resolvePaymentException } from "./payment-exceptions.ts";
import { exceptionsPageSchema, resolutionResponse } from "./schemas.ts";
import { reinstateLatePayment, type PaymentFlowDeps } from "#server/flows/payment-received/payment-received.ts";

/** What the admin reads after each resolution. */
const RESOLVED = {
  refund_due: "Pagamento marcado para reembolso.",
  refunded: "Reembolso registado.",
  dismissed: "Exceção de pagamento ignorada.",
} as const;

/** 'Exceções de pagamento' on /payment-status (admin only): the list and its resolutions. Thin: validate, call, answer. */
export function paymentExceptionsRoutes(app: FastifyInstance, deps: { payments: PaymentFlowDeps }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { payments } = deps;
  const admin = { access: "admin" } as const;

  api.get(
    "/api/payments/exceptions",
    { config: admin, schema: { querystring: exceptionsQuery, response: { 200: exceptionsPageSchema } } },
    async (request, reply) => sendPage(reply, await listPaymentExceptions(payments.db, request.query)),
  );

  api.post(
    "/api/payments/exceptions/:id/reinstate",
    { config: admin, schema: { params: exceptionIdParams, response: { 200: resolutionResponse } } },
    async (request) => {
      const exception = await reinstateLatePayment(payments, request.user!, request.params.id);
      return {
        success: true as const,
        message: `Encomenda #${exception.order_id} reposta e paga; a confirmação foi enviada ao cliente.`,
        exception,
      };
    },
  );

  api.post(
    "/api/payments/exceptions/:id/resolution",
    {
      config: admin,
      schema: { params: exceptionIdParams, body: resolutionBody, response: { 200: resolutionResponse } },
    },
    async (request) => {
      const exception = await resolvePaymentException(payments.db, request.user!, request.params.id, request.body);
      return {
        success: true as const,
        message: RESOLVED[request.body.resolution],
        exception,
      };
    },
  );
}
