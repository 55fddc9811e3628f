-- The stock counters of 0011, set-based: a statement that touches many products (the large seed, a bulk change)
-- recomputes them in one UPDATE at commit and changes the summary once per statement, instead of once per product
-- (100 000 updates of one summary row in one transaction made the 100 000-product seed quadratic).

CREATE OR REPLACE FUNCTION loja_product_stock_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := nullif(current_setting('loja.stock_touched', true), '');
  ids integer[];
BEGIN
  IF touched IS NULL THEN
    RETURN NULL; -- done by an earlier row's call at this commit
  END IF;
  PERFORM set_config('loja.stock_touched', '', true);
  SELECT array_agg(DISTINCT x::integer ORDER BY x::integer) INTO ids FROM unnest(string_to_array(touched, ',')) AS x;
  -- The locks first, in id order; the read in the next statement (a fresh snapshot under READ COMMITTED).
  PERFORM 1 FROM product_stock WHERE product_id = ANY (ids) ORDER BY product_id FOR UPDATE;
  UPDATE product_stock ps
     SET variants = a.variants, stock = a.stock, min_stock = a.min_stock,
         variants_out = a.variants_out, variants_low = a.variants_low
    FROM (SELECT t.id AS product_id, count(v.id)::int AS variants, coalesce(sum(v.stock), 0)::bigint AS stock,
                 min(v.stock) AS min_stock,
                 (count(v.id) FILTER (WHERE v.stock = 0))::int AS variants_out,
                 (count(v.id) FILTER (WHERE v.stock BETWEEN 1 AND 10))::int AS variants_low
            FROM unnest(ids) AS t(id) LEFT JOIN variants v ON v.product_id = t.id
           GROUP BY t.id) a
   WHERE ps.product_id = a.product_id
     AND (ps.variants, ps.stock, ps.min_stock, ps.variants_out, ps.variants_low)
         IS DISTINCT FROM (a.variants, a.stock, a.min_stock, a.variants_out, a.variants_low);
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- The summary changes once per statement on product_stock, by what its listed rows add now minus what they added.
DROP TRIGGER product_stock_summary ON product_stock;
--> statement-breakpoint
DROP FUNCTION loja_product_stock_changed();
--> statement-breakpoint
CREATE FUNCTION loja_product_stock_summary_ins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  SELECT count(*) AS products, coalesce(sum(variants), 0) AS variants, coalesce(sum(stock), 0) AS stock,
         count(*) FILTER (WHERE stock = 0) AS out_of_stock, count(*) FILTER (WHERE variants_low > 0) AS low_stock,
         coalesce(sum(variants_out), 0) AS variants_out, coalesce(sum(variants_low), 0) AS variants_low
    INTO d FROM new_rows WHERE listed;
  PERFORM loja_stock_summary_add((d.products)::bigint, (d.variants)::bigint, (d.stock)::bigint, (d.out_of_stock)::bigint, (d.low_stock)::bigint, (d.variants_out)::bigint, (d.variants_low)::bigint);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_product_stock_summary_del() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  SELECT count(*) AS products, coalesce(sum(variants), 0) AS variants, coalesce(sum(stock), 0) AS stock,
         count(*) FILTER (WHERE stock = 0) AS out_of_stock, count(*) FILTER (WHERE variants_low > 0) AS low_stock,
         coalesce(sum(variants_out), 0) AS variants_out, coalesce(sum(variants_low), 0) AS variants_low
    INTO d FROM old_rows WHERE listed;
  PERFORM loja_stock_summary_add((-d.products)::bigint, (-d.variants)::bigint, (-d.stock)::bigint, (-d.out_of_stock)::bigint, (-d.low_stock)::bigint, (-d.variants_out)::bigint, (-d.variants_low)::bigint);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_product_stock_summary_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  SELECT coalesce(sum(s), 0) AS products, coalesce(sum(s * variants), 0) AS variants,
         coalesce(sum(s * stock), 0) AS stock, coalesce(sum(s * (stock = 0)::int), 0) AS out_of_stock,
         coalesce(sum(s * (variants_low > 0)::int), 0) AS low_stock,
         coalesce(sum(s * variants_out), 0) AS variants_out, coalesce(sum(s * variants_low), 0) AS variants_low
    INTO d
    FROM (SELECT 1 AS s, listed, variants, stock, variants_out, variants_low FROM new_rows
          UNION ALL
          SELECT -1, listed, variants, stock, variants_out, variants_low FROM old_rows) x
   WHERE listed;
  PERFORM loja_stock_summary_add((d.products)::bigint, (d.variants)::bigint, (d.stock)::bigint, (d.out_of_stock)::bigint, (d.low_stock)::bigint, (d.variants_out)::bigint, (d.variants_low)::bigint);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_summary_ins AFTER INSERT ON product_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_product_stock_summary_ins();
--> statement-breakpoint
CREATE TRIGGER product_stock_summary_del AFTER DELETE ON product_stock REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_product_stock_summary_del();
--> statement-breakpoint
CREATE TRIGGER product_stock_summary_upd AFTER UPDATE ON product_stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_product_stock_summary_upd();
--> statement-breakpoint

-- Products deleted (hidden) or taken back: one statement on product_stock per statement on products.
DROP TRIGGER products_product_stock_listed ON products;
--> statement-breakpoint
DROP FUNCTION loja_products_listed();
--> statement-breakpoint
CREATE FUNCTION loja_products_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock ps SET listed = (n.deleted_at IS NULL)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE ps.product_id = n.id AND (o.deleted_at IS NULL) <> (n.deleted_at IS NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_product_stock_listed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_products_listed();
--> statement-breakpoint
DROP FUNCTION loja_product_stock_refresh(integer);
