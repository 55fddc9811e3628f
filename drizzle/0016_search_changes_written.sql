-- Every refresh of search documents is recorded in search_changes (one row per writing statement), in the writer's
-- transaction: an instance's cached search answers stay valid while the table's count and last id are unchanged.
ALTER FUNCTION search_refresh(integer[]) RENAME TO search_rebuild;
--> statement-breakpoint
CREATE FUNCTION search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM search_rebuild(ids);
  INSERT INTO search_changes DEFAULT VALUES;
  -- Now and then: the rows of changes older than a day go (no cached answer lives that long).
  IF random() < 0.01 THEN
    DELETE FROM search_changes WHERE at < now() - interval '1 day';
  END IF;
END
$$;
