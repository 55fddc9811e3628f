CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"minimum_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"combines_with_automatic" boolean DEFAULT false NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percentagem', 'valor', 'portes_gratis')),
	CONSTRAINT "promotions_value_check" CHECK (("promotions"."kind" = 'percentagem' and "promotions"."percent" between 1 and 100 and "promotions"."amount_cents" is null)
        or ("promotions"."kind" = 'valor' and "promotions"."amount_cents" > 0 and "promotions"."percent" is null)
        or ("promotions"."kind" = 'portes_gratis' and "promotions"."percent" is null and "promotions"."amount_cents" is null)),
	CONSTRAINT "promotions_free_delivery_by_code_check" CHECK ("promotions"."kind" <> 'portes_gratis' or "promotions"."code" is not null),
	CONSTRAINT "promotions_minimum_check" CHECK ("promotions"."minimum_cents" is null or "promotions"."minimum_cents" >= 0),
	CONSTRAINT "promotions_period_check" CHECK ("promotions"."starts_at" is null or "promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_max_uses_check" CHECK ("promotions"."max_uses" is null or "promotions"."max_uses" > 0),
	CONSTRAINT "promotions_max_uses_per_customer_check" CHECK ("promotions"."max_uses_per_customer" is null or "promotions"."max_uses_per_customer" > 0),
	CONSTRAINT "promotions_uses_check" CHECK ("promotions"."uses" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_upper_idx" ON "promotions" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "promotions_automatic_idx" ON "promotions" USING btree ("id") WHERE "promotions"."code" is null and "promotions"."active";--> statement-breakpoint
-- A saved or deleted promotion changes the prices visitors see: notify loja_catalog like product writes (0002), so
-- every instance drops its cached catalogue and pages. Not on `uses` (and updated_at) alone: counting a code's use at
-- checkout must not empty the caches.
CREATE TRIGGER promotions_catalog_notify AFTER INSERT OR DELETE OR TRUNCATE ON promotions FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER promotions_catalog_notify_update AFTER UPDATE OF name, code, kind, percent, amount_cents, minimum_cents, starts_at, ends_at, max_uses, max_uses_per_customer, combines_with_automatic, category_ids, product_ids, active ON promotions FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
