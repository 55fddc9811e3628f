import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RateLimiter } from "#server/core/rate-limit.ts";
import { limitDeclaration, limitLink } from "./limits.ts";
import { myOrderParams } from "#server/modules/orders/shopper/schemas.ts";
import {
  cancelResponse,
  declarationResponse,
  myReturnParams,
  publicWithdrawalBody,
  withdrawalBody,
  withdrawalLinkBody,
  withdrawalLinkChoiceBody,
  withdrawalLinkView,
  withdrawalResponse,
} from "./schemas.ts";
import type { WithdrawalService } from "./withdrawal.ts";

/**
 * The shopper's withdrawal ('Livre resolução', decision 0023): from the order page in /conta (the owner only: anyone
 * else's order is 404), the public declaration /livre-resolucao (anyone with the order number and the buying
 * account's e-mail; one answer whatever matched, nothing about the order), and the one-time link e-mailed to the
 * order's address (/livre-resolucao/confirmar), where the owner chooses the items, gives the IBAN, or cancels.
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
    (request) => withdrawal.request({ ...request.body, orderId: request.params.id, userId: request.user!.id }),
  );

  api.put(
    "/api/users/me/orders/:id/withdrawal/:returnId",
    {
      config: { access: "user" },
      schema: { params: myReturnParams, body: withdrawalBody, response: { 200: withdrawalResponse } },
    },
    (request) =>
      withdrawal.correct({
        orderId: request.params.id,
        userId: request.user!.id,
        returnId: request.params.returnId,
        choice: request.body,
      }),
  );

  api.post(
    "/api/users/me/orders/:id/withdrawal/:returnId/cancel",
    { config: { access: "user" }, schema: { params: myReturnParams, response: { 200: cancelResponse } } },
    (request) =>
      withdrawal.cancel({ orderId: request.params.id, userId: request.user!.id, returnId: request.params.returnId }),
  );

  api.post(
    "/api/withdrawal",
    { config: { access: "public" }, schema: { body: publicWithdrawalBody, response: { 200: declarationResponse } } },
    async (request) => {
      await limitDeclaration(limiter, request.ip, request.body.email);
      return withdrawal.declare(request.body);
    },
  );

  api.post(
    "/api/withdrawal/link",
    { config: { access: "public" }, schema: { body: withdrawalLinkBody, response: { 200: withdrawalLinkView } } },
    async (request) => {
      await limitLink(limiter, request.ip);
      return withdrawal.linkView(request.body.token);
    },
  );

  api.post(
    "/api/withdrawal/link/confirm",
    { config: { access: "public" }, schema: { body: withdrawalLinkChoiceBody, response: { 200: withdrawalResponse } } },
    async (request) => {
      await limitLink(limiter, request.ip);
      const { token, ...choice } = request.body;
      return withdrawal.confirmByLink(token, choice);
    },
  );

  api.post(
    "/api/withdrawal/link/cancel",
    { config: { access: "public" }, schema: { body: withdrawalLinkBody, response: { 200: cancelResponse } } },
    async (request) => {
      await limitLink(limiter, request.ip);
      return withdrawal.cancelByLink(request.body.token);
    },
  );
}
