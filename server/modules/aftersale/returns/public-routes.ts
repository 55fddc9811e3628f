import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { myOrderParams } from "#server/modules/orders/shopper/schemas.ts";
import {
  publicWithdrawalBody,
  withdrawalBody,
  withdrawalLookupBody,
  withdrawalResponse,
  withdrawalView,
} from "./schemas.ts";
import type { WithdrawalService } from "./withdrawal.ts";

const MINUTE = 60_000;

/**
 * The shopper's withdrawal ('Livre resolução'): from the order page in /conta (the owner only: anyone else's order is
 * 404), and the public form /livre-resolucao (order number + the buying account's e-mail, then the same choice).
 * Thin: validate, call one service function, answer.
 */
export function withdrawalRoutes(app: FastifyInstance, deps: { withdrawal: WithdrawalService; limiter: RateLimiter }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawal, limiter } = deps;

  api.post(
    "/api/users/me/orders/:id/withdrawal",
    {
      config: { access: "user" },
      schema: { params: myOrderParams, body: withdrawalBody, response: { 200: withdrawalResponse } },
    },
    (request) =>
      withdrawal.request({ ...request.body, orderId: request.params.id, requester: { userId: request.user!.id } }),
  );

  /**
   * The public form's guesses are bounded per address and per e-mail (the pair is a weak secret: an order number
   * is small, an e-mail may be known); the same counters for the look-up and the request.
   */
  async function limit(ip: string, email: string) {
    await limiter.hit(`withdrawal:ip:${ip}`, 20, 60 * MINUTE);
    await limiter.hit(`withdrawal:email:${email}`, 10, 60 * MINUTE);
  }

  api.post(
    "/api/withdrawal/lookup",
    { config: { access: "public" }, schema: { body: withdrawalLookupBody, response: { 200: withdrawalView } } },
    async (request) => {
      await limit(request.ip, request.body.email);
      return withdrawal.view(request.body.order_id, { email: request.body.email });
    },
  );

  api.post(
    "/api/withdrawal",
    { config: { access: "public" }, schema: { body: publicWithdrawalBody, response: { 200: withdrawalResponse } } },
    async (request) => {
      const { order_id, email, ...choice } = request.body;
      await limit(request.ip, email);
      return withdrawal.request({ ...choice, orderId: order_id, requester: { email } });
    },
  );
}
