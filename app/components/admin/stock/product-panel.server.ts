/**
 * The product panel of /gestao-stock and /stock-baixo, chosen by the URL: `?product={id}` shows
 * that product's variants (GET /api/stock/product/{id}), `&history={variantId}` one variant's
 * movements (GET /api/stock/variant/{id}/movements).
 */
import { z } from "zod";

import { STOCK_MESSAGES } from "#server/modules/inventory/schemas.ts";
import type { WebContext } from "#app/context.ts";
import { load } from "#app/lib/route-data.server.ts";
import { searchQuery } from "#app/components/admin/search-query.server.ts";
import { optionalIntValue } from "#server/core/zod.ts";

const panelQuery = z.object({
  product: optionalIntValue({ invalid: STOCK_MESSAGES.invalidProductId }),
  history: optionalIntValue({ invalid: STOCK_MESSAGES.invalidVariantId }),
});

export async function loadProductPanel(services: WebContext["services"], request: Request) {
  const { product: productId, history: variantId } = searchQuery(request, panelQuery);
  if (productId === undefined) return null;
  const [product, movements] = await Promise.all([
    load(() => services.stock.productDetail(productId)),
    variantId === undefined ? null : load(() => services.stock.movements(variantId)),
  ]);
  return { product, history: movements && variantId !== undefined ? { variantId, movements } : null };
}

export type ProductPanelData = NonNullable<Awaited<ReturnType<typeof loadProductPanel>>>;
