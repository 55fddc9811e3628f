import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "#server/core/db/client.ts";
import type { PaymentProvider } from "#server/modules/payments/providers/provider.ts";
import { SandboxOnlyError, simulateSandboxPayment } from "#server/modules/payments/providers/sandbox-simulator.ts";
import { simulateBody } from "./schemas.ts";

/*
 * The payments module's own call: the sandbox's simulated gateway. The calls that change an order with its payment
 * (the callback, 'Verificar', 'Enviar confirmação', the exceptions) are the flows': server/flows/payment-received.routes.ts.
 */

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

export function paymentsRoutes(
  app: FastifyInstance,
  deps: { db: Database; provider: PaymentProvider; callbackKey: string; publicUrl: string },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /**
   * POST /api/payments/sandbox/simulate (admin): the sandbox gateway calls this shop's callback
   * over HTTP for the payment, as the real gateway would. Refused on a real provider.
   */
  api.post(
    "/api/payments/sandbox/simulate",
    { config: { access: "admin" }, schema: { body: simulateBody } },
    async (request) => {
      const { reference, order_id, outcome } = request.body;
      if (deps.provider.name !== "sandbox") throw new SandboxOnlyError();
      const result = await simulateSandboxPayment({
        db: deps.db,
        shopUrl: ownUrl(app, deps.publicUrl),
        callbackKey: deps.callbackKey,
        target: { reference, orderId: order_id },
        outcome,
      });
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
}
