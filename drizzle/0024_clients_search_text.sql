ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || chr(10) || coalesce(lower(email), '')) STORED;--> statement-breakpoint
-- The client search matches this one column (name and e-mail, lower case, a line each) through one trigram
-- index where pg_trgm is available, as 0004 did for the two columns. The e-mail's own trigram index served only
-- that search; the name's stays (the SMS conversations search the name alone).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS clients_search_trgm_idx ON clients USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS clients_email_trgm_idx;
