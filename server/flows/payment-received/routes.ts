import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CALLBACK_PATH } from "#server/modules/payments/callback.ts";
import { confirmationBody, verifyAllBody, verifyBody } from "#server/modules/payments/presenter.ts";
import {
  confirmationRequestBody,
  messageResponse,
  referenceParams,
  verifyAllResponse,
  verifyResult,
} from "#server/modules/payments/schemas.ts";
import { handleCallback, requestConfirmation, verify, verifyAll, type PaymentFlowDeps } from "./payment-received.ts";

/** The calls that apply a payment to its order (payment-received.ts). Thin: validate, call the flow, answer. */
export function paymentReceivedRoutes(app: FastifyInstance, deps: { payments: PaymentFlowDeps }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { payments } = deps;

  // Called by the gateway (GET, no session): authenticated by the anti-phishing key only.
  app.get(CALLBACK_PATH, { config: { access: "public" }, logLevel: "warn" }, async (request, reply) => {
    const outcome = await handleCallback(payments, request.query as Record<string, unknown>);
    if (outcome.result !== "paid" && outcome.result !== "replay")
      request.log.warn({ result: outcome.result }, "payment callback not applied");
    return reply
      .status(outcome.status)
      .type("text/plain")
      .send(outcome.status === 200 ? "OK" : outcome.result);
  });

  api.get(
    "/api/payments/verify/:reference",
    { config: { access: "admin" }, schema: { params: referenceParams, response: { 200: verifyResult } } },
    async (request) => verifyBody(await verify(payments, request.params.reference)),
  );
  api.get(
    "/api/payments/verify-all",
    { config: { access: "admin" }, schema: { response: { 200: verifyAllResponse } } },
    async () => verifyAllBody(await verifyAll(payments)),
  );
  api.post(
    "/api/email/send-order-confirmation",
    {
      config: { access: "user" },
      schema: { body: confirmationRequestBody, response: { 200: messageResponse } },
    },
    async (request) => confirmationBody(await requestConfirmation(payments, request.user!, request.body.order_id)),
  );
}
