CREATE TABLE "referral_list_rows" (
	"referral_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"converted" boolean NOT NULL,
	"converted_at" timestamp with time zone,
	"referee_name" text NOT NULL,
	"referee_email" text,
	"referee_phone" text,
	"referrer_code" text NOT NULL,
	"referrer_id" integer,
	"referrer_name" text,
	"last_reminder_at" timestamp with time zone,
	"flagged" boolean NOT NULL,
	"flag_reason" text,
	"reward_id" integer,
	"reward_amount" text,
	"reward_given" boolean,
	"marked_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(referee_name) || chr(10) || coalesce(lower(referee_email), '') || chr(10) || lower(referrer_code) || chr(10) || coalesce(lower(referrer_name), '')) STORED
);
--> statement-breakpoint
CREATE TABLE "referral_week_figures" (
	"business_id" integer NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"converted" boolean NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_week_figures_business_id_week_converted_pk" PRIMARY KEY("business_id","week","converted")
);
--> statement-breakpoint
ALTER TABLE "referral_list_rows" ADD CONSTRAINT "referral_list_rows_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_list_rows" ADD CONSTRAINT "referral_list_rows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_week_figures" ADD CONSTRAINT "referral_week_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_list_rows_created_idx" ON "referral_list_rows" USING btree ("business_id","created_at","referral_id","converted");--> statement-breakpoint
CREATE INDEX "referral_list_rows_name_idx" ON "referral_list_rows" USING btree ("business_id",lower("referee_name"),"referral_id","converted");--> statement-breakpoint
CREATE INDEX "referral_list_rows_converted_idx" ON "referral_list_rows" USING btree ("business_id","converted_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"referral_id" DESC NULLS FIRST,"converted");--> statement-breakpoint
CREATE INDEX "referral_list_rows_referrer_idx" ON "referral_list_rows" USING btree ("referrer_id") WHERE "referral_list_rows"."referrer_id" is not null;--> statement-breakpoint
-- The Referral Tracker's rows and week counts (docs/referrals.md, "Kept figures"), kept in the transaction of
-- every write. Referrals: each statement's rows are counted into their weeks (old out, new in, as 0023) and
-- its new rows are upserted into referral_list_rows (a deleted referral's row goes with it: foreign key). The
-- referrer's name and the reward are kept by their own triggers below; this one reads them only for a row it
-- creates or whose referrer or business changed. Nothing is written for a business that no longer exists (its
-- deletion's cascades).
CREATE FUNCTION referral_list_referrals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, date_bin('7 days', created_at, '2000-01-03 00:00:00+00'::timestamptz) AS week, converted, sum(s)::int AS n
      FROM ch GROUP BY 1, 2, 3 HAVING sum(s) <> 0
    )
    INSERT INTO referral_week_figures AS f (business_id, week, converted, referrals)
    SELECT d.business_id, d.week, d.converted, d.n FROM d WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)
    ON CONFLICT (business_id, week, converted) DO UPDATE SET referrals = f.referrals + excluded.referrals
  $q$, referral_figures_signed(TG_OP));
  IF TG_OP = 'DELETE' THEN
    RETURN NULL;
  END IF;
  -- The referrers a row newly shows are locked first: a rename racing this statement either waits and then
  -- updates the rows written here, or is waited for and its name is the one read below.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM clients c WHERE c.id IN (SELECT n.referrer_client_id FROM new_rows n) FOR SHARE;
  ELSE
    PERFORM 1 FROM clients c WHERE c.id IN (SELECT n.referrer_client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.referrer_client_id IS DISTINCT FROM o.referrer_client_id OR n.business_id <> o.business_id) FOR SHARE;
  END IF;
  INSERT INTO referral_list_rows AS k (referral_id, business_id, created_at, converted, converted_at, referee_name, referee_email,
    referee_phone, referrer_code, referrer_id, referrer_name, last_reminder_at, flagged, flag_reason,
    reward_id, reward_amount, reward_given, marked_at)
  SELECT n.id, n.business_id, n.created_at, n.converted, n.converted_at, n.referee_name, n.referee_email,
    n.referee_phone, n.referrer_code, c.id, c.name, n.last_reminder_at, n.flagged, n.flag_reason,
    rw.id, rw.reward_amount, rw.reward_given, rw.marked_at
  FROM new_rows n
  LEFT JOIN clients c ON c.id = n.referrer_client_id AND c.business_id = n.business_id
  LEFT JOIN referral_rewards rw ON rw.referral_id = n.id AND rw.business_id = n.business_id
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = n.business_id)
  ON CONFLICT (referral_id) DO UPDATE SET
    business_id = excluded.business_id, created_at = excluded.created_at, converted = excluded.converted,
    converted_at = excluded.converted_at, referee_name = excluded.referee_name, referee_email = excluded.referee_email,
    referee_phone = excluded.referee_phone, referrer_code = excluded.referrer_code, last_reminder_at = excluded.last_reminder_at,
    flagged = excluded.flagged, flag_reason = excluded.flag_reason, referrer_id = excluded.referrer_id,
    referrer_name = CASE WHEN k.referrer_id IS NOT DISTINCT FROM excluded.referrer_id THEN k.referrer_name ELSE excluded.referrer_name END,
    reward_id = CASE WHEN k.business_id = excluded.business_id THEN k.reward_id ELSE excluded.reward_id END,
    reward_amount = CASE WHEN k.business_id = excluded.business_id THEN k.reward_amount ELSE excluded.reward_amount END,
    reward_given = CASE WHEN k.business_id = excluded.business_id THEN k.reward_given ELSE excluded.reward_given END,
    marked_at = CASE WHEN k.business_id = excluded.business_id THEN k.marked_at ELSE excluded.marked_at END
  WHERE (k.business_id, k.created_at, k.converted, k.converted_at, k.referee_name, k.referee_email, k.referee_phone,
      k.referrer_code, k.referrer_id, k.last_reminder_at, k.flagged, k.flag_reason)
    IS DISTINCT FROM (excluded.business_id, excluded.created_at, excluded.converted, excluded.converted_at, excluded.referee_name,
      excluded.referee_email, excluded.referee_phone, excluded.referrer_code, excluded.referrer_id, excluded.last_reminder_at,
      excluded.flagged, excluded.flag_reason);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rewards: a row shows its referral's reward of the same business (one at most: referral_id is unique). Writes
