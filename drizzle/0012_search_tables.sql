CREATE TABLE "search_documents" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"price_cents" integer NOT NULL,
	"category_name" text,
	"category_key" text,
	"color_names" text[] NOT NULL,
	"color_keys" text[] NOT NULL,
	"size_names" text[] NOT NULL,
	"size_keys" text[] NOT NULL,
	"in_stock" boolean NOT NULL,
	"image" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_no" integer NOT NULL,
	"word" text NOT NULL,
	"word_key" text NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_zero_results" (
	"text" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_color_keys_idx" ON "search_documents" USING gin ("color_keys");--> statement-breakpoint
CREATE INDEX "search_documents_size_keys_idx" ON "search_documents" USING gin ("size_keys");--> statement-breakpoint
CREATE INDEX "search_documents_category_idx" ON "search_documents" USING btree ("category_key","price_cents");--> statement-breakpoint
CREATE INDEX "search_documents_price_idx" ON "search_documents" USING btree ("price_cents","product_id");--> statement-breakpoint
CREATE INDEX "search_documents_newest_idx" ON "search_documents" USING btree ("created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_synonyms_key_idx" ON "search_synonyms" USING btree ("word_key");--> statement-breakpoint
CREATE INDEX "search_synonyms_group_idx" ON "search_synonyms" USING btree ("group_no");--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("lexeme");--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_zero_results_last_seen_idx" ON "search_zero_results" USING btree ("last_seen");