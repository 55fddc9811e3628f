/** Texts and labels of the admin stock screens; the shapes are the API's (server/modules/inventory/schemas.ts). */
import { CATALOG_MESSAGES } from "#server/modules/catalog/admin/rules.ts";
import { DEFAULT_REASON, STOCK_UPDATED as UPDATED } from "#server/modules/inventory/rules.ts";
import type { StockProductDetail } from "#server/modules/inventory/schemas.ts";

export type StockVariant = StockProductDetail["variants"][number];

/** The edit dialog's default reasons: /gestao-stock and /stock-baixo. */
export const REASON_MANUAL = DEFAULT_REASON;
export const REASON_LOW_STOCK = "Reposição de stock baixo";
export const STOCK_INVALID = CATALOG_MESSAGES.invalidStock;
export const STOCK_UPDATED = UPDATED;
export const STOCK_UPDATE_FAILED = "Erro ao atualizar stock";

/** "Azul / M", with N/A for a missing colour or size. */
export function variantLabel(v: Pick<StockVariant, "color" | "size">): string {
  return `${v.color ?? "N/A"} / ${v.size ?? "N/A"}`;
}
