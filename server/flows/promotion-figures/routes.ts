import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "#server/core/db/client.ts";
import { centsToAmount } from "#server/core/money.ts";
import type { PromotionsService } from "#server/modules/promotions/service.ts";
import { promotionIdParams } from "#server/modules/promotions/schemas.ts";
import { NO_FIGURES, promotionFigures, type PromotionFigures } from "./promotion-figures.ts";

/** A promotion's figures as the API answers them: paid orders, revenue and discount in euros. */
export const promotionFiguresSchema = z.object({
  encomendas: z.number(),
  receita: z.number(),
  desconto: z.number(),
});

export const figuresAnswer = (f: PromotionFigures) => ({
  encomendas: f.orders,
  receita: Number(centsToAmount(f.revenueCents)),
  desconto: Number(centsToAmount(f.discountCents)),
});

/** GET /api/promocoes/{id}/resultados (admin only): the promotion's figures from its paid orders; 404 if unknown. */
export function promotionFiguresRoutes(
  app: FastifyInstance,
  deps: { db: Database; promotions: PromotionsService },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/promocoes/:id/resultados",
    { config: { access: "admin" }, schema: { params: promotionIdParams, response: { 200: promotionFiguresSchema } } },
    async (request) => {
      const { id } = await deps.promotions.get(request.params.id);
      const figures = await promotionFigures(deps.db, [id]);
      return figuresAnswer(figures.get(id) ?? NO_FIGURES);
    },
  );
}
