import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cartCheckBody, cartCheckResponse, cartQuoteBody, cartQuoteResponse, savedDelivery } from "./schemas.ts";
import type { OrdersService } from "./service.ts";

/** The cart's calls before the order button. POST /orders itself is checkout's: server/flows/checkout.routes.ts. */
export function ordersRoutes(app: FastifyInstance, deps: { orders: OrdersService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Public: the cart lives in the browser, so visitors can see changes before they log in.
  api.post(
    "/api/cart/check",
    { config: { access: "public" }, schema: { body: cartCheckBody, response: { 200: cartCheckResponse } } },
    (request) => deps.orders.checkCart(request.body),
  );

  // Public too: subtotal, delivery for the postal code typed, and the total, before the order button.
  api.post(
    "/api/cart/quote",
    { config: { access: "public" }, schema: { body: cartQuoteBody, response: { 200: cartQuoteResponse } } },
    (request) => deps.orders.quote(request.body, request.user?.id ?? null),
  );

  // The delivery dialog's pre-filled address: the account's own newest order only.
  api.get(
    "/api/users/me/delivery",
    { config: { access: "user" }, schema: { response: { 200: savedDelivery } } },
    (request) => deps.orders.lastDelivery(request.user!.id),
  );
}
