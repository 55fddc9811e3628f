--> statement-breakpoint
-- A settings change notifies every instance (server/settings/), which drops its cached copy.
CREATE OR REPLACE FUNCTION loja_notify_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('loja_settings', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shop_settings_notify AFTER INSERT OR UPDATE OR DELETE ON shop_settings FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_settings_change();
