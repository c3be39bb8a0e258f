CREATE TABLE "lead_figures" (
	"business_id" integer NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_figures_business_id_status_source_pk" PRIMARY KEY("business_id","status","source")
);
--> statement-breakpoint
CREATE TABLE "lead_referrer_names" (
	"business_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_referrer_names_business_id_key_name_pk" PRIMARY KEY("business_id","key","name")
);
--> statement-breakpoint
CREATE TABLE "lead_referrers" (
	"business_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_referrers_business_id_key_pk" PRIMARY KEY("business_id","key")
);
--> statement-breakpoint
CREATE TABLE "lead_week_figures" (
	"business_id" integer NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_week_figures_business_id_week_status_source_pk" PRIMARY KEY("business_id","week","status","source")
);
--> statement-breakpoint
DROP INDEX "leads_business_created_idx";--> statement-breakpoint
DROP INDEX "leads_business_status_created_idx";--> statement-breakpoint
DROP INDEX "leads_business_source_created_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || chr(10) || coalesce(lower(email), '') || chr(10) || coalesce(lower(referrer_name), '')) STORED;--> statement-breakpoint
ALTER TABLE "lead_figures" ADD CONSTRAINT "lead_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_referrer_names" ADD CONSTRAINT "lead_referrer_names_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_referrers" ADD CONSTRAINT "lead_referrers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_week_figures" ADD CONSTRAINT "lead_week_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_referrers_top_idx" ON "lead_referrers" USING btree ("business_id","leads" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "leads_business_created_idx" ON "leads" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_business_status_created_idx" ON "leads" USING btree ("business_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_business_source_created_idx" ON "leads" USING btree ("business_id","source","created_at","id");--> statement-breakpoint
-- The Lead Inbox's kept figures (docs/leads.md): lead_figures counts the leads of each business by status and
-- source; lead_referrers counts the leads naming each referrer (the top referrers' card), with the name shown,
-- and lead_referrer_names the leads per referrer and name the referrer's name is chosen from; lead_week_figures the
-- leads by week (7-day buckets from a Monday, UTC), by which deep pages skip whole weeks. Kept by
-- statement-level triggers with transition tables on leads (as the dashboard's read model, 0004), so every
-- writer keeps them exact: Add Lead, forms, referral claims, status changes and conversions, deletes and a
-- business's deletion, and SQL typed by hand. Each statement adds its new rows and subtracts its old ones; a
-- statement that moves no figure (a note edited) writes nothing.
CREATE FUNCTION leads_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bids int[];
  keys text[];
  names text[];
  ns int[];
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, date_bin('7 days', created_at, timestamptz '2000-01-03 00:00:00+00') AS week, status, source, sum(s)::int AS n
      FROM ch WHERE EXISTS (SELECT 1 FROM businesses bz WHERE bz.id = ch.business_id)
      GROUP BY 1, 2, 3, 4 HAVING sum(s) <> 0
    ),
    weeks AS (
      INSERT INTO lead_week_figures AS w (business_id, week, status, source, leads)
      SELECT business_id, week, status, source, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT (business_id, week, status, source) DO UPDATE SET leads = w.leads + excluded.leads
    )
    INSERT INTO lead_figures AS f (business_id, status, source, leads)
    SELECT business_id, status, source, sum(n)::int FROM d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (business_id, status, source) DO UPDATE SET leads = f.leads + excluded.leads
  $q$, read_model_changed_rows(TG_OP));

  -- Referrers: keyed by the referrer's code, or without one by the name in lower case (trimmed).
  EXECUTE format($q$
    WITH ch AS (%s),
    r AS (
      SELECT business_id, coalesce(referrer_code, lower(nullif(trim(referrer_name), ''))) AS key,
        coalesce(nullif(trim(referrer_name), ''), '') AS name, s
      FROM ch WHERE referrer_code IS NOT NULL OR nullif(trim(referrer_name), '') IS NOT NULL
    ),
    d AS (
      SELECT business_id, key, name, sum(s)::int AS n FROM r
      WHERE EXISTS (SELECT 1 FROM businesses bz WHERE bz.id = r.business_id)
      GROUP BY business_id, key, name HAVING sum(s) <> 0
    )
    SELECT array_agg(business_id ORDER BY business_id, key, name), array_agg(key ORDER BY business_id, key, name),
      array_agg(name ORDER BY business_id, key, name), array_agg(n ORDER BY business_id, key, name) FROM d
  $q$, read_model_changed_rows(TG_OP)) INTO bids, keys, names, ns;
  IF bids IS NULL THEN
    RETURN NULL;
  END IF;
  -- The referrer's row first: its lock serialises the writers of one referrer, so the name chosen below
  -- (in a statement of its own, seeing what they committed) is exact.
  INSERT INTO lead_referrers AS g (business_id, key, name, leads)
  SELECT c.b, c.k, c.k, sum(c.n)::int FROM unnest(bids, keys, ns) AS c(b, k, n)
  GROUP BY c.b, c.k ORDER BY c.b, c.k
  ON CONFLICT (business_id, key) DO UPDATE SET leads = g.leads + excluded.leads;
  INSERT INTO lead_referrer_names AS x (business_id, key, name, leads)
  SELECT c.b, c.k, c.nm, c.n FROM unnest(bids, keys, names, ns) AS c(b, k, nm, n)
  ON CONFLICT (business_id, key, name) DO UPDATE SET leads = x.leads + excluded.leads;
  DELETE FROM lead_referrer_names x USING unnest(bids, keys, names) AS c(b, k, nm)
  WHERE x.business_id = c.b AND x.key = c.k AND x.name = c.nm AND x.leads = 0;
  DELETE FROM lead_referrers g USING (SELECT DISTINCT b, k FROM unnest(bids, keys) AS c(b, k)) c
  WHERE g.business_id = c.b AND g.key = c.k AND g.leads = 0;
  -- The name shown: the greatest name the leads carry (the code when none does).
  UPDATE lead_referrers g SET name = coalesce(
      (SELECT max(nullif(x.name, '')) FROM lead_referrer_names x WHERE x.business_id = g.business_id AND x.key = g.key), g.key)
  FROM (SELECT DISTINCT b, k FROM unnest(bids, keys) AS c(b, k)) c
  WHERE g.business_id = c.b AND g.key = c.k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_figures_inserted AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
CREATE TRIGGER leads_figures_updated AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
CREATE TRIGGER leads_figures_deleted AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
-- Rebuilds one business's lead figures from its leads (the backfill below, and the repair of docs/leads.md).
CREATE FUNCTION leads_figures_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_figures WHERE business_id = bid;
  DELETE FROM lead_week_figures WHERE business_id = bid;
  DELETE FROM lead_referrer_names WHERE business_id = bid;
  DELETE FROM lead_referrers WHERE business_id = bid;
  INSERT INTO lead_figures (business_id, status, source, leads)
  SELECT business_id, status, source, count(*) FROM leads WHERE business_id = bid GROUP BY business_id, status, source;
  INSERT INTO lead_week_figures (business_id, week, status, source, leads)
  SELECT business_id, date_bin('7 days', created_at, timestamptz '2000-01-03 00:00:00+00'), status, source, count(*)
  FROM leads WHERE business_id = bid GROUP BY 1, 2, 3, 4;
  INSERT INTO lead_referrer_names (business_id, key, name, leads)
  SELECT business_id, coalesce(referrer_code, lower(nullif(trim(referrer_name), ''))), coalesce(nullif(trim(referrer_name), ''), ''), count(*)
  FROM leads WHERE business_id = bid AND (referrer_code IS NOT NULL OR nullif(trim(referrer_name), '') IS NOT NULL)
  GROUP BY 1, 2, 3;
  INSERT INTO lead_referrers (business_id, key, name, leads)
  SELECT business_id, key, coalesce(max(nullif(name, '')), key), sum(leads) FROM lead_referrer_names WHERE business_id = bid GROUP BY business_id, key;
END $$;
--> statement-breakpoint
SELECT leads_figures_rebuild(id) FROM businesses;
--> statement-breakpoint
-- Search (docs/leads.md): one trigram index on search_text (the name, e-mail and referrer's name in lower case)
-- instead of one per column, where pg_trgm is available (as 0020); the phone's stays.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS leads_search_text_trgm_idx ON leads USING gin (search_text gin_trgm_ops);
  END IF;
  DROP INDEX IF EXISTS leads_name_trgm_idx;
  DROP INDEX IF EXISTS leads_email_trgm_idx;
  DROP INDEX IF EXISTS leads_referrer_name_trgm_idx;
END $$;
