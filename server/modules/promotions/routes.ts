import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  promotionBody,
  promotionDeletedSchema,
  promotionIdParams,
  promotionListSchema,
  promotionSchema,
} from "./schemas.ts";
import type { PromotionsService } from "./service.ts";

/**
 * The admin's promotions: GET/POST /api/promocoes, PUT/DELETE /api/promocoes/{id} (admin only: 401 for visitors,
 * 403 for clientes, by server/http/access.ts). A body that breaks a rule answers 400 with its pt-PT message and
 * writes nothing. A write drops this instance's cached catalogue at once (`catalogChanged`); the others learn of
 * it through the table's NOTIFY trigger.
 */
export function promotionsRoutes(
  app: FastifyInstance,
  deps: { promotions: PromotionsService; catalogChanged: () => void },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { promotions, catalogChanged } = deps;
  const admin = { access: "admin" } as const;

  api.get("/api/promocoes", { config: admin, schema: { response: { 200: promotionListSchema } } }, () =>
    promotions.list(),
  );

  api.post(
    "/api/promocoes",
    { config: admin, schema: { body: promotionBody, response: { 201: promotionSchema } } },
    async (request, reply) => {
      const created = await promotions.create(request.body);
      catalogChanged();
      return reply.status(201).send(created);
    },
  );

  api.put(
    "/api/promocoes/:id",
    { config: admin, schema: { params: promotionIdParams, body: promotionBody, response: { 200: promotionSchema } } },
    async (request) => {
      const updated = await promotions.update(request.params.id, request.body);
      catalogChanged();
      return updated;
    },
  );

  api.delete(
    "/api/promocoes/:id",
    { config: admin, schema: { params: promotionIdParams, response: { 200: promotionDeletedSchema } } },
    async (request) => {
      const { deactivated } = await promotions.remove(request.params.id);
      catalogChanged();
      return {
        success: true as const,
        message: deactivated
          ? "A promoção já foi usada em encomendas: foi desativada em vez de eliminada."
          : "Promoção eliminada.",
        desativada: deactivated,
      };
    },
  );
}
