-- The Referral Tracker's search reads the referrals themselves again (their kept list rows went in 0034): one
-- trigram index on their search text and one on the friend's phone, where pg_trgm is available (PGlite without
-- it still migrates and searches by scanning).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS referrals_search_text_trgm_idx ON referrals USING gin (search_text gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS referrals_referee_phone_trgm_idx ON referrals USING gin (referee_phone gin_trgm_ops);
  END IF;
END $$;
