ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_variant_id_variants_id_fk";
--> statement-breakpoint
DROP INDEX "email_outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "variant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at","id") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "products_listed_idx" ON "products" USING btree ("status","id") WHERE "products"."deleted_at" is null;