import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/* The tables of catalog. Money is integer cents; every timestamp has a time zone. */

export const categories = pg.pgTable("categories", {
  id: pg.serial("id").primaryKey(),
  name: pg.text("name").notNull().unique(),
});

export const colors = pg.pgTable("colors", {
  id: pg.serial("id").primaryKey(),
  name: pg.text("name").notNull().unique(),
  colorHex: pg.text("color_hex"),
});

export const sizes = pg.pgTable("sizes", {
  id: pg.serial("id").primaryKey(),
  name: pg.text("name").notNull().unique(),
  sortOrder: pg.integer("sort_order").notNull().default(0),
});

/** The admin's "categoria" form (tamanho + cor) (/produto/categoria): POST /api/product/categoria. */
export const sizeColorEntries = pg.pgTable("size_color_entries", {
  id: pg.serial("id").primaryKey(),
  tamanho: pg.text("tamanho").notNull(),
  cor: pg.text("cor").notNull(),
  createdAt: createdAt(),
});

export const products = pg.pgTable(
  "products",
  {
    id: pg.serial("id").primaryKey(),
    name: pg.text("name").notNull(),
    description: pg.text("description").notNull().default(""),
    priceCents: pg.integer("price_cents").notNull(),
    categoryId: pg.integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** Comma-separated size names offered for this product, e.g. "S,M,L,XL". */
    sizes: pg.text("sizes").notNull().default(""),
    status: pg.smallint("status").notNull().default(1),
    modeloId: pg.integer("modelo_id").notNull().default(5),
    /** IVA: 'normal' | 'intermedia' | 'reduzida' | 'isenta'; the percentage per region lives in the shop settings. */
    vatCategory: pg.text("vat_category").notNull().default("normal"),
    /** For 'isenta': the legal reason code printed on the invoice (e.g. M10 for article 53). */
    vatExemptionCode: pg.text("vat_exemption_code"),
    createdAt: createdAt(),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Products that were sold are never removed: deleting one hides it and keeps order history. */
    deletedAt: pg.timestamp("deleted_at", { withTimezone: true }),
    // Safety information (GPSR, Regulation (EU) 2023/988; catalog/safety/). A null manufacturer field means the
    // shop's own identity (/definicoes), read when the page is shown, so a change of identity applies everywhere.
    manufacturerName: pg.text("manufacturer_name"),
    manufacturerAddress: pg.text("manufacturer_address"),
    /** An e-mail or a web address. */
    manufacturerContact: pg.text("manufacturer_contact"),
    manufacturerOutsideEu: pg.boolean("manufacturer_outside_eu").notNull().default(false),
    euResponsibleName: pg.text("eu_responsible_name"),
    euResponsibleAddress: pg.text("eu_responsible_address"),
    typeModel: pg.text("type_model"),
    batch: pg.text("batch"),
    /** EAN-8/13, UPC-12 or GTIN-14, digits only, check digit verified by the API. */
    ean: pg.text("ean"),
    safetyWarnings: pg.text("safety_warnings"),
  },
  (t) => [
    pg.check("products_price_check", sql`${t.priceCents} >= 0`),
    pg.check("products_ean_check", sql`${t.ean} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    // A manufacturer outside the EU needs an EU responsible person (Regulation (EU) 2019/1020, art. 4).
    pg.check(
      "products_eu_responsible_check",
      sql`not ${t.manufacturerOutsideEu} or (${t.euResponsibleName} is not null and ${t.euResponsibleAddress} is not null)`,
    ),
    pg.check("products_status_check", sql`${t.status} in (0, 1)`),
    pg.check("products_vat_category_check", sql`${t.vatCategory} in ('normal', 'intermedia', 'reduzida', 'isenta')`),
    pg.index("products_modelo_idx").on(t.modeloId),
    pg
      .index("products_listed_idx")
      .on(t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Every list price a product has had (issue 20 item 3, docs/decisions/0024-price-history-and-30-day-rule.md): a row
 * per price from `valid_from` until the next row's. Written only by triggers on products (migration
 * 0023_product_price_history), in the transaction that sets the price, so no write path can skip it.
 */
export const productPriceHistory = pg.pgTable(
  "product_price_history",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    productId: pg
      .integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: pg.integer("price_cents").notNull(),
    validFrom: pg.timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index("product_price_history_product_idx").on(t.productId, t.validFrom, t.id)],
);

export const productImages = pg.pgTable(
  "product_images",
  {
    id: pg.serial("id").primaryKey(),
    productId: pg
      .integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileName: pg.text("file_name").notNull(),
    position: pg.integer("position").notNull().default(0),
    width: pg.integer("width"),
    height: pg.integer("height"),
  },
  (t) => [pg.index("product_images_product_idx").on(t.productId, t.position)],
);

export const variants = pg.pgTable(
  "variants",
  {
    id: pg.serial("id").primaryKey(),
    productId: pg
      .integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colorId: pg.integer("color_id").references(() => colors.id, { onDelete: "restrict" }),
    sizeId: pg.integer("size_id").references(() => sizes.id, { onDelete: "restrict" }),
    /** Units on the shelf that no order holds. */
    stock: pg.integer("stock").notNull().default(0),
    /** Units held by orders waiting for payment. */
    reserved: pg.integer("reserved").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check("variants_stock_check", sql`${t.stock} >= 0`),
    pg.check("variants_reserved_check", sql`${t.reserved} >= 0`),
    pg.unique("variants_product_color_size_key").on(t.productId, t.colorId, t.sizeId).nullsNotDistinct(),
  ],
);

export const banners = pg.pgTable(
  "banners",
  {
    id: pg.serial("id").primaryKey(),
    titulo: pg.text("titulo").notNull(),
    slogam: pg.text("slogam").notNull(),
    imagem: pg.text("imagem").notNull(),
    isActive: pg.boolean("is_active").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    pg
      .uniqueIndex("banners_one_active_key")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);
