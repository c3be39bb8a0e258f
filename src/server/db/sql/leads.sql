-- What a write of leads moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.leads_figures_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
-- lead_figures (leads by status and source) and lead_referrer_names (leads by referrer and the name they carry).
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, status, source, sum(s)::int AS n
      FROM ch WHERE EXISTS (SELECT 1 FROM businesses bz WHERE bz.id = ch.business_id)
      GROUP BY 1, 2, 3 HAVING sum(s) <> 0
    )
    INSERT INTO lead_figures AS f (business_id, status, source, leads)
    SELECT business_id, status, source, n FROM d ORDER BY 1, 2, 3
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
    INSERT INTO lead_referrer_names AS x (business_id, key, name, leads)
    SELECT business_id, key, name, n FROM d ORDER BY 1, 2, 3
    ON CONFLICT (business_id, key, name) DO UPDATE SET leads = x.leads + excluded.leads
  $q$, read_model_changed_rows(TG_OP));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM lead_referrer_names x WHERE x.leads = 0 AND x.business_id IN (SELECT business_id FROM old_rows);
  END IF;
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER leads_figures_deleted AFTER DELETE ON public.leads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
CREATE TRIGGER leads_figures_inserted AFTER INSERT ON public.leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
CREATE TRIGGER leads_figures_updated AFTER UPDATE ON public.leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
