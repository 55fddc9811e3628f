import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of catalog. Money is integer cents; every timestamp has a time zone. */

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const colors = pgTable("colors", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  colorHex: text("color_hex"),
});

export const sizes = pgTable("sizes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** The admin's "categoria" form (tamanho + cor) (/produto/categoria): POST /api/product/categoria. */
export const sizeColorEntries = pgTable("size_color_entries", {
  id: serial("id").primaryKey(),
  tamanho: text("tamanho").notNull(),
  cor: text("cor").notNull(),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** Comma-separated size names offered for this product, e.g. "S,M,L,XL". */
    sizes: text("sizes").notNull().default(""),
    status: smallint("status").notNull().default(1),
    modeloId: integer("modelo_id").notNull().default(5),
    /** IVA: 'normal' | 'intermedia' | 'reduzida' | 'isenta'; the percentage per region lives in the shop settings. */
    vatCategory: text("vat_category").notNull().default("normal"),
    /** For 'isenta': the legal reason code printed on the invoice (e.g. M10 for article 53). */
    vatExemptionCode: text("vat_exemption_code"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Products that were sold are never removed: deleting one hides it and keeps order history. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check("products_status_check", sql`${t.status} in (0, 1)`),
    check("products_vat_category_check", sql`${t.vatCategory} in ('normal', 'intermedia', 'reduzida', 'isenta')`),
    index("products_modelo_idx").on(t.modeloId),
    index("products_listed_idx")
      .on(t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    position: integer("position").notNull().default(0),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colorId: integer("color_id").references(() => colors.id, { onDelete: "restrict" }),
    sizeId: integer("size_id").references(() => sizes.id, { onDelete: "restrict" }),
    /** Units on the shelf that no order holds. */
    stock: integer("stock").notNull().default(0),
    /** Units held by orders waiting for payment. */
    reserved: integer("reserved").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("variants_stock_check", sql`${t.stock} >= 0`),
    check("variants_reserved_check", sql`${t.reserved} >= 0`),
    unique("variants_product_color_size_key").on(t.productId, t.colorId, t.sizeId).nullsNotDistinct(),
  ],
);

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    titulo: text("titulo").notNull(),
    slogam: text("slogam").notNull(),
    imagem: text("imagem").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("banners_one_active_key")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);
