import { z } from "zod";
import { VAT_CATEGORIES, type VatCategory } from "#server/modules/settings/schemas.ts";
import { EXEMPTION_CODE, VAT_FIELD_MESSAGES } from "#server/modules/catalog/admin/rules.ts";

/*
 * The product forms' IVA fields ('Taxa de IVA' and, for Isento, the reason code), shared by the API's multipart
 * schemas and the admin forms. A product's category becomes a rate only at checkout, at the delivery region's rate
 * of the shop's settings (server/modules/orders/line-vat.ts).
 */

export { EXEMPTION_CODE, VAT_FIELD_MESSAGES };

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** 'normal' | 'intermedia' | 'reduzida' | 'isenta'; absent or "" is undefined (create: the settings' default). */
export const vatCategoryField = z.preprocess(
  blankToUndefined,
  z.enum(VAT_CATEGORIES, { error: VAT_FIELD_MESSAGES.category }).optional(),
);

/** "m10 " -> "M10"; absent or "" is undefined (an exempt product then takes the settings' default code). */
export const exemptionCodeField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: VAT_FIELD_MESSAGES.exemptionCode })
    .trim()
    .toUpperCase()
    .regex(EXEMPTION_CODE, VAT_FIELD_MESSAGES.exemptionCode)
    .optional(),
);

export const vatFields = { vat_category: vatCategoryField, vat_exemption_code: exemptionCodeField };

/** The shop's defaults for a new product (settings' `vat`). */
export interface VatDefaults {
  category: VatCategory;
  exemptionCode: string;
}

/** The columns to store: the code only for an exempt product (given, else the default; "" stores null). */
export function vatColumns(category: VatCategory, code: string | undefined, defaultCode: string) {
  return {
    vatCategory: category,
    vatExemptionCode: category === "isenta" ? code || defaultCode || null : null,
  };
}
