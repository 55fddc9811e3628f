import { z } from "zod";
import { vatCategory } from "#server/modules/settings/schemas.ts";
import { intValue, optionalIntValue, parseInteger } from "#server/core/zod.ts";
import {
  CATALOG_MESSAGES,
  createBannerFields,
  formatPriceInput,
  MAX_PRICE_CENTS,
  MAX_STOCK,
  normalizeSizes,
  parsePriceCents,
  requiredText,
} from "#server/modules/catalog/admin/rules.ts";
import { INT32_MAX } from "./rules.ts";
import { productSafetySchema, safetyFields } from "./safety/fields.ts";
import { vatFields } from "./vat-fields.ts";

/**
 * Catalogue shapes (entities, form rules and /api/product/* bodies), shared by the API (fastify-type-provider-zod)
 * and the admin forms. Request schemas carry the pt-PT messages the admin reads; response
 * schemas are plain (no transforms), as the serializer encodes through them.
 *
 * Money is integer cents everywhere inside; the API also shows `price` in euros.
 */

// The admin forms' rules live in admin/rules.ts (browser-safe, decision 0016), re-exported for the server's imports.
export {
  CATALOG_MESSAGES,
  createBannerFields,
  formatPriceInput,
  INT32_MAX,
  MAX_PRICE_CENTS,
  MAX_STOCK,
  normalizeSizes,
  parsePriceCents,
};
export const DEFAULT_MODELO_ID = 5;
export const MAX_PRODUCT_IMAGES = 10;

const M = CATALOG_MESSAGES;

// ---------- helpers ----------

/** 1250 -> 12.5 (for JSON; the shop formats it for display). */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

const sizesField = z
  .string({ error: M.sizesInvalid })
  .max(1000, M.sizesInvalid)
  .transform((value, ctx) => {
    const list = normalizeSizes(value);
    if (list) return list.join(",");
    ctx.addIssue({ code: "custom", message: M.sizesInvalid });
    return z.NEVER;
  });

export const priceField = z.unknown().transform((value, ctx) => {
  const r = parsePriceCents(value);
  if (r.ok) return r.cents;
  ctx.addIssue({ code: "custom", message: r.message });
  return z.NEVER;
});

const statusField = z
  .unknown()
  .transform((value, ctx): 0 | 1 | undefined => {
    if (value === undefined || value === null || value === "") return undefined;
    if (value === 0 || value === 1) return value;
    if (value === "0" || value === "1") return Number(value) as 0 | 1;
    ctx.addIssue({ code: "custom", message: M.statusInvalid });
    return z.NEVER;
  })
  .optional();

/** Text that may be absent; "" counts as absent. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => (v ? v : undefined))
    .optional();

// ---------- requests ----------

/** Route params: a positive int32, else 400 with the given message. */
export const idParams = (invalid: string) => z.object({ id: intValue({ invalid }) });
export const productIdParams = idParams(M.invalidProductId);
export const bannerIdParams = idParams(M.invalidBannerId);
export const variantIdParams = idParams(M.invalidVariantId);

/** Text fields of POST /api/product/create (multipart). `categoria` is a category id or name. */
export const createProductFields = z.object({
  name: requiredText(200, M.nameTooLong),
  description: requiredText(5000, M.descriptionTooLong),
  price: priceField,
  categoria: requiredText(100, M.categoryTooLong),
  sizes: sizesField.optional(),
  modelo_id: optionalIntValue({ invalid: M.modeloInvalid }),
  status: statusField,
  ...vatFields,
  // 'Informação de segurança' (GPSR): optional, each absent one left as it is.
  ...safetyFields,
});
export type CreateProductFields = z.infer<typeof createProductFields>;

/** Text fields of PUT /api/product/updateproductstock/:id; absent optional fields keep their value. */
export const updateProductFields = createProductFields.extend({ categoria: optionalText(100, M.categoryTooLong) });
export type UpdateProductFields = z.infer<typeof updateProductFields>;

export type CreateBannerFields = z.infer<typeof createBannerFields>;

const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: M.invalidBody });

export const activateBannerBody = body({ id: intValue({ invalid: M.invalidBannerId }) });