-- of one reward row wait for each other, so the last committed is the one kept.
CREATE FUNCTION referral_list_rewards_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE referral_list_rows k SET reward_id = NULL, reward_amount = NULL, reward_given = NULL, marked_at = NULL
    FROM old_rows o WHERE k.referral_id = o.referral_id AND k.reward_id = o.id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only a reward that left its row (moved to another referral or business) is cleared; the rest is set below.
    UPDATE referral_list_rows k SET reward_id = NULL, reward_amount = NULL, reward_given = NULL, marked_at = NULL
    FROM old_rows o WHERE k.referral_id = o.referral_id AND k.reward_id = o.id
      AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.referral_id = o.referral_id AND n.business_id = k.business_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE referral_list_rows k SET reward_id = n.id, reward_amount = n.reward_amount, reward_given = n.reward_given, marked_at = n.marked_at
    FROM new_rows n WHERE k.referral_id = n.referral_id AND k.business_id = n.business_id
      AND (k.reward_id, k.reward_amount, k.reward_given, k.marked_at) IS DISTINCT FROM (n.id, n.reward_amount, n.reward_given, n.marked_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A referrer's rename: the rows showing it (only referrers of the referral's own business are shown).
CREATE FUNCTION referral_list_client_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_list_rows SET referrer_name = NEW.name WHERE referrer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER referral_list_referrals_inserted AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_list_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER referral_list_referrals_updated AFTER UPDATE ON referrals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_list_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER referral_list_referrals_deleted AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_list_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER referral_list_rewards_inserted AFTER INSERT ON referral_rewards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_list_rewards_changed();
--> statement-breakpoint
CREATE TRIGGER referral_list_rewards_updated AFTER UPDATE ON referral_rewards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_list_rewards_changed();
--> statement-breakpoint
CREATE TRIGGER referral_list_rewards_deleted AFTER DELETE ON referral_rewards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_list_rewards_changed();
--> statement-breakpoint
CREATE TRIGGER referral_list_client_renamed AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION referral_list_client_renamed();
--> statement-breakpoint
-- Rebuilds one business's tracker rows and week counts from its referrals, clients and rewards (the backfill
-- below, and the repair of docs/referrals.md). Run it with nothing writing the business's referrals.
CREATE FUNCTION referral_list_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM referral_list_rows WHERE business_id = bid OR referral_id IN (SELECT id FROM referrals WHERE business_id = bid);
  DELETE FROM referral_week_figures WHERE business_id = bid;
  INSERT INTO referral_list_rows (referral_id, business_id, created_at, converted, converted_at, referee_name, referee_email,
    referee_phone, referrer_code, referrer_id, referrer_name, last_reminder_at, flagged, flag_reason,
    reward_id, reward_amount, reward_given, marked_at)
  SELECT r.id, r.business_id, r.created_at, r.converted, r.converted_at, r.referee_name, r.referee_email,
    r.referee_phone, r.referrer_code, c.id, c.name, r.last_reminder_at, r.flagged, r.flag_reason,
    rw.id, rw.reward_amount, rw.reward_given, rw.marked_at
  FROM referrals r
  LEFT JOIN clients c ON c.id = r.referrer_client_id AND c.business_id = r.business_id
  LEFT JOIN referral_rewards rw ON rw.referral_id = r.id AND rw.business_id = r.business_id
  WHERE r.business_id = bid;
  INSERT INTO referral_week_figures (business_id, week, converted, referrals)
  SELECT bid, date_bin('7 days', created_at, '2000-01-03 00:00:00+00'::timestamptz), converted, count(*)::int
  FROM referrals WHERE business_id = bid GROUP BY 2, 3;
END $$;
--> statement-breakpoint
SELECT referral_list_rebuild(id) FROM businesses;
--> statement-breakpoint
-- The search: one trigram index on the kept text and one on the phone where pg_trgm is available; the
-- referrals' own trigram indexes served only the tracker's search (0023) and go.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS referral_list_rows_search_trgm_idx ON referral_list_rows USING gin (search_text gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS referral_list_rows_phone_trgm_idx ON referral_list_rows USING gin (referee_phone gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS referrals_referee_name_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS referrals_referee_email_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS referrals_referrer_code_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS referrals_referee_phone_trgm_idx;
