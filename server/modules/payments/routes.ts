import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CALLBACK_PATH } from "./callback.ts";
import { paymentExceptionsRoutes } from "#server/modules/payments/exceptions/routes.ts";
import { confirmationBody, verifyAllBody, verifyBody } from "./presenter.ts";
import {
  confirmationRequestBody,
  messageResponse,
  referenceParams,
  simulateBody,
  verifyAllResponse,
  verifyResult,
} from "./schemas.ts";
import type { PaymentsService } from "./service.ts";

export function paymentsRoutes(app: FastifyInstance, deps: { payments: PaymentsService; publicUrl: string }): void {
  paymentAdminRoutes(app, deps);
  paymentExceptionsRoutes(app, { exceptions: deps.payments.exceptions });
  // Called by the gateway (GET, no session): authenticated by the anti-phishing key only.
  app.get(CALLBACK_PATH, { config: { access: "public" }, logLevel: "warn" }, async (request, reply) => {
    const outcome = await deps.payments.handleCallback(request.query as Record<string, unknown>);
    if (outcome.result !== "paid" && outcome.result !== "replay")
      request.log.warn({ result: outcome.result }, "payment callback not applied");
    return reply
      .status(outcome.status)
      .type("text/plain")
      .send(outcome.status === 200 ? "OK" : outcome.result);
  });
}

/** The shop's own listening address (loopback), so the simulated gateway reaches this very instance. */
function ownUrl(app: FastifyInstance, fallback: string): string {
  const address = app.server.address();
  if (address && typeof address === "object") {
    const host =
      address.family === "IPv6"
        ? `[${address.address === "::" ? "::1" : address.address}]`
        : address.address === "0.0.0.0"
          ? "127.0.0.1"
          : address.address;
    return `http://${host}:${address.port}`;
  }
  return fallback;
}

export function paymentAdminRoutes(app: FastifyInstance, deps: { payments: PaymentsService; publicUrl: string }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    "/api/payments/sandbox/simulate",
    { config: { access: "admin" }, schema: { body: simulateBody } },
    async (request) => {
      const { reference, order_id, outcome } = request.body;
      const result = await deps.payments.simulate(
        { reference, orderId: order_id },
        outcome,
        ownUrl(app, deps.publicUrl),
      );
      const applied = result.deliveries.every((d) => d.status === 200);
      return {
        success: applied,
        order_id: result.orderId,
        deliveries: result.deliveries,
        message:
          outcome === "expire"
            ? "Validade do pagamento terminada; o stock será libertado em breve."
            : applied
              ? "Pagamento simulado enviado ao callback."
              : "O callback recusou a notificação simulada.",
      };
    },
  );
  api.get(
    "/api/payments/verify/:reference",
    { config: { access: "admin" }, schema: { params: referenceParams, response: { 200: verifyResult } } },
    async (request) => verifyBody(await deps.payments.verify(request.params.reference)),
  );
  api.get(
    "/api/payments/verify-all",
    { config: { access: "admin" }, schema: { response: { 200: verifyAllResponse } } },
    async () => verifyAllBody(await deps.payments.verifyAll()),
  );
  api.post(
    "/api/email/send-order-confirmation",
    {
      config: { access: "user" },
      schema: { body: confirmationRequestBody, response: { 200: messageResponse } },
    },
    async (request) => confirmationBody(await deps.payments.requestConfirmation(request.user!, request.body.order_id)),
  );
}
