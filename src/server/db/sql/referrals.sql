-- What a write of referrals moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.read_model_referrals_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
-- business_figures.referrals and referrals_active, and each referrer's referrals and conversions (referrer_figures).
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (SELECT business_id, sum(s)::int AS n, coalesce(sum(s) FILTER (WHERE NOT converted), 0)::int AS active FROM ch GROUP BY business_id)
    UPDATE business_figures f SET referrals = f.referrals + d.n, referrals_active = f.referrals_active + d.active
    FROM d WHERE f.business_id = d.business_id AND (d.n <> 0 OR d.active <> 0)
  $q$, read_model_changed_rows(TG_OP));
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT referrer_client_id AS client_id, sum(s)::int AS n, coalesce(sum(s) FILTER (WHERE converted), 0)::int AS conv
      FROM ch WHERE referrer_client_id IS NOT NULL GROUP BY referrer_client_id
    )
    INSERT INTO referrer_figures AS f (client_id, business_id, referrals, converted)
    SELECT d.client_id, c.business_id, d.n, d.conv FROM d JOIN clients c ON c.id = d.client_id
    WHERE (d.n <> 0 OR d.conv <> 0) AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    ORDER BY d.client_id
    ON CONFLICT (client_id) DO UPDATE SET referrals = f.referrals + excluded.referrals, converted = f.converted + excluded.converted
  $q$, read_model_changed_rows(TG_OP));
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER read_model_referrals_deleted AFTER DELETE ON public.referrals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referrals_inserted AFTER INSERT ON public.referrals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referrals_updated AFTER UPDATE ON public.referrals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_referrals_changed();
--> statement-breakpoint
