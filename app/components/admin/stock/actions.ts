/**
 * The stock edit of /gestao-stock and /stock-baixo, sent by their clientActions to
 * PUT /api/stock/variant/{id}. `expectedStock` is the shelf stock the dialog showed: a change made
 * meanwhile (a checkout reserved units) is answered 409 with `details.currentStock`.
 */
import type { UpdateVariantStockBody } from "#server/modules/inventory/schemas.ts";
import { type ActionResult, submitToApi } from "#app/components/admin/route-data.tsx";

export interface StockEdit extends Pick<UpdateVariantStockBody, "newStock" | "reason" | "notes"> {
  intent: "stock";
  variantId: number;
  expectedStock: number;
}

export function stockAction({ variantId, newStock, expectedStock, reason, notes }: StockEdit): Promise<ActionResult> {
  return submitToApi(`/api/stock/variant/${variantId}`, {
    method: "PUT",
    body: { newStock, expectedStock, reason, notes },
  });
}

/** The current stock a 409 answer carries (`details.currentStock`), if any. */
export function currentStockIn(result: ActionResult | undefined): number | undefined {
  if (!result || result.ok || result.status !== 409) return undefined;
  const details = (result.data as { details?: { currentStock?: unknown } } | null)?.details;
  return typeof details?.currentStock === "number" ? details.currentStock : undefined;
}
