import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/core/db/client.ts";
import { preparedPerDatabase } from "#server/core/db/prepared.ts";
import { colors, products, sizes, variants } from "#server/modules/catalog/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "#server/core/errors.ts";
import type { VatCategory } from "#server/modules/settings/schemas.ts";
import {
  ORDER_MESSAGES as M,
  type CartCheck,
  type CartCheckBody,
  type CartCheckLine,
  type CreateOrderBody,
} from "./schemas.ts";
import { eurosInText } from "#server/core/money.ts";

/*
 * A cart as the database sees it: each item's product and variant with the current price and free
 * units, read in one prepared query. Used by the cart page's check (POST /api/cart/check) and by
 * checkout, which prices the order from the database only.
 */

type CartItemInput = CartCheckBody["items"][number];

export interface ResolvedLine {
  productId: number;
  /** For the promotions that name categories. */
  categoryId: number | null;
  productName: string;
  unitPriceCents: number;
  variantId: number;
  colorName: string | null;
  sizeName: string | null;
  quantity: number;
  /** The product's IVA category and exemption code; checkout turns them into the region's rate (line-vat.ts). */
  vatCategory: VatCategory;
  vatExemptionCode: string | null;
}

const variantMessage = (name: string) => `Escolha a cor e o tamanho de "${name}".`;

export const euros = (cents: number) => Math.round(cents) / 100;

interface ProductFacts {
  id: number;
  categoryId: number | null;
  name: string;
  priceCents: number;
  status: number;
  deletedAt: Date | null;
  vatCategory: VatCategory;
  vatExemptionCode: string | null;
}

interface VariantFacts {
  id: number;
  productId: number;
  stock: number;
  colorName: string | null;
  sizeName: string | null;
}

interface CatalogRows {
  productRows: ProductFacts[];
  variantRows: VariantFacts[];
}

/**
 * What the database says about one cart item: its product, its variant (by id, by colour +
 * size, or the only one), or why it cannot be bought. Shared by checkout and the cart check.
 */
function classifyItem(rows: CatalogRows, item: CartItemInput) {
  const product = rows.productRows.find((p) => p.id === item.product_id);
  if (!product) return { problem: "unknown" as const };
  if (product.status !== 1 || product.deletedAt) return { problem: "unavailable" as const, product };
  const own = rows.variantRows.filter((v) => v.productId === product.id);
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
  const variant = item.variant_id
    ? own.find((v) => v.id === item.variant_id)
    : item.cor || item.tamanho
      ? own.find((v) => (!item.cor || same(v.colorName, item.cor)) && (!item.tamanho || same(v.sizeName, item.tamanho)))
      : own.length === 1
        ? own[0]
        : undefined;
  if (!variant) return { problem: "variant" as const, product };
  return { problem: null, product, variant };
}

/** How one cart line stands now (the cart page shows it before checkout). */
function checkLine(rows: CatalogRows, item: CartCheckBody["items"][number]): CartCheckLine {
  const found = classifyItem(rows, item);
  const base = { product_id: item.product_id, quantity: item.quantity };
  // A hidden or deleted product answers exactly like an unknown id: a visitor learns neither its name nor its price.
  if (found.problem === "unknown" || found.problem === "unavailable") {
    return {
      ...base,
      variant_id: null,
      name: null,
      price: null,
      available: 0,
      status: "unavailable",
      message: M.unavailable,
    };
  }
  const price = euros(found.product.priceCents);
  if (found.problem !== null) {
    return {
      ...base,
      variant_id: null,
      name: found.product.name,
      price,
      available: 0,
      status: found.problem,
      message: variantMessage(found.product.name),
    };
  }
  const available = found.variant.stock;
  const common = { ...base, variant_id: found.variant.id, name: found.product.name, price, available };
  if (available < item.quantity) {
    const message =
      available === 0
        ? "Esgotado: retire este artigo do carrinho."
        : `Só ${available === 1 ? "resta 1 unidade" : `restam ${available} unidades`} disponíveis.`;
    return { ...common, status: "insufficient_stock", message };
  }
  if (item.price !== undefined && Math.round(item.price * 100) !== found.product.priceCents) {
    return {
      ...common,
      status: "price_changed",
      message: `O preço mudou para ${eurosInText(found.product.priceCents)}.`,
    };
  }
  return { ...common, status: "ok", message: null };
}

