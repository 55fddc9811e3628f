import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CALLBACK_PATH } from "./callback.ts";
import type { PaymentsService } from "./service.ts";

export function paymentsRoutes(app: FastifyInstance, deps: { payments: PaymentsService; publicUrl: string }): void {
  paymentAdminRoutes(app, deps);
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
  payment_data: z
    .object({
      metodo: z.string().max(20).optional(),
      valor: z.unknown().optional(),
      status: z.string().max(30).optional(),
    })
    .optional(),
});

const simulateBody = z
  .object({
    reference: z.string().trim().min(1).max(40).optional(),
    order_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    outcome: z.enum(["paid", "fail", "expire", "twice"]).default("paid"),
  })
  .refine((body) => body.reference || body.order_id, { message: "Indique a referência ou o número do pedido." });

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
    (request) => deps.payments.verify(request.params.reference),
  );
  api.get(
    "/api/payments/verify-all",
    {
      config: { access: "admin" },
      schema: {
        response: {
          200: z.object({
            success: z.boolean(),
            resultados: z.array(
              verifyResult.omit({ payment_status: true }).extend({ status: verifyResult.shape.payment_status }),
            ),
            message: z.string(),
          }),
        },
      },
    },
    () => deps.payments.verifyAll(),
  );
  api.post(
    "/api/email/send-order-confirmation",
    {
      config: { access: "user" },
      schema: { body: confirmationBody, response: { 200: z.object({ success: z.boolean(), message: z.string() }) } },
    },
    (request) => deps.payments.requestConfirmation(request.user!, request.body.order_id),
  );
}
