import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CALLBACK_PATH } from "./callback.ts";
import type { PaymentsService } from "./service.ts";

export function paymentsRoutes(app: FastifyInstance, deps: { payments: PaymentsService }): void {
  paymentAdminRoutes(app, deps);
  // Called by the gateway (GET, no session): authenticated by the anti-phishing key only.
  app.get(CALLBACK_PATH, { config: { access: "public" }, logLevel: "warn" }, async (request, reply) => {
    const outcome = await deps.payments.handleCallback(request.query as Record<string, unknown>);
    if (outcome.result !== "paid" && outcome.result !== "replay") request.log.warn({ result: outcome.result }, "payment callback not applied");
    return reply.status(outcome.status).type("text/plain").send(outcome.status === 200 ? "OK" : outcome.result);
  });
}

const referenceParams = z.object({ reference: z.string().trim().min(1).max(40) });
const verifyResult = z.object({
  success: z.boolean(),
  payment_status: z.enum(["paid", "pending", "no_data", "incomplete_data", "error"]),
  order_id: z.number().optional(),
  referencia: z.string().nullable().optional(),
  message: z.string(),
  error: z.string().optional(),
  details: z.string().optional(),
});
const confirmationBody = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  order_id: z.coerce.number({ error: "Pedido não encontrado" }).int().positive().max(2_147_483_647),
  delivery_data: z.unknown().optional(),
  payment_data: z.object({ metodo: z.string().max(20).optional(), valor: z.unknown().optional(), status: z.string().max(30).optional() }).optional(),
});

export function paymentAdminRoutes(app: FastifyInstance, deps: { payments: PaymentsService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/payments/verify/:reference",
    { config: { access: "admin" }, schema: { params: referenceParams, response: { 200: verifyResult } } },
    (request) => deps.payments.verify(request.params.reference),
  );
  api.get(
    "/api/payments/verify-all",
    { config: { access: "admin" }, schema: { response: { 200: z.object({ success: z.boolean(), resultados: z.array(verifyResult), message: z.string() }) } } },
    () => deps.payments.verifyAll(),
  );
  api.post(
    "/api/email/send-order-confirmation",
    { config: { access: "user" }, schema: { body: confirmationBody, response: { 200: z.object({ success: z.boolean(), message: z.string() }) } } },
    (request) => deps.payments.requestConfirmation(request.user!, request.body.order_id),
  );
}
