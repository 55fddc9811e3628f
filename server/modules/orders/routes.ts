import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { placedOrderBody } from "./presenter.ts";
import {
  cartCheckBody,
  cartCheckResponse,
  cartQuoteBody,
  cartQuoteResponse,
  createOrderBody,
  createOrderResponse,
  savedDelivery,
} from "./schemas.ts";
import type { OrdersService } from "./service.ts";

const idempotencyHeader = z.object({ "idempotency-key": z.string().trim().min(8).max(100).optional() });

export function ordersRoutes(app: FastifyInstance, deps: { orders: OrdersService; limiter: RateLimiter }): void {
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
    (request) => deps.orders.quote(request.body),
  );

  // The delivery dialog's pre-filled address: the account's own newest order only.
  api.get(
    "/api/users/me/delivery",
    { config: { access: "user" }, schema: { response: { 200: savedDelivery } } },
    (request) => deps.orders.lastDelivery(request.user!.id),
  );

  // The spec's path is un-prefixed (POST /orders); /api/orders is the same call.
  for (const url of ["/orders", "/api/orders"]) {
    api.post(
      url,
      {
        config: { access: "user" },
        schema: { body: createOrderBody, headers: idempotencyHeader, response: { 201: createOrderResponse } },
      },
      async (request, reply) => {
        await deps.limiter.hit(`checkout:user:${request.user!.id}`, 120, 10 * 60_000);
        const placed = await deps.orders.create(request.user!, request.body, request.headers["idempotency-key"]);
        return reply.status(201).send(placedOrderBody(placed));
      },
    );
  }
}
