ALTER TABLE "search_changes" ADD COLUMN "product_ids" integer[];--> statement-breakpoint
-- Each change names the products whose documents it rewrote, so that every instance's facet index reads only those
-- again (server/modules/search/facet-index.ts) instead of the whole catalogue.
CREATE OR REPLACE FUNCTION search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM search_rebuild(ids);
  INSERT INTO search_changes (product_ids) VALUES (ids);
  -- Now and then: the rows of changes older than a day go (no cached answer lives that long).
  IF random() < 0.01 THEN
    DELETE FROM search_changes WHERE at < now() - interval '1 day';
  END IF;
END
$$;
