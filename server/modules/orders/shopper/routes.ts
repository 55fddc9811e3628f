import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "#server/core/http/paging.ts";
import { myOrderDetail, myOrderParams, myOrdersQuery, myOrderSummary } from "./schemas.ts";
import type { MyOrdersService } from "./my-orders.ts";

/**
 * "A minha conta" (/conta): the signed-in shopper's own orders. Thin: validate, call one service function, answer.
 * The list's total is in X-Total-Count.
 */
export function myOrdersRoutes(app: FastifyInstance, deps: { myOrders: MyOrdersService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { myOrders } = deps;
  const user = { access: "user" } as const;

  api.get(
    "/api/users/me/orders",
    { config: user, schema: { querystring: myOrdersQuery, response: { 200: z.array(myOrderSummary) } } },
    async (request, reply) => sendPage(reply, await myOrders.list(request.user!.id, request.query)),
  );

  api.get(
    "/api/users/me/orders/:id",
    { config: user, schema: { params: myOrderParams, response: { 200: myOrderDetail } } },
    (request) => myOrders.get(request.user!.id, request.params.id),
  );
}
