CREATE TABLE "product_price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_history_product_idx" ON "product_price_history" USING btree ("product_id","valid_from","id");--> statement-breakpoint
-- Every list price is kept (Directive 98/6/EC art. 6-A: the lowest price of the 30 days before a reduction is shown
-- with it). Triggers, not application code, so every write path (admin forms, API, seeds, SQL) records the price in
-- the transaction that sets it. Statement-level with transition tables: a bulk insert or update costs one INSERT.
CREATE FUNCTION loja_record_product_prices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_price_history (product_id, price_cents, valid_from)
    SELECT n.id, n.price_cents, now() FROM new_rows n ORDER BY n.id;
  ELSE
    INSERT INTO product_price_history (product_id, price_cents, valid_from)
    SELECT n.id, n.price_cents, now() FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.price_cents IS DISTINCT FROM n.price_cents ORDER BY n.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_price_history_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loja_record_product_prices();
--> statement-breakpoint
CREATE TRIGGER products_price_history_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loja_record_product_prices();
--> statement-breakpoint
-- The products of before: their price of now, known since they were created (the earliest date there is).
INSERT INTO product_price_history (product_id, price_cents, valid_from)
SELECT id, price_cents, created_at FROM products ORDER BY id;
