import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "#server/core/db/client.ts";
import { sendPage } from "#server/core/http/paging.ts";
import { orderDetailSchema } from "#server/modules/aftersale/fulfilment/schemas.ts";
import { orderIdParams } from "#server/modules/orders/admin/schemas.ts";
import { listMyOrders } from "#server/modules/orders/shopper/my-orders.ts";
import { myOrderParams, myOrdersQuery, myOrderSummary } from "#server/modules/orders/shopper/schemas.ts";
import { readAdminOrder, readMyOrder } from "./order-views.ts";
import { myOrderDetail } from "./schemas.ts";

/**
 * The order pages' reads: "A minha conta" (/conta, the signed-in shopper's own orders; the list's total is in
 * X-Total-Count) and the admin order page (admin only). Thin: validate, call one function, answer.
 */
export function orderViewsRoutes(app: FastifyInstance, deps: { db: Database }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const user = { access: "user" } as const;

  api.get(
    "/api/users/me/orders",
    { config: user, schema: { querystring: myOrdersQuery, response: { 200: z.array(myOrderSummary) } } },
    async (request, reply) => sendPage(reply, await listMyOrders(db, request.user!.id, request.query)),
  );

  api.get(
    "/api/users/me/orders/:id",
    { config: user, schema: { params: myOrderParams, response: { 200: myOrderDetail } } },
    (request) => readMyOrder(db, request.user!.id, request.params.id),
  );

  api.get(
    "/api/orders/:id/detail",
    { config: { access: "admin" }, schema: { params: orderIdParams, response: { 200: orderDetailSchema } } },
    (request) => readAdminOrder(db, request.params.id),
  );
}
