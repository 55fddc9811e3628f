-- Issue 19: the admin's paged lists read one page off an index instead of sorting or scanning every product.
-- * products by name (/gestao-stock) and newest first (/produtos, /produto/relatorio), not deleted;
-- * a part of a name (the lists' `search`, ILIKE '%…%') through a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_admin_name_idx" ON "products" ("name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_admin_newest_idx" ON "products" ("created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