/** The products a cart names, left-joined to their variants (in id order); prepared once per pooled connection. */
const catalogQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: products.id,
      categoryId: products.categoryId,
      name: products.name,
      priceCents: products.priceCents,
      status: products.status,
      deletedAt: products.deletedAt,
      vatCategory: products.vatCategory,
      vatExemptionCode: products.vatExemptionCode,
      variantId: variants.id,
      stock: variants.stock,
      colorName: colors.name,
      sizeName: sizes.name,
    })
    .from(products)
    .leftJoin(variants, eq(variants.productId, products.id))
    .leftJoin(colors, eq(colors.id, variants.colorId))
    .leftJoin(sizes, eq(sizes.id, variants.sizeId))
    .where(sql`${products.id} = any(${sql.placeholder("productIds")}::int[])`)
    .orderBy(asc(variants.id))
    .prepare("orders_catalog"),
);

/** The products and variants a cart names, with prices and free stock from the database only, in one query. */
async function loadCatalogRows(db: Database, items: readonly CartItemInput[]): Promise<CatalogRows> {
  const rows = await catalogQuery(db).execute({ productIds: [...new Set(items.map((i) => i.product_id))] });
  const productRows = new Map<number, ProductFacts>();
  const variantRows: VariantFacts[] = [];
  for (const r of rows) {
    if (!productRows.has(r.id)) {
      const { id, categoryId, name, priceCents, status, deletedAt, vatExemptionCode } = r;
      // The column's check constraint allows only the four categories.
      const vatCategory = r.vatCategory as VatCategory;
      productRows.set(r.id, { id, categoryId, name, priceCents, status, deletedAt, vatCategory, vatExemptionCode });
    }
    if (r.variantId !== null && r.stock !== null) {
      variantRows.push({
        id: r.variantId,
        productId: r.id,
        stock: r.stock,
        colorName: r.colorName,
        sizeName: r.sizeName,
      });
    }
  }
  return { productRows: [...productRows.values()], variantRows };
}

/**
 * POST /api/cart/check: the cart as the database sees it now, line by line (current price,
 * free units, or why it cannot be bought), so the cart page shows changes before checkout
 * instead of charging them silently. Reads only; reserves nothing.
 */
export async function checkCart(db: Database, body: CartCheckBody): Promise<CartCheck> {
  return (await checkCartWithCategories(db, body)).check;
}

/** checkCart() with each product's category (the quote's promotions name categories). */
export async function checkCartWithCategories(
  db: Database,
  body: CartCheckBody,
): Promise<{ check: CartCheck; categoryOf: (productId: number) => number | null }> {
  const rows = await loadCatalogRows(db, body.items);
  const lines = body.items.map((item) => checkLine(rows, item));
  const categoryOf = (productId: number) => rows.productRows.find((p) => p.id === productId)?.categoryId ?? null;
  return { check: { ok: lines.every((l) => l.status === "ok"), lines }, categoryOf };
}

/** Finds each item's product and variant, with prices from the database only; refuses what cannot be bought. */
export async function resolveLines(db: Database, items: CreateOrderBody["items"]): Promise<ResolvedLine[]> {
  const rows = await loadCatalogRows(db, items);
  return items.map((item) => {
    const found = classifyItem(rows, item);
    if (found.problem === "unknown") throw new NotFoundError(`${M.productUnknown} (#${item.product_id}).`);
    if (found.problem === "unavailable") {
      throw new ConflictError(M.unavailable, { product_id: found.product.id, reason: "unavailable" });
    }
    if (found.problem === "variant") {
      throw new BadRequestError(variantMessage(found.product.name), {
        product_id: found.product.id,
        reason: "variant",
      });
    }
    const { product, variant } = found;
    return {
      productId: product.id,
      categoryId: product.categoryId,
      productName: product.name,
      unitPriceCents: product.priceCents,
      variantId: variant.id,
      colorName: variant.colorName,
      sizeName: variant.sizeName,
      quantity: item.quantity,
      vatCategory: product.vatCategory,
      vatExemptionCode: product.vatExemptionCode,
    };
  });
}
