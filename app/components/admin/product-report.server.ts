/** Server-only reads of /produto/relatorio's loader, over the catalogue service (the functions the API routes call). */
import type { ApiProduct } from "#server/modules/catalog/schemas.ts";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import { AppError } from "#server/core/errors.ts";
import type { WebContext } from "#app/context.ts";

/** The report's extra columns of a product (GET /api/product/{id}); null when it could not be read. */
export type ReportDetail = Pick<ApiProduct, "quantidade" | "categoria" | "cor"> | null;

type Catalog = WebContext["services"]["catalog"];

/** The details of a page's products: from the shop list (cached) or, for those out of the shop, one by one. */
export async function reportDetails(catalog: Catalog, ids: number[]): Promise<Record<number, ReportDetail>> {
  const shop = JSON.parse((await catalog.listShopCached()).body.toString("utf8")) as ApiProduct[];
  const inShop = new Map(shop.map((p) => [p.id, p]));
  const pick = ({ quantidade, categoria, cor }: ApiProduct): ReportDetail => ({ quantidade, categoria, cor });
  const entries = await Promise.all(
    ids.map(async (id): Promise<[number, ReportDetail]> => {
      const known = inShop.get(id);
      if (known) return [id, pick(known)];
      try {
        return [id, pick(await catalog.getProduct(id, { admin: true }))];
      } catch (error) {
        // A product deleted meanwhile shows 'N/A'; an unreachable database is the 503 page.
        if (error instanceof AppError && !isDatabaseUnavailable(error)) return [id, null];
        throw error;
      }
    }),
  );
  return Object.fromEntries(entries);
}
