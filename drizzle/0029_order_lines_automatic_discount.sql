ALTER TABLE "order_lines" ADD COLUMN "automatic_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_automatic_discount_check" CHECK ("order_lines"."automatic_discount_cents" >= 0 and "order_lines"."automatic_discount_cents" <= "order_lines"."discount_cents");--> statement-breakpoint
-- Lines written before this column: without a code on the order, the whole line discount was the automatic one.
UPDATE "order_lines" l SET "automatic_discount_cents" = l."discount_cents"
  FROM "orders" o
 WHERE o."id" = l."order_id" AND l."automatic_promotion_id" IS NOT NULL AND o."promotion_id" IS NULL;
