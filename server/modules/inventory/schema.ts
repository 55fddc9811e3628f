import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { products, variants } from "#server/modules/catalog/schema.ts";
import { orders } from "#server/modules/orders/schema.ts";

/* The tables of inventory. Money is integer cents; every timestamp has a time zone. */

export const stockMovements = pg.pgTable(
  "stock_movements",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    /** Kept (null) when the variant is deleted, so the stock history stays auditable. */
    variantId: pg.integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    stockBefore: pg.integer("stock_before").notNull(),
    stockAfter: pg.integer("stock_after").notNull(),
    reason: pg.text("reason").notNull(),
    notes: pg.text("notes").notNull().default(""),
    actorUserId: pg.integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: pg.integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [pg.index("stock_movements_variant_idx").on(t.variantId, t.createdAt)],
);

/**
 * Each product's stock figures over its variants, kept by triggers in the transaction of every change to
 * variants or products (drizzle/0011_admin_counters.sql): the admin's stock summary and low-stock list read
 * these instead of aggregating every variant. `listed` is "not deleted"; min_stock is null without variants.
 */
export const productStock = pg.pgTable(
  "product_stock",
  {
    productId: pg
      .integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    listed: pg.boolean("listed").notNull(),
    variants: pg.integer("variants").notNull().default(0),
    stock: pg.bigint("stock", { mode: "number" }).notNull().default(0),
    minStock: pg.integer("min_stock"),
    variantsOut: pg.integer("variants_out").notNull().default(0),
    variantsLow: pg.integer("variants_low").notNull().default(0),
  },
  (t) => [
    pg
      .index("product_stock_min_idx")
      .on(t.minStock)
      .where(sql`${t.listed}`),
  ],
);

/**
 * GET /api/stock/summary's figures as sums of shards (a product's figures go to shard product_id % 16, so
 * concurrent checkouts of different products rarely wait on one row), kept from product_stock by a trigger.
 */
export const stockSummaryShards = pg.pgTable("stock_summary_shards", {
  shard: pg.smallint("shard").primaryKey(),
  products: pg.bigint("products", { mode: "number" }).notNull().default(0),
  variants: pg.bigint("variants", { mode: "number" }).notNull().default(0),
  stock: pg.bigint("stock", { mode: "number" }).notNull().default(0),
  outOfStock: pg.bigint("out_of_stock", { mode: "number" }).notNull().default(0),
  lowStock: pg.bigint("low_stock", { mode: "number" }).notNull().default(0),
  variantsOut: pg.bigint("variants_out", { mode: "number" }).notNull().default(0),
  variantsLow: pg.bigint("variants_low", { mode: "number" }).notNull().default(0),
});