export const createVariantBody = body({
  product_id: intValue({ invalid: M.invalidProductId, required: M.productRequired }),
  color_id: intValue({ invalid: M.invalidColorId, required: M.variantRequired }),
  size_id: optionalIntValue({ invalid: M.invalidSizeId }),
  stock: z.unknown().transform((value, ctx) => {
    const r = parseInteger(value, 0, Number.MAX_SAFE_INTEGER);
    if (r.ok && r.value <= MAX_STOCK) return r.value;
    ctx.addIssue({
      code: "custom",
      message: r.ok ? M.stockTooHigh : r.missing ? M.variantRequired : M.invalidStock,
    });
    return z.NEVER;
  }),
});
export type CreateVariantBody = z.infer<typeof createVariantBody>;

export const createColorBody = body({
  cor: requiredText(50, M.colorTooLong, M.colorRequired),
  color_hex: z
    .string({ error: M.colorHexInvalid })
    .trim()
    .regex(/^(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})?$/, M.colorHexInvalid)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
});
export type CreateColorBody = z.infer<typeof createColorBody>;

export const createSizeBody = body({ tamanho: requiredText(30, M.sizeTooLong, M.sizeRequired) });
export type CreateSizeBody = z.infer<typeof createSizeBody>;

export const sizeColorEntryBody = body({
  tamanho: requiredText(30, M.sizeTooLong, M.entryRequired),
  cor: requiredText(50, M.colorTooLong, M.entryRequired),
});
export type SizeColorEntryBody = z.infer<typeof sizeColorEntryBody>;

// ---------- responses ----------

const id = z.number().int();

export const productSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  /** Euros, e.g. 12.5 */
  price: z.number(),
  price_cents: z.number().int(),
  /** Comma-separated file names under /uploads/; the first is the main picture. */
  image: z.string(),
  images: z.array(z.string()),
  status: z.number().int(),
  /** Category name. */
  categoria: z.string().nullable(),
  categoria_id: id.nullable(),
  /** Comma-separated sizes offered, e.g. "S,M,L,XL". */
  sizes: z.string(),
  /** Total stock over the variants. */
  quantidade: z.number().int(),
  /** Colour names of the variants, comma-separated. */
  cor: z.string(),
  /** Size names of the variants (else the product's sizes), comma-separated. */
  tamanho: z.string(),
  modelo_id: id,
  created_at: z.string(),
  /** IVA category; the rate depends on the delivery's region (settings). */
  vat_category: vatCategory,
  /** M01–M99 for an exempt product, else null. */
  vat_exemption_code: z.string().nullable(),
  /** Safety information (GPSR), on single-product reads only (not the lists); null fields: the shop's default. */
  seguranca: productSafetySchema.optional(),
});
export type ApiProduct = z.infer<typeof productSchema>;

export const productListItemSchema = z.object({
  id,
  status: z.number().int(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
});
export type ApiProductListItem = z.infer<typeof productListItemSchema>;

export const variantSchema = z.object({
  id,
  product_id: id,
  color_id: id.nullable(),
  color: z.string().nullable(),
  color_name: z.string().nullable(),
  color_hex: z.string().nullable(),
  size_id: id.nullable(),
  size: z.string().nullable(),
  size_name: z.string().nullable(),
  sizes: z.string().nullable(),
  stock: z.number().int(),
});
export type ApiVariant = z.infer<typeof variantSchema>;

export const stockDetailSchema = productSchema.extend({ variants: z.array(variantSchema) });
export type ApiStockDetail = z.infer<typeof stockDetailSchema>;

export const totalStockSchema = z.object({ totalStock: z.number().int() });

export const namedSchema = z.object({ id, name: z.string() });
export const colorSchema = z.object({ id, name: z.string(), color_hex: z.string().nullable() });
export type ApiColor = z.infer<typeof colorSchema>;
export const sizeSchema = z.object({ id: id.optional(), name: z.string(), tamanho: z.string() });
export type ApiSize = z.infer<typeof sizeSchema>;

export const bannerSchema = z.object({
  idimg_banner: id,
  titulo: z.string(),
  slogam: z.string(),
  imagem: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ApiBanner = z.infer<typeof bannerSchema>;
export const activeBannerSchema = bannerSchema.pick({ idimg_banner: true, titulo: true, slogam: true, imagem: true });

export const messageResponse = z.object({ success: z.boolean(), message: z.string() });
export const createdResponse = messageResponse.extend({ id });
export const statusResponse = messageResponse.extend({ id, status: z.number().int() });
export const colorCreatedResponse = messageResponse.extend({ color: colorSchema });
export const sizeCreatedResponse = messageResponse.extend({ size: namedSchema });
export const variantCreatedResponse = messageResponse.extend({ variant: variantSchema });
