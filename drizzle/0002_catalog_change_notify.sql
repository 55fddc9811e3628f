-- Every change to what the public catalogue shows (products, pictures, variants and their stock, categories,
-- colours, sizes, banners) notifies channel loja_catalog once per statement, on commit. Each app instance
-- LISTENs and drops its in-memory catalogue cache, so several instances on one database never serve stale
-- lists for longer than the notification takes (server/catalog/cache.ts).
CREATE OR REPLACE FUNCTION loja_notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('loja_catalog', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER variants_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variants FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER colors_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON colors FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER sizes_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sizes FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER banners_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
