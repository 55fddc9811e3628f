import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "#server/core/db/columns.ts";
import { products } from "#server/modules/catalog/schema.ts";

/*
 * The tables of search. search_documents and search_words are written ONLY by the triggers of the migration
 * "search_engine" (on products, variants, categories, colors, sizes, product_images), in the same transaction as
 * each catalogue write; catalog never imports search. Names are compared by their key: lower case, no accents.
 */

const tsvector = pg.customType<{ data: string }>({ dataType: () => "tsvector" });

/** One row per product in the shop (status 1, not deleted); a hidden or deleted product has none. */
export const searchDocuments = pg.pgTable(
  "search_documents",
  {
    productId: pg
      .integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    name: pg.text("name").notNull(),
    /** The name's key (lower case, no accents), for the trigram similarity of the ranking. */
    nameKey: pg.text("name_key").notNull(),
    /** loja_pt: name A, category and colours B, sizes C, description D. */
    document: tsvector("document").notNull(),
    priceCents: pg.integer("price_cents").notNull(),
    categoryName: pg.text("category_name"),
    categoryKey: pg.text("category_key"),
    colorNames: pg.text("color_names").array().notNull(),
    colorKeys: pg.text("color_keys").array().notNull(),
    sizeNames: pg.text("size_names").array().notNull(),
    sizeKeys: pg.text("size_keys").array().notNull(),
    inStock: pg.boolean("in_stock").notNull(),
    /** The first picture's file name. */
    image: pg.text("image"),
    createdAt: pg.timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    pg.index("search_documents_document_idx").using("gin", t.document),
    pg.index("search_documents_color_keys_idx").using("gin", t.colorKeys),
    pg.index("search_documents_size_keys_idx").using("gin", t.sizeKeys),
    pg.index("search_documents_category_idx").on(t.categoryKey, t.priceCents),
    pg.index("search_documents_price_idx").on(t.priceCents, t.productId),
    pg.index("search_documents_newest_idx").on(t.createdAt.desc(), t.productId.desc()),
  ],
);

/** The catalogue's words (names, categories, colours, sizes), keys only: what a misspelled word is corrected to. */
export const searchWords = pg.pgTable(
  "search_words",
  {
    word: pg.text("word").primaryKey(),
    /** portuguese_stem of the word (a plural finds its singular's entry). */
    lexeme: pg.text("lexeme").notNull(),
  },
  (t) => [
    pg.index("search_words_lexeme_idx").on(t.lexeme),
    pg.index("search_words_prefix_idx").on(sql`${t.word} text_pattern_ops`),
  ],
);

/** The admin's synonym groups (/definicoes): every word of a group finds what the others find. */
export const searchSynonyms = pg.pgTable(
  "search_synonyms",
  {
    id: pg.serial("id").primaryKey(),
    groupNo: pg.integer("group_no").notNull(),
    /** As the admin wrote it. */
    word: pg.text("word").notNull(),
    /** Key: lower case, no accents, one space between words. */
    wordKey: pg.text("word_key").notNull(),
    updatedBy: pg.integer("updated_by"),
    createdAt: createdAt(),
  },
  (t) => [pg.index("search_synonyms_key_idx").on(t.wordKey), pg.index("search_synonyms_group_idx").on(t.groupNo)],
);

/** Searches that found nothing: the normalised text only (no user, no address), for 90 days. */
export const searchZeroResults = pg.pgTable(
  "search_zero_results",
  {
    text: pg.text("text").primaryKey(),
    count: pg.integer("count").notNull().default(1),
    firstSeen: pg.timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
    lastSeen: pg.timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index("search_zero_results_last_seen_idx").on(t.lastSeen)],
);

/**
 * One row per catalogue write that changed what search finds (written by search_refresh()) and per synonym save:
 * an instance's cached answers are valid while count and last id stay the same (checked on every search, so a
 * change committed on another instance is seen by the next request). Rows older than a day are pruned.
 */
export const searchChanges = pg.pgTable("search_changes", {
  id: pg.bigserial("id", { mode: "number" }).primaryKey(),
  at: pg.timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  /** The products whose documents the change rewrote (read by each instance's facet index); null for a synonyms save. */
  productIds: pg.integer("product_ids").array(),
});
