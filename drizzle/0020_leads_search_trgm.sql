-- Lead Inbox search by substring through trigram indexes where pg_trgm is available (as the clients' search,
-- 0004): the name, e-mail and referrer in any case, and the phone's digits (docs/leads.md).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS leads_name_trgm_idx ON leads USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS leads_email_trgm_idx ON leads USING gin (lower(email) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS leads_referrer_name_trgm_idx ON leads USING gin (lower(referrer_name) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS leads_phone_trgm_idx ON leads USING gin (phone gin_trgm_ops);
  END IF;
END $$;
