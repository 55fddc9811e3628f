-- Issue 19: the admin's reads at 10 000 products / 100 000 orders answer from exact figures kept in the transaction of
-- each change, instead of aggregating every variant, order line or order on each request.
--
-- * product_stock: each product's figures over its variants, recomputed at commit for the products the transaction
--   touched (a product has a few variants), in product id order, under each product's row lock, so two transactions
--   changing variants of one product take turns and the second reads the first's committed change.
-- * stock_summary_shards: GET /api/stock/summary as sums of rows, changed by the difference between a product_stock
--   row's old and new figures. order_counts: the /orders report's totals and orders per Lisbon day, by key.
--   A change adds to a row of its key that no other transaction holds (FOR UPDATE SKIP LOCKED), or to a new row:
--   concurrent checkouts never wait on one another for a counter, and never deadlock over two of them.
-- The checks against a recount: server/modules/inventory/counters.test.ts, server/flows/order-reports/counters.test.ts.

CREATE INDEX "variants_color_in_stock_idx" ON "variants" ("color_id") WHERE "stock" > 0;
--> statement-breakpoint
CREATE INDEX "variants_size_in_stock_idx" ON "variants" ("size_id") WHERE "stock" > 0;
--> statement-breakpoint

-- ---------- stock ----------

CREATE FUNCTION loja_product_stock_refresh(p_product integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The lock first, the read in the next statement (a fresh snapshot under READ COMMITTED).
  PERFORM 1 FROM product_stock WHERE product_id = p_product FOR UPDATE;
  IF NOT FOUND THEN
    RETURN; -- the product is being deleted
  END IF;
  UPDATE product_stock ps
     SET variants = a.variants, stock = a.stock, min_stock = a.min_stock,
         variants_out = a.variants_out, variants_low = a.variants_low
    FROM (SELECT count(*)::int AS variants, coalesce(sum(v.stock), 0)::bigint AS stock, min(v.stock) AS min_stock,
                 (count(*) FILTER (WHERE v.stock = 0))::int AS variants_out,
                 (count(*) FILTER (WHERE v.stock BETWEEN 1 AND 10))::int AS variants_low
            FROM variants v WHERE v.product_id = p_product) a
   WHERE ps.product_id = p_product
     AND (ps.variants, ps.stock, ps.min_stock, ps.variants_out, ps.variants_low)
         IS DISTINCT FROM (a.variants, a.stock, a.min_stock, a.variants_out, a.variants_low);
END;
$$;
--> statement-breakpoint

-- A variants statement only notes the products it touched (a setting local to the transaction); their figures are
-- recomputed at commit (a deferred trigger), every product in id order. Locking them as each statement ran would
-- deadlock two transactions that change variants of the same two products in opposite orders (releasing an order's
-- units and returning another's go variant by variant, in variant id order).
CREATE FUNCTION loja_product_stock_touch(products integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF products IS NULL OR cardinality(products) = 0 THEN
    RETURN;
  END IF;
  PERFORM set_config('loja.stock_touched',
    concat_ws(',', nullif(current_setting('loja.stock_touched', true), ''), array_to_string(products, ',')), true);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_product_stock_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := nullif(current_setting('loja.stock_touched', true), '');
  p integer;
BEGIN
  IF touched IS NULL THEN
    RETURN NULL; -- done by an earlier row's call at this commit
  END IF;
  PERFORM set_config('loja.stock_touched', '', true);
  FOR p IN SELECT DISTINCT x::integer FROM unnest(string_to_array(touched, ',')) AS x ORDER BY 1 LOOP
    PERFORM loja_product_stock_refresh(p);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loja_product_stock_touch((SELECT array_agg(DISTINCT product_id) FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_variants_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loja_product_stock_touch((SELECT array_agg(DISTINCT product_id) FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loja_product_stock_touch((
    SELECT array_agg(DISTINCT x.product_id) FROM (
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.stock IS DISTINCT FROM o.stock OR n.product_id <> o.product_id
      UNION
      SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id
    ) x));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER variants_product_stock_ins AFTER INSERT ON variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_variants_inserted();
--> statement-breakpoint
CREATE TRIGGER variants_product_stock_del AFTER DELETE ON variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_variants_deleted();
--> statement-breakpoint
CREATE TRIGGER variants_product_stock_upd AFTER UPDATE ON variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_variants_updated();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_product_stock_commit AFTER INSERT OR DELETE OR UPDATE OF stock, product_id ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION loja_product_stock_flush();
--> statement-breakpoint

-- A new product has no variants yet; a deleted (hidden) one leaves the figures; a removed row takes its own along (FK cascade).
CREATE FUNCTION loja_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock (product_id, listed) SELECT id, deleted_at IS NULL FROM new_rows ORDER BY id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_products_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock SET listed = (NEW.deleted_at IS NULL) WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_product_stock_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_products_inserted();
--> statement-breakpoint
CREATE TRIGGER products_product_stock_listed AFTER UPDATE OF deleted_at ON products
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)) EXECUTE FUNCTION loja_products_listed();
--> statement-breakpoint

-- The summary changes by what a product_stock row adds now minus what it added before (a row adds only while listed).
CREATE FUNCTION loja_stock_summary_add(
  d_products bigint, d_variants bigint, d_stock bigint, d_out bigint, d_low bigint, d_variants_out bigint, d_variants_low bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE s smallint;
BEGIN
  IF d_products = 0 AND d_variants = 0 AND d_stock = 0 AND d_out = 0 AND d_low = 0 AND d_variants_out = 0 AND d_variants_low = 0 THEN
    RETURN;
  END IF;
  SELECT shard INTO s FROM stock_summary_shards FOR UPDATE SKIP LOCKED LIMIT 1;
  IF NOT FOUND THEN
    -- Every row is held by another transaction: a new one (a random number, so two new ones rarely meet).
    INSERT INTO stock_summary_shards (shard) VALUES (1 + floor(random() * 32000)::int) ON CONFLICT DO NOTHING RETURNING shard INTO s;
    IF s IS NULL THEN
      SELECT shard INTO s FROM stock_summary_shards ORDER BY shard LIMIT 1 FOR UPDATE;
    END IF;
  END IF;
  UPDATE stock_summary_shards
     SET products = products + d_products, variants = variants + d_variants, stock = stock + d_stock,
         out_of_stock = out_of_stock + d_out, low_stock = low_stock + d_low,
         variants_out = variants_out + d_variants_out, variants_low = variants_low + d_variants_low
   WHERE shard = s;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_product_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_listed boolean := TG_OP <> 'INSERT' AND OLD.listed;
  is_listed boolean := TG_OP <> 'DELETE' AND NEW.listed;
  d bigint[] := ARRAY[0, 0, 0, 0, 0, 0, 0];
BEGIN
  IF was_listed THEN
    d := ARRAY[-1, -OLD.variants, -OLD.stock, -(OLD.stock = 0)::int, -(OLD.variants_low > 0)::int,
               -OLD.variants_out, -OLD.variants_low];
  END IF;
  IF is_listed THEN
    d := ARRAY[d[1] + 1, d[2] + NEW.variants, d[3] + NEW.stock, d[4] + (NEW.stock = 0)::int,
               d[5] + (NEW.variants_low > 0)::int, d[6] + NEW.variants_out, d[7] + NEW.variants_low];
  END IF;
  PERFORM loja_stock_summary_add(d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_summary AFTER INSERT OR UPDATE OR DELETE ON product_stock
  FOR EACH ROW EXECUTE FUNCTION loja_product_stock_changed();
--> statement-breakpoint

-- ---------- orders ----------

CREATE FUNCTION loja_order_counts_add(p_key text, p_n bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE s smallint;
BEGIN
  IF p_n IS NULL OR p_n = 0 THEN
    RETURN;
  END IF;
  SELECT shard INTO s FROM order_counts WHERE key = p_key FOR UPDATE SKIP LOCKED LIMIT 1;
  IF FOUND THEN
    UPDATE order_counts SET n = n + p_n WHERE key = p_key AND shard = s;
    RETURN;
  END IF;
  -- No row of this key yet, or every one is held by another transaction: a new one.
  INSERT INTO order_counts (key, shard, n) VALUES (p_key, floor(random() * 32000)::int, p_n)
  ON CONFLICT (key, shard) DO UPDATE SET n = order_counts.n + excluded.n;
END;
$$;
--> statement-breakpoint

-- Lines: every line, by its order's status and by each status among its order's payments. A line whose order is gone
-- (deleted with it) was taken off by the order's delete trigger already.
CREATE FUNCTION loja_order_lines_counted(sign integer, changed_orders integer[], changed_lines bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    WITH per_order AS (
      SELECT t.order_id, t.n FROM unnest(changed_orders, changed_lines) AS t(order_id, n)
    )
    SELECT 'lines' AS key, sum(n)::bigint AS n FROM per_order
    UNION ALL
    SELECT 'lines:order:' || o.status, sum(po.n)::bigint FROM per_order po JOIN orders o ON o.id = po.order_id GROUP BY o.status
    UNION ALL
    SELECT 'lines:payment:' || ps.status, sum(po.n)::bigint
      FROM per_order po
      JOIN orders o ON o.id = po.order_id
      JOIN LATERAL (SELECT DISTINCT p.status FROM payments p WHERE p.order_id = po.order_id) ps ON true
     GROUP BY ps.status
    ORDER BY 1
  LOOP
    PERFORM loja_order_counts_add(r.key, sign * r.n);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_order_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[]; ns bigint[];
BEGIN
  SELECT array_agg(order_id ORDER BY order_id), array_agg(n ORDER BY order_id) INTO ids, ns
    FROM (SELECT order_id, count(*) AS n FROM new_rows GROUP BY order_id) x;
  PERFORM loja_order_lines_counted(1, ids, ns);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_order_lines_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[]; ns bigint[];
BEGIN
  SELECT array_agg(order_id ORDER BY order_id), array_agg(n ORDER BY order_id) INTO ids, ns
    FROM (SELECT order_id, count(*) AS n FROM old_rows GROUP BY order_id) x;
  PERFORM loja_order_lines_counted(-1, ids, ns);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_counts_ins AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_order_lines_inserted();
--> statement-breakpoint
CREATE TRIGGER order_lines_counts_del AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_order_lines_deleted();
--> statement-breakpoint

-- Orders per Lisbon day.
CREATE FUNCTION loja_orders_days(sign integer, days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT d, count(*) AS n FROM unnest(days) AS t(d) GROUP BY d ORDER BY d LOOP
    PERFORM loja_order_counts_add('orders:day:' || to_char(r.d, 'YYYY-MM-DD'), sign * r.n);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loja_orders_days(1, (SELECT array_agg((created_at AT TIME ZONE 'Europe/Lisbon')::date) FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loja_orders_days(-1, (SELECT array_agg((created_at AT TIME ZONE 'Europe/Lisbon')::date) FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before the row goes: its lines' order and payment statuses come off while its lines and payments are still there.
CREATE FUNCTION loja_orders_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint; st text;
BEGIN
  SELECT count(*) INTO n FROM order_lines WHERE order_id = OLD.id;
  IF n > 0 THEN
    PERFORM loja_order_counts_add('lines:order:' || OLD.status, -n);
    FOR st IN SELECT DISTINCT status FROM payments WHERE order_id = OLD.id ORDER BY 1 LOOP
      PERFORM loja_order_counts_add('lines:payment:' || st, -n);
    END LOOP;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint; old_day date; new_day date;
BEGIN
  IF OLD.status <> NEW.status THEN
    SELECT count(*) INTO n FROM order_lines WHERE order_id = NEW.id;
    PERFORM loja_order_counts_add('lines:order:' || OLD.status, -n);
    PERFORM loja_order_counts_add('lines:order:' || NEW.status, n);
  END IF;
  old_day := (OLD.created_at AT TIME ZONE 'Europe/Lisbon')::date;
  new_day := (NEW.created_at AT TIME ZONE 'Europe/Lisbon')::date;
  IF old_day <> new_day THEN
    PERFORM loja_order_counts_add('orders:day:' || to_char(old_day, 'YYYY-MM-DD'), -1);
    PERFORM loja_order_counts_add('orders:day:' || to_char(new_day, 'YYYY-MM-DD'), 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_counts_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER orders_counts_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_orders_deleted();
--> statement-breakpoint
CREATE TRIGGER orders_counts_deleting BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION loja_orders_deleting();
--> statement-breakpoint
CREATE TRIGGER orders_counts_upd AFTER UPDATE OF status, created_at ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION loja_orders_updated();
--> statement-breakpoint

-- Payments: an order's lines count under a payment status while at least one of its payments has it.
CREATE FUNCTION loja_payment_status_counted(p_order integer, p_status text, p_payment integer, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM orders WHERE id = p_order) THEN
    RETURN; -- deleted with its order: counted off by the order's delete trigger
  END IF;
  IF EXISTS (SELECT 1 FROM payments WHERE order_id = p_order AND status = p_status AND id <> p_payment) THEN
    RETURN; -- another payment of the order keeps the status
  END IF;
  SELECT count(*) INTO n FROM order_lines WHERE order_id = p_order;
  PERFORM loja_order_counts_add('lines:payment:' || p_status, sign * n);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM loja_payment_status_counted(OLD.order_id, OLD.status, OLD.id, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM loja_payment_status_counted(NEW.order_id, NEW.status, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION loja_payments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  -- An order's lines come in under each status its new payments bring and its other payments did not have.
  FOR r IN
    SELECT 'lines:payment:' || x.status AS key, sum(x.n)::bigint AS n FROM (
      SELECT DISTINCT np.order_id, np.status,
             (SELECT count(*) FROM order_lines l WHERE l.order_id = np.order_id) AS n
        FROM new_rows np
       WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = np.order_id AND p.status = np.status
                          AND p.id NOT IN (SELECT id FROM new_rows))
    ) x GROUP BY x.status ORDER BY 1
  LOOP
    PERFORM loja_order_counts_add(r.key, r.n);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_counts_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loja_payments_inserted();
--> statement-breakpoint
CREATE TRIGGER payments_counts_upd AFTER UPDATE OF status, order_id ON payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION loja_payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_counts_del AFTER DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION loja_payments_changed();
--> statement-breakpoint

-- ---------- the figures of the data already there ----------

INSERT INTO stock_summary_shards (shard) SELECT generate_series(0, 15) ON CONFLICT DO NOTHING;
--> statement-breakpoint

INSERT INTO product_stock (product_id, listed, variants, stock, min_stock, variants_out, variants_low)
SELECT p.id, p.deleted_at IS NULL, count(v.id), coalesce(sum(v.stock), 0), min(v.stock),
       count(v.id) FILTER (WHERE v.stock = 0), count(v.id) FILTER (WHERE v.stock BETWEEN 1 AND 10)
  FROM products p LEFT JOIN variants v ON v.product_id = p.id
 GROUP BY p.id;
--> statement-breakpoint
INSERT INTO order_counts (key, shard, n)
SELECT 'lines', 0, count(*) FROM order_lines
UNION ALL
SELECT 'lines:order:' || o.status, 0, count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id GROUP BY o.status
UNION ALL
SELECT 'lines:payment:' || ps.status, 0, count(*)
  FROM order_lines l JOIN (SELECT DISTINCT order_id, status FROM payments) ps ON ps.order_id = l.order_id
 GROUP BY ps.status
UNION ALL
SELECT 'orders:day:' || to_char((created_at AT TIME ZONE 'Europe/Lisbon')::date, 'YYYY-MM-DD'), 0, count(*)
  FROM orders GROUP BY 1
ON CONFLICT (key, shard) DO UPDATE SET n = order_counts.n + excluded.n;
