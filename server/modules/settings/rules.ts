/*
 * The settings' IVA categories as the admin's product forms offer them (browser-safe, decision 0016); schemas.ts
 * builds the request schemas from them and re-exports them for the server's imports.
 */

export const VAT_CATEGORIES = ["normal", "intermedia", "reduzida", "isenta"] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];
export const VAT_CATEGORY_LABELS: Record<VatCategory, string> = {
  normal: "Normal",
  intermedia: "Intermédia",
  reduzida: "Reduzida",
  isenta: "Isento",
};
