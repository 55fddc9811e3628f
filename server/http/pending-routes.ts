import type { FastifyInstance } from "fastify";
import type { Access } from "../accounts/guard.ts";
import { errorBody } from "./errors.ts";

/**
 * Calls of spec section 7 whose features land in later issues (catalogue, checkout,
 * admin). They are registered now with their real access rule, so the guard is proven
 * over the whole route table from day one; until implemented they answer 501 to those
 * allowed through. Each issue removes its lines from here as it adds the real route.
 */
export const PENDING_ROUTES: ReadonlyArray<{ method: "GET" | "POST" | "PUT" | "DELETE"; url: string; access: Access }> = [
  { method: "GET", url: "/api/orders", access: "admin" },
  { method: "GET", url: "/api/orders/por-tempo", access: "admin" },
];

export function pendingRoutes(app: FastifyInstance): void {
  for (const r of PENDING_ROUTES) {
    app.route({
      method: r.method,
      url: r.url,
      config: { access: r.access },
      handler: async (_request, reply) =>
        reply.status(501).send(errorBody("Esta funcionalidade ainda não está disponível.")),
    });
  }
}
