ALTER TABLE "products" ADD COLUMN "manufacturer_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_contact" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_outside_eu" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "eu_responsible_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "eu_responsible_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "type_model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ean" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_warnings" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ean_check" CHECK ("products"."ean" ~ '^([0-9]{8}|[0-9]{12,14})$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_eu_responsible_check" CHECK (not "products"."manufacturer_outside_eu" or ("products"."eu_responsible_name" is not null and "products"."eu_responsible_address" is not null));