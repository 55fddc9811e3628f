/**
 * Server-only reads of the product-admin screens' loaders, over the catalogue service (the same
 * functions the API routes call).
 */
import { data } from "react-router";
import type { ApiProductListItem } from "#server/modules/catalog/schemas.ts";
import { isDatabaseUnavailable } from "#server/core/db/unavailable.ts";
import { AppError } from "#server/core/errors.ts";
import type { WebContext } from "#app/context.ts";
import { cardStockError, type CardStock, parseProductId, PRODUCT_TEXT } from "./product-api.ts";

type Catalog = WebContext["services"]["catalog"];

/** GET /api/product/all as an admin gets it (every product not deleted): the API's cached body. */
export async function adminProductList(catalog: Catalog): Promise<ApiProductListItem[]> {
  const cached = await catalog.listAll({ admin: true });
  return JSON.parse(cached.body.toString("utf8")) as ApiProductListItem[];
}

/**
 * The 'Stock' badge of each shown card: GET /api/product/stock/{id}'s total, or the card's error
 * (a product deleted meanwhile is 'Produto não encontrado'). An unreachable database stays an
 * exception (the 503 page).
 * TODO(lead): one query for many ids would serve better than one totalStock call per card.
 */
export async function cardStocks(catalog: Catalog, ids: readonly number[]): Promise<Record<number, CardStock>> {
  const entries = await Promise.all(
    ids.map(async (id): Promise<[number, CardStock]> => {
      try {
        const { totalStock } = await catalog.totalStock(id, { admin: true });
        return [id, { total: Number.isFinite(totalStock) ? totalStock : null }];
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        if (error instanceof AppError) return [id, { error: cardStockError(error.status, error.message) }];
        return [id, { error: "Erro inesperado ao carregar dados" }];
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** The product id of a route's URL (`/…/{id}`); anything else is the screen's 'ID do produto inválido' (400). */
export function productIdParam(raw: string | undefined): number {
  const id = parseProductId(raw);
  if (id === null) throw data({ message: PRODUCT_TEXT.invalidId }, { status: 400 });
  return id;
}
