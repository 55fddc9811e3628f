import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "#server/core/http/paging.ts";
import {
  adminOrderLineSchema,
  adminOrderSchema,
  adminOrdersExportQuery,
  adminOrdersQuery,
  orderIdParams,
  ordersPerDaySchema,
  porTempoQuery,
} from "#server/modules/orders/admin/schemas.ts";
import type { AdminOrdersService } from "./order-reports.ts";

/** The admin's order report (/orders, the dashboard: GET /api/orders*): admin only. Thin: validate, call one service function, answer. */
export function adminOrdersRoutes(app: FastifyInstance, deps: { adminOrders: AdminOrdersService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { adminOrders } = deps;
  const admin = { access: "admin" } as const;

  api.get(
    "/api/orders",
    { config: admin, schema: { querystring: adminOrdersQuery, response: { 200: z.array(adminOrderLineSchema) } } },
    async (request, reply) => sendPage(reply, await adminOrders.listLines(request.query)),
  );

  // Registered as a static path, so it is never read as /api/orders/:id.
  api.get(
    "/api/orders/export.csv",
    { config: admin, schema: { querystring: adminOrdersExportQuery } },
    (request, reply) => {
      const { filename, stream } = adminOrders.exportCsv(request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(stream);
    },
  );

  api.get(
    "/api/orders/por-tempo",
    { config: admin, schema: { querystring: porTempoQuery, response: { 200: ordersPerDaySchema } } },
    (request) => adminOrders.perDay(request.query.days),
  );

  api.get(
    "/api/orders/:id",
    { config: admin, schema: { params: orderIdParams, response: { 200: adminOrderSchema } } },
    (request) => adminOrders.getOrder(request.params.id),
  );
}
