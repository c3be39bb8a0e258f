CREATE TABLE "referral_figures" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"rewards_given" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrer_figures" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"name_key" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "referrals_business_created_idx";--> statement-breakpoint
DROP INDEX "referrals_business_name_order_idx";--> statement-breakpoint
ALTER TABLE "referral_figures" ADD CONSTRAINT "referral_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_figures" ADD CONSTRAINT "referrer_figures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_figures" ADD CONSTRAINT "referrer_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrer_figures_order_idx" ON "referrer_figures" USING btree ("business_id","referrals" DESC NULLS FIRST,"converted" DESC NULLS FIRST,"name_key","client_id") WHERE "referrer_figures"."referrals" > 0;--> statement-breakpoint
CREATE INDEX "referrals_business_created_order_idx" ON "referrals" USING btree ("business_id","created_at","id","converted");--> statement-breakpoint
CREATE INDEX "referrals_business_name_order_cover_idx" ON "referrals" USING btree ("business_id",lower("referee_name"),"id","converted","referee_name");--> statement-breakpoint
CREATE INDEX "referrals_business_converted_order_idx" ON "referrals" USING btree ("business_id","converted_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"converted");--> statement-breakpoint
CREATE INDEX "referrals_business_referrer_idx" ON "referrals" USING btree ("business_id","referrer_client_id");--> statement-breakpoint
-- Referral figures kept per business and per referrer (docs/referrals.md, "Kept figures"): the tracker's
-- summary and totals, the pending count and Top Referrers read these rows instead of counting referrals.
-- Statement-level triggers with transition tables, as the read model's (0004): each statement adds its new
-- rows and subtracts its old ones; a statement that moves no figure writes nothing.
CREATE FUNCTION referral_figures_signed(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS s FROM new_rows n UNION ALL SELECT o.*, -1 AS s FROM old_rows o'
  END
$$;
--> statement-breakpoint
-- Referrals: the business's count and converted count, and each referrer's. A row is only inserted for a
-- business that still exists (a business deletion's cascade subtracts, and finds its rows gone or going).
-- A referrer's row is inserted only while the client exists, and stays at zero rather than being deleted
-- (so a rename racing a first claim stays exact, see referrer_figures_client_renamed); deleting the client
-- deletes it (foreign key).
CREATE FUNCTION referral_figures_referrals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, sum(s)::int AS n, coalesce(sum(s) FILTER (WHERE converted), 0)::int AS conv
      FROM ch GROUP BY business_id
    )
    INSERT INTO referral_figures AS f (business_id, referrals, converted)
    SELECT d.business_id, d.n, d.conv FROM d
    WHERE (d.n <> 0 OR d.conv <> 0) AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)
    ON CONFLICT (business_id) DO UPDATE SET referrals = f.referrals + excluded.referrals, converted = f.converted + excluded.converted
  $q$, referral_figures_signed(TG_OP));
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT referrer_client_id AS client_id, sum(s)::int AS n, coalesce(sum(s) FILTER (WHERE converted), 0)::int AS conv
      FROM ch WHERE referrer_client_id IS NOT NULL GROUP BY referrer_client_id
    )
    INSERT INTO referrer_figures AS f (client_id, business_id, referrals, converted, name_key)
    SELECT d.client_id, c.business_id, d.n, d.conv, lower(c.name) FROM d JOIN clients c ON c.id = d.client_id
    WHERE (d.n <> 0 OR d.conv <> 0) AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    ON CONFLICT (client_id) DO UPDATE SET referrals = f.referrals + excluded.referrals, converted = f.converted + excluded.converted
  $q$, referral_figures_signed(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rewards: how many of the business's reward rows are marked given.
CREATE FUNCTION referral_figures_rewards_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (SELECT business_id, coalesce(sum(s) FILTER (WHERE reward_given), 0)::int AS given FROM ch GROUP BY business_id)
    INSERT INTO referral_figures AS f (business_id, rewards_given)
    SELECT d.business_id, d.given FROM d
    WHERE d.given <> 0 AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)
    ON CONFLICT (business_id) DO UPDATE SET rewards_given = f.rewards_given + excluded.rewards_given
  $q$, referral_figures_signed(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A referrer's name is Top Referrers' tie-break, so its row follows a rename. An upsert (not an update):
-- a rename racing the referrer's first claim waits for the claim's row (or the claim for the rename's),
-- so the name kept is the one committed last.
CREATE FUNCTION referrer_figures_client_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referrer_figures AS f (client_id, business_id, name_key) VALUES (NEW.id, NEW.business_id, lower(NEW.name))
  ON CONFLICT (client_id) DO UPDATE SET name_key = excluded.name_key;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER referral_figures_referrals_inserted AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_figures_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER referral_figures_referrals_updated AFTER UPDATE ON referrals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_figures_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER referral_figures_referrals_deleted AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_figures_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER referral_figures_rewards_inserted AFTER INSERT ON referral_rewards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_figures_rewards_changed();
--> statement-breakpoint
CREATE TRIGGER referral_figures_rewards_updated AFTER UPDATE ON referral_rewards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_figures_rewards_changed();
--> statement-breakpoint
CREATE TRIGGER referral_figures_rewards_deleted AFTER DELETE ON referral_rewards
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_figures_rewards_changed();
--> statement-breakpoint
CREATE TRIGGER referrer_figures_client_renamed AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION referrer_figures_client_renamed();
--> statement-breakpoint
-- Rebuilds one business's referral figures from its rows (the backfill below, and the repair of
-- docs/referrals.md). Run it with nothing writing the business's referrals.
CREATE FUNCTION referral_figures_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_figures AS f (business_id, referrals, converted, rewards_given)
  SELECT bid,
    (SELECT count(*)::int FROM referrals WHERE business_id = bid),
    (SELECT count(*)::int FROM referrals WHERE business_id = bid AND converted),
    (SELECT count(*)::int FROM referral_rewards WHERE business_id = bid AND reward_given)
  ON CONFLICT (business_id) DO UPDATE SET referrals = excluded.referrals, converted = excluded.converted, rewards_given = excluded.rewards_given;
  DELETE FROM referrer_figures WHERE business_id = bid;
  INSERT INTO referrer_figures (client_id, business_id, referrals, converted, name_key)
  SELECT c.id, bid, count(r.id)::int, (count(r.id) FILTER (WHERE r.converted))::int, lower(c.name)
  FROM clients c JOIN referrals r ON r.referrer_client_id = c.id
  WHERE c.business_id = bid
  GROUP BY c.id;
END $$;
--> statement-breakpoint
SELECT referral_figures_rebuild(id) FROM businesses;
--> statement-breakpoint
-- The tracker's search by substring through trigram indexes where pg_trgm is available (as leads, 0020):
-- the friend's name and e-mail and the referral code in any case, and the friend's phone digits.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS referrals_referee_name_trgm_idx ON referrals USING gin (lower(referee_name) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS referrals_referee_email_trgm_idx ON referrals USING gin (lower(referee_email) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS referrals_referrer_code_trgm_idx ON referrals USING gin (lower(referrer_code) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS referrals_referee_phone_trgm_idx ON referrals USING gin (referee_phone gin_trgm_ops);
  END IF;
END $$;
