import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { orderPaymentStatus, payByMultibanco, type PaymentPageDeps } from "./payment-page.ts";
import { shopperOrderParams, shopperOrderStatus } from "./schemas.ts";

/** The payment page's calls on the shopper's own order (payment-page.ts). Thin: validate, call the flow. */
export function paymentPageRoutes(app: FastifyInstance, deps: { paymentPage: PaymentPageDeps }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { paymentPage } = deps;
  const schema = { params: shopperOrderParams, response: { 200: shopperOrderStatus } };

  api.get("/api/users/me/orders/:id/status", { config: { access: "user" }, schema }, (request) =>
    orderPaymentStatus(paymentPage.db, request.user!, request.params.id),
  );
  api.post("/api/users/me/orders/:id/pay-multibanco", { config: { access: "user" }, schema }, (request) =>
    payByMultibanco(paymentPage, request.user!, request.params.id),
  );
}
