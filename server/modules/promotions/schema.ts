import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";

/*
 * The tables of promotions (issue 20; names fixed in /work/notes/promotions-contract.md). A promotion with a
 * code is a discount code; one without (code null) is an automatic reduction. Money is integer cents.
 */
export const promotions = pg.pgTable(
  "promotions",
  {
    id: pg.serial("id").primaryKey(),
    name: pg.text("name").notNull(),
    /** Stored as typed (trimmed); matched case-insensitively (unique on upper(code)). Null = automatic. */
    code: pg.text("code"),
    /** 'percentagem' | 'valor' | 'portes_gratis'. */
    kind: pg.text("kind").notNull(),
    /** 1–100, only for 'percentagem'. */
    percent: pg.integer("percent"),
    /** > 0, only for 'valor'. */
    amountCents: pg.integer("amount_cents"),
    /** Minimum subtotal of the eligible lines (after automatic reductions, before the code's discount). */
    minimumCents: pg.integer("minimum_cents"),
    startsAt: pg.timestamp("starts_at", { withTimezone: true }),
    endsAt: pg.timestamp("ends_at", { withTimezone: true }),
    maxUses: pg.integer("max_uses"),
    maxUsesPerCustomer: pg.integer("max_uses_per_customer"),
    /** Orders that hold a use (counted in the checkout transaction, given back when an unpaid order ends). */
    uses: pg.integer("uses").notNull().default(0),
    /** A code: may it apply on top of an automatic reduction on the same line? */
    combinesWithAutomatic: pg.boolean("combines_with_automatic").notNull().default(false),
    /** Restriction to categories and/or products; both empty = every product. */
    categoryIds: pg
      .integer("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    productIds: pg
      .integer("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    active: pg.boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex("promotions_code_upper_idx").on(sql`upper(${t.code})`),
    pg.check("promotions_kind_check", sql`${t.kind} in ('percentagem', 'valor', 'portes_gratis')`),
    pg.check(
      "promotions_value_check",
      sql`(${t.kind} = 'percentagem' and ${t.percent} between 1 and 100 and ${t.amountCents} is null)
        or (${t.kind} = 'valor' and ${t.amountCents} > 0 and ${t.percent} is null)
        or (${t.kind} = 'portes_gratis' and ${t.percent} is null and ${t.amountCents} is null)`,
    ),
    pg.check("promotions_free_delivery_by_code_check", sql`${t.kind} <> 'portes_gratis' or ${t.code} is not null`),
    pg.check("promotions_minimum_check", sql`${t.minimumCents} is null or ${t.minimumCents} >= 0`),
    pg.check(
      "promotions_period_check",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    pg.check("promotions_max_uses_check", sql`${t.maxUses} is null or ${t.maxUses} > 0`),
    pg.check(
      "promotions_max_uses_per_customer_check",
      sql`${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0`,
    ),
    pg.check("promotions_uses_check", sql`${t.uses} >= 0`),
    // The automatic ones in force are read on every priced page.
    pg
      .index("promotions_automatic_idx")
      .on(t.id)
      .where(sql`${t.code} is null and ${t.active}`),
  ],
);
