-- The searches' trigram indexes lead with business_id (btree_gin), so a search reads the trigram entries of its own
-- business, not of every business: its cost no longer grows with other businesses' rows (decision 0029). Where
-- btree_gin or pg_trgm is not available, the indexes stay as they were.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'btree_gin is not available: the searches keep their trigram indexes across businesses';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AND EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX IF NOT EXISTS clients_business_search_trgm_idx ON clients USING gin (business_id, search_text gin_trgm_ops);
    DROP INDEX IF EXISTS clients_search_trgm_idx;
    CREATE INDEX IF NOT EXISTS leads_business_search_trgm_idx ON leads USING gin (business_id, search_text gin_trgm_ops);
    DROP INDEX IF EXISTS leads_search_text_trgm_idx;
    CREATE INDEX IF NOT EXISTS leads_business_phone_trgm_idx ON leads USING gin (business_id, phone gin_trgm_ops);
    DROP INDEX IF EXISTS leads_phone_trgm_idx;
    CREATE INDEX IF NOT EXISTS referrals_business_search_trgm_idx ON referrals USING gin (business_id, search_text gin_trgm_ops);
    DROP INDEX IF EXISTS referrals_search_text_trgm_idx;
    CREATE INDEX IF NOT EXISTS referrals_business_phone_trgm_idx ON referrals USING gin (business_id, referee_phone gin_trgm_ops);
    DROP INDEX IF EXISTS referrals_referee_phone_trgm_idx;
  END IF;
END $$;
