-- Synonyms change what a search finds, so saving them is a catalogue change too: every instance drops its kept
-- visitor pages (server/http/page-cache.ts keys them on the catalogue version) as for a product change.
CREATE TRIGGER search_synonyms_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_catalog_change();
