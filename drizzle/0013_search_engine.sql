-- The search engine's PostgreSQL half (server/modules/search): accent-insensitive Portuguese text search (loja_pt),
-- and triggers keeping search_documents and search_words up to date in the same transaction as every catalogue
-- write (products, variants, categories, colours, sizes, pictures), so catalog never calls search.
-- unaccent and pg_trgm are trusted contrib extensions (PostgreSQL >= 13): the database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- portuguese with unaccent as a filtering dictionary before the stemmer: "Açores", "acores" and "AÇORES" are one
-- lexeme, in the documents and in the queries alike.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'loja_pt') THEN
    CREATE TEXT SEARCH CONFIGURATION loja_pt (COPY = pg_catalog.portuguese);
    ALTER TEXT SEARCH CONFIGURATION loja_pt
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
  END IF;
END
$$;
--> statement-breakpoint
-- A name's key: lower case, no accents (the key of filters, synonyms and words). unaccent() is only STABLE because
-- its dictionary could change; naming the dictionary makes this wrapper safe to declare IMMUTABLE.
CREATE OR REPLACE FUNCTION search_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(unaccent('unaccent'::regdictionary, coalesce(t, ''))) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- Rebuilds the documents of these products from the catalogue: a product in the shop (status 1, not deleted) gets
-- its row, any other loses it. Set-based, so a bulk insert of 100 000 products costs one call.
CREATE OR REPLACE FUNCTION search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- A bulk write (a backfill, npm run db:seed:large): the planner, which takes unnest() for 10 rows, would join
  -- 100 000 ids by nested loops; hash joins instead, for these statements only. Dynamic SQL: planned per call, so a
  -- plan made for a bulk write is never cached for a single product's.
  bulk boolean := cardinality(ids) > 200;
  nestloop text := current_setting('enable_nestloop');
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF bulk THEN
    PERFORM set_config('enable_nestloop', 'off', true);
  END IF;
  EXECUTE $sql$
  DELETE FROM search_documents d
  WHERE d.product_id IN (SELECT unnest($1))
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = d.product_id AND p.status = 1 AND p.deleted_at IS NULL)
  $sql$ USING ids;
  EXECUTE $sql$
  WITH listed AS (
    SELECT p.id, p.name, p.description, p.price_cents, p.sizes, p.created_at, c.name AS category_name
    FROM products p LEFT JOIN categories c ON c.id = p.category_id
    WHERE p.id IN (SELECT unnest($1)) AND p.status = 1 AND p.deleted_at IS NULL
  ),
  colours AS (
    SELECT v.product_id, array_agg(DISTINCT co.name ORDER BY co.name) AS names
    FROM variants v JOIN colors co ON co.id = v.color_id
    WHERE v.product_id IN (SELECT unnest($1))
    GROUP BY v.product_id
  ),
  variant_sizes AS (
    SELECT v.product_id, array_agg(DISTINCT s.name ORDER BY s.name) AS names
    FROM variants v JOIN sizes s ON s.id = v.size_id
    WHERE v.product_id IN (SELECT unnest($1))
    GROUP BY v.product_id
  ),
  stock AS (
    SELECT v.product_id, bool_or(v.stock > 0) AS in_stock
    FROM variants v WHERE v.product_id IN (SELECT unnest($1))
    GROUP BY v.product_id
  ),
  docs AS (
    SELECT l.*,
      coalesce(co.names, '{}') AS color_names,
      -- A product's sizes: its variants', else its own comma-separated list (as the product page shows them).
      coalesce(vs.names, ARRAY(
        SELECT DISTINCT btrim(x) FROM unnest(string_to_array(l.sizes, ',')) x WHERE btrim(x) <> '' ORDER BY 1
      )) AS size_names,
      coalesce(st.in_stock, false) AS in_stock,
      (SELECT i.file_name FROM product_images i WHERE i.product_id = l.id ORDER BY i.position, i.id LIMIT 1) AS image
    FROM listed l
    LEFT JOIN colours co ON co.product_id = l.id
    LEFT JOIN variant_sizes vs ON vs.product_id = l.id
    LEFT JOIN stock st ON st.product_id = l.id
  )
  INSERT INTO search_documents AS d (product_id, name, name_key, document, price_cents, category_name, category_key,
    color_names, color_keys, size_names, size_keys, in_stock, image, created_at)
  SELECT id, name, search_key(name),
    setweight(to_tsvector('loja_pt', name), 'A')
      || setweight(to_tsvector('loja_pt', coalesce(category_name, '') || ' ' || array_to_string(color_names, ' ')), 'B')
      || setweight(to_tsvector('loja_pt', array_to_string(size_names, ' ')), 'C')
      || setweight(to_tsvector('loja_pt', left(description, 4000)), 'D'),
    price_cents, category_name, nullif(search_key(category_name), ''),
    color_names, ARRAY(SELECT search_key(x) FROM unnest(color_names) x),
    size_names, ARRAY(SELECT search_key(x) FROM unnest(size_names) x),
    in_stock, image, created_at
  FROM docs
  ON CONFLICT (product_id) DO UPDATE SET
    name = excluded.name, name_key = excluded.name_key, document = excluded.document,
    price_cents = excluded.price_cents, category_name = excluded.category_name,
    category_key = excluded.category_key, color_names = excluded.color_names, color_keys = excluded.color_keys,
    size_names = excluded.size_names, size_keys = excluded.size_keys, in_stock = excluded.in_stock,
    image = excluded.image, created_at = excluded.created_at
  $sql$ USING ids;
  -- The words a misspelling may be corrected to: those of names, categories and colours (never removed; a word
  -- no longer in the catalogue corrects to a search that finds nothing, and the search falls back). A hyphenated
  -- word is also kept joined ("portamoedas" → the lexeme of "porta-moedas", "tshirt" → "t-shirt").
  EXECUTE $sql$
  WITH texts AS (
    SELECT DISTINCT search_key(d.name || ' ' || coalesce(d.category_name, '') || ' ' || array_to_string(d.color_names, ' ')) AS t
    FROM search_documents d WHERE d.product_id IN (SELECT unnest($1))
  ),
  words AS (
    SELECT DISTINCT w, coalesce((ts_lexize('portuguese_stem', w))[1], w) AS lexeme
    FROM texts, regexp_split_to_table(t, '[^a-z0-9]+') AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    UNION
    SELECT DISTINCT replace(m[1], '-', ''),
      (SELECT u.lexeme FROM unnest(to_tsvector('loja_pt', m[1])) u WHERE strpos(u.lexeme, '-') > 0 LIMIT 1)
    FROM texts, regexp_matches(t, '([a-z0-9]+(?:-[a-z0-9]+)+)', 'g') AS m
  )
  INSERT INTO search_words (word, lexeme)
  SELECT DISTINCT ON (w) w, lexeme FROM words WHERE lexeme IS NOT NULL ORDER BY w, lexeme
  ON CONFLICT (word) DO NOTHING
  $sql$ USING ids;
  IF bulk THEN
    PERFORM set_config('enable_nestloop', nestloop, true);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_refresh(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM search_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.description, n.price_cents, n.category_id, n.sizes, n.status, n.deleted_at, n.created_at)
        IS DISTINCT FROM (o.name, o.description, o.price_cents, o.category_id, o.sizes, o.status, o.deleted_at, o.created_at)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    -- A sale or a restock changes the document only when a variant runs out or comes back.
    PERFORM search_refresh(ARRAY(
      SELECT DISTINCT x.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id,
        LATERAL (VALUES (n.product_id), (o.product_id)) AS x(product_id)
      WHERE (n.stock > 0) <> (o.stock > 0)
        OR (n.product_id, n.color_id, n.size_id) IS DISTINCT FROM (o.product_id, o.color_id, o.size_id)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_images_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A renamed category, colour or size: the documents that carry its name (deleting a category sets its products'
-- category_id to null, which the products trigger sees).
CREATE OR REPLACE FUNCTION search_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    PERFORM search_refresh(ARRAY(
      SELECT p.id FROM products p JOIN new_rows n ON n.id = p.category_id JOIN old_rows o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name));
  ELSIF TG_TABLE_NAME = 'colors' THEN
    PERFORM search_refresh(ARRAY(
      SELECT DISTINCT v.product_id FROM variants v JOIN new_rows n ON n.id = v.color_id JOIN old_rows o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name));
  ELSE
    PERFORM search_refresh(ARRAY(
      SELECT DISTINCT v.product_id FROM variants v JOIN new_rows n ON n.id = v.size_id JOIN old_rows o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_products_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
CREATE TRIGGER search_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
CREATE TRIGGER search_variants_insert AFTER INSERT ON variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_variants_changed();
--> statement-breakpoint
CREATE TRIGGER search_variants_update AFTER UPDATE ON variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_variants_changed();
--> statement-breakpoint
CREATE TRIGGER search_variants_delete AFTER DELETE ON variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_variants_changed();
--> statement-breakpoint
CREATE TRIGGER search_images_insert AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_images_changed();
--> statement-breakpoint
CREATE TRIGGER search_images_update AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_images_changed();
--> statement-breakpoint
CREATE TRIGGER search_images_delete AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_images_changed();
--> statement-breakpoint
CREATE TRIGGER search_categories_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER search_colors_update AFTER UPDATE ON colors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER search_sizes_update AFTER UPDATE ON sizes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
-- The catalogue as it is now.
SELECT search_refresh(ARRAY(SELECT id FROM products));
