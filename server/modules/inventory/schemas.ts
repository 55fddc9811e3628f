import { z } from "zod";
import {
  PAGE_MESSAGES,
  SEARCH_MESSAGES,
  intValue,
  pageQuery,
  optionalPageQuery,
  queryInt,
  searchText,
} from "#server/core/zod.ts";
import { CATALOG_MESSAGES, MAX_STOCK, idParams } from "#server/modules/catalog/schemas.ts";
import { DEFAULT_REASON, STOCK_UPDATED } from "./rules.ts";

/**
 * Stock management shapes (/api/stock/*), shared by the API and
 * the admin screens. Levels as /gestao-stock shows them: 0 is "Sem Stock", 1 to 10 "Stock Baixo".
 */

export const LOW_STOCK_MAX = 10;
export { DEFAULT_REASON };
export const LOW_STOCK_ROWS = 500;
export const MOVEMENTS_ROWS = 100;

export const STOCK_MESSAGES = {
  invalidStock: CATALOG_MESSAGES.invalidStock,
  stockTooHigh: CATALOG_MESSAGES.stockTooHigh,
  invalidProductId: CATALOG_MESSAGES.invalidProductId,
  invalidVariantId: CATALOG_MESSAGES.invalidVariantId,
  productNotFound: CATALOG_MESSAGES.productNotFound,
  variantNotFound: CATALOG_MESSAGES.variantNotFound,
  updated: STOCK_UPDATED,
  invalidPage: PAGE_MESSAGES.invalidPage,
  invalidLimit: PAGE_MESSAGES.invalidLimit,
  invalidThreshold: "Limite de stock inválido: indique um número entre 0 e 1000.",
  searchTooLong: SEARCH_MESSAGES.tooLong,
  reasonTooLong: "O motivo não pode ter mais de 200 caracteres.",
  notesTooLong: "As notas não podem ter mais de 1000 caracteres.",
  invalidBody: CATALOG_MESSAGES.invalidBody,
  invalidExpectedStock: "O stock visto no ecrã deve ser um número inteiro igual ou superior a 0.",
  stockChanged: (current: number) =>
    `O stock desta variante mudou entretanto: agora são ${current} unidades. Confira o novo valor e guarde de novo.`,
} as const;

const M = STOCK_MESSAGES;

// ---------- requests ----------

export const stockProductsQuery = z.object({ ...pageQuery, search: searchText });
export type StockProductsQuery = z.infer<typeof stockProductsQuery>;

/**
 * GET /api/stock/low-stock?threshold=N: the spec's list (its first LOW_STOCK_ROWS products, emptiest first);
 * with page, limit or search (new, optional), one page of every match and its total in X-Total-Count.
 */
export const lowStockQuery = z.object({
  threshold: queryInt({ invalid: M.invalidThreshold, min: 0, max: 1000, fallback: LOW_STOCK_MAX }),
  ...optionalPageQuery,
});
export type LowStockQuery = z.infer<typeof lowStockQuery>;

/** GET /api/product/admin?page=&limit=&search=: the admin's products, newest first; `search` a part of the name. */
export const adminProductsQuery = z.object({ ...pageQuery, search: searchText });
export type AdminProductsQuery = z.infer<typeof adminProductsQuery>;

export const stockProductParams = idParams(M.invalidProductId);
export const variantParams = z.object({ variantId: intValue({ invalid: M.invalidVariantId }) });

/** PUT /api/stock/variant/:variantId. newStock: a whole number ≥ 0 (or its text). */
export const updateVariantStockBody = z.object(
  {
    newStock: z.unknown().transform((value, ctx) => {
      let n = Number.NaN;
      if (typeof value === "number") n = value;
      else if (typeof value === "string" && /^\s*\d{1,12}\s*$/.test(value)) n = Number(value);
      if (Number.isSafeInteger(n) && n >= 0 && n <= MAX_STOCK) return n;
      ctx.addIssue({
        code: "custom",
        message: Number.isSafeInteger(n) && n > MAX_STOCK ? M.stockTooHigh : M.invalidStock,
      });
      return z.NEVER;
    }),
    /**
     * The shelf stock the admin's screen showed. Optional (the spec's contract is newStock, reason,
     * notes); the admin dialogs always send it, so a stock changed meanwhile (a checkout reserved
     * units) answers 409 instead of being overwritten from a stale screen.
     */
    expectedStock: z
      .number({ error: M.invalidExpectedStock })
      .int(M.invalidExpectedStock)
      .min(0, M.invalidExpectedStock)
      .optional(),
    reason: z
      .string()
      .trim()
      .max(200, M.reasonTooLong)
      .nullish()
      .transform((v) => v || DEFAULT_REASON),
    notes: z
      .string()
      .trim()
      .max(1000, M.notesTooLong)
      .nullish()
      .transform((v) => v ?? ""),
  },
  { error: M.invalidStock },
);
export type UpdateVariantStockBody = z.infer<typeof updateVariantStockBody>;

// ---------- responses ----------

export const stockSummarySchema = z.object({
  totalProducts: z.number(),
  totalVariants: z.number(),
  totalStock: z.number(),
  /** Products without a unit ('Sem Stock'). */
  outOfStock: z.number(),
  /** Products with a variant of 1 to 10 units ('Stock Baixo'). */
  lowStock: z.number(),
  /** Variants without a unit. */
  variantsOutOfStock: z.number(),
  /** Variants with 1 to 10 units. */
  variantsLowStock: z.number(),
  colorsAvailable: z.number(),
  sizesAvailable: z.number(),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

export const stockProductItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoria: z.string().nullable(),
  totalStock: z.number(),
  variantsCount: z.number(),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  isOutOfStock: z.boolean(),
  hasLowStock: z.boolean(),
  /** Variants without a unit: a product that still sells is 'Esgotado em parte' when this is above 0. */
  variantsOutOfStock: z.number(),
  status: z.number(),
});
export type StockProductItem = z.infer<typeof stockProductItemSchema>;

export const stockVariantSchema = z.object({
  id: z.number(),
  color_id: z.number().nullable(),
  color: z.string().nullable(),
  color_hex: z.string().nullable(),
  size: z.string().nullable(),
  stock: z.number(),
  reserved: z.number(),
});

export const stockProductDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  totalStock: z.number(),
  variantsCount: z.number(),
  lowStockCount: z.number(),
  variants: z.array(stockVariantSchema),
});
export type StockProductDetail = z.infer<typeof stockProductDetailSchema>;

export const lowStockItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoria: z.string().nullable(),
  variantsCount: z.number(),
  totalStock: z.number(),
  minStock: z.number(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/** A product as the admin's grid and report show it: GET /api/product/all's fields, its stock, category and colours. */
export const adminProductItemSchema = z.object({
  id: z.number(),
  status: z.number(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  price_cents: z.number(),
  totalStock: z.number(),
  categoria: z.string().nullable(),
  /** Its variants' colours, comma-separated (as GET /api/product/{id}'s `cor`). */
  cor: z.string(),
});
export type AdminProductItem = z.infer<typeof adminProductItemSchema>;

export const updateVariantStockResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  variant: z.object({ id: z.number(), previousStock: z.number(), stock: z.number() }),
});

export const movementSchema = z.object({
  id: z.number(),
  stockBefore: z.number(),
  stockAfter: z.number(),
  reason: z.string(),
  notes: z.string(),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  orderId: z.number().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof movementSchema>;
