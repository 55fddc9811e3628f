import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { users } from "#server/modules/accounts/schema.ts";
import { variants } from "#server/modules/catalog/schema.ts";
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
