import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { users } from "#server/modules/accounts/schema.ts";

/* The tables of settings. Money is integer cents; every timestamp has a time zone. */

/**
 * The shop's identity and commercial settings (/definicoes), one row (id 1), validated by the settings domain's
 * zod schema. Read on every use through a small cache that every instance drops on NOTIFY, so a change applies
 * without a restart.
 */
export const shopSettings = pg.pgTable(
  "shop_settings",
  {
    id: pg.smallint("id").primaryKey().default(1),
    data: pg.jsonb("data").notNull().default({}),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: pg.integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [pg.check("shop_settings_single_row_check", sql`${t.id} = 1`)],
);
