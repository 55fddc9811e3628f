CREATE TABLE "product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"listed" boolean NOT NULL,
	"variants" integer DEFAULT 0 NOT NULL,
	"stock" bigint DEFAULT 0 NOT NULL,
	"min_stock" integer,
	"variants_out" integer DEFAULT 0 NOT NULL,
	"variants_low" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_summary_shards" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"products" bigint DEFAULT 0 NOT NULL,
	"variants" bigint DEFAULT 0 NOT NULL,
	"stock" bigint DEFAULT 0 NOT NULL,
	"out_of_stock" bigint DEFAULT 0 NOT NULL,
	"low_stock" bigint DEFAULT 0 NOT NULL,
	"variants_out" bigint DEFAULT 0 NOT NULL,
	"variants_low" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_counts" (
	"key" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_key_shard_pk" PRIMARY KEY("key","shard")
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_min_idx" ON "product_stock" USING btree ("min_stock") WHERE "product_stock"."listed";