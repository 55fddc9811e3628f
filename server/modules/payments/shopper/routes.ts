import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { shopperOrderParams, shopperOrderStatus } from "./schemas.ts";
import type { ShopperPayments } from "./status.ts";

/** The payment page's calls on the shopper's own order (shopper-status.ts). Thin: validate, call one service function. */
export function shopperPaymentRoutes(app: FastifyInstance, deps: { shopperPayments: ShopperPayments }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { shopperPayments } = deps;
  const schema = { params: shopperOrderParams, response: { 200: shopperOrderStatus } };

  api.get("/api/users/me/orders/:id/status", { config: { access: "user" }, schema }, (request) =>
    shopperPayments.status(request.user!, request.params.id),
  );
  api.post("/api/users/me/orders/:id/pay-multibanco", { config: { access: "user" }, schema }, (request) =>
    shopperPayments.payByMultibanco(request.user!, request.params.id),
  );
}
