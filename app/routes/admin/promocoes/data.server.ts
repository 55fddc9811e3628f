import { figuresAnswer } from "#server/flows/promotion-figures/routes.ts";
import { NO_FIGURES, promotionFigures } from "#server/flows/promotion-figures/promotion-figures.ts";
import type { Services } from "#server/services.ts";

/**
 * What the 'Promoções' screen reads on the server: the promotions as GET /api/promocoes answers them, each with its
 * figures as GET /api/promocoes/{id}/resultados does (paid orders only), and the categories to restrict to.
 */
export async function promotionsScreen(services: Services) {
  const [promotions, figures, categories] = await Promise.all([
    services.promotions.list(),
    promotionFigures(services.db),
    services.catalog.listCategories(),
  ]);
  return {
    promotions: promotions.map((p) => ({ ...p, resultados: figuresAnswer(figures.get(p.id) ?? NO_FIGURES) })),
    categories,
  };
}

export type PromotionRow = Awaited<ReturnType<typeof promotionsScreen>>["promotions"][number];
