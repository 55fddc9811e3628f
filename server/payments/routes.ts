import type { FastifyInstance } from "fastify";
import { CALLBACK_PATH } from "./callback.ts";
import type { PaymentsService } from "./service.ts";

export function paymentsRoutes(app: FastifyInstance, deps: { payments: PaymentsService }): void {
  // Called by the gateway (GET, no session): authenticated by the anti-phishing key only.
  app.get(CALLBACK_PATH, { config: { access: "public" }, logLevel: "warn" }, async (request, reply) => {
    const outcome = await deps.payments.handleCallback(request.query as Record<string, unknown>);
    if (outcome.result !== "paid" && outcome.result !== "replay") request.log.warn({ result: outcome.result }, "payment callback not applied");
    return reply.status(outcome.status).type("text/plain").send(outcome.status === 200 ? "OK" : outcome.result);
  });
}
