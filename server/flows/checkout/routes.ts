import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { placedOrderBody } from "#server/modules/orders/presenter.ts";
import { createOrderBody, createOrderResponse } from "#server/modules/orders/schemas.ts";
import { checkout, type CheckoutDeps } from "./checkout.ts";

const idempotencyHeader = z.object({ "idempotency-key": z.string().trim().min(8).max(100).optional() });

/** POST /orders (checkout.ts). Thin: validate, limit, call the flow, answer. */
export function checkoutRoutes(app: FastifyInstance, deps: { checkout: CheckoutDeps; limiter: RateLimiter }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
        const placed = await checkout(deps.checkout, request.user!, request.body, request.headers["idempotency-key"]);
        return reply.status(201).send(placedOrderBody(placed));
      },
    );
  }
}
