-- What a write of bookings moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.read_model_bookings_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    refd AS (
      SELECT c.id FROM clients c
      WHERE c.is_referred_client AND c.business_id IN (SELECT DISTINCT business_id FROM ch)
    ),
    d AS (
      SELECT ch.business_id, ch.service_date AS day, sum(ch.s)::int AS n, sum(ch.s * coalesce(ch.amount_charged, 0)) AS amount,
        coalesce(sum(ch.s) FILTER (WHERE refd.id IS NOT NULL), 0)::int AS rn,
        coalesce(sum(ch.s * coalesce(ch.amount_charged, 0)) FILTER (WHERE refd.id IS NOT NULL), 0) AS ramount
      FROM ch LEFT JOIN refd ON refd.id = ch.client_id
      WHERE ch.status = 'completed'
      GROUP BY ch.business_id, ch.service_date
    ),
    daily AS (
      INSERT INTO business_daily_figures AS f (business_id, day, bookings, revenue, referred_bookings, referred_revenue)
      SELECT d.business_id, d.day, d.n, d.amount, d.rn, d.ramount FROM d
      WHERE (d.n <> 0 OR d.amount <> 0 OR d.rn <> 0 OR d.ramount <> 0)
        AND EXISTS (SELECT 1 FROM businesses bz WHERE bz.id = d.business_id)
      ON CONFLICT (business_id, day) DO UPDATE SET bookings = f.bookings + excluded.bookings, revenue = f.revenue + excluded.revenue,
        referred_bookings = f.referred_bookings + excluded.referred_bookings, referred_revenue = f.referred_revenue + excluded.referred_revenue
    ),
    t AS (
      SELECT business_id, sum(n)::int AS bn, sum(amount) AS bamount, sum(rn)::int AS n, sum(ramount) AS amount
      FROM d GROUP BY business_id
    ),
    cx AS (SELECT business_id, sum(s)::int AS n FROM ch WHERE status IN ('cancelled', 'no-show') GROUP BY business_id),
    tt AS (
      SELECT coalesce(t.business_id, cx.business_id) AS business_id, coalesce(t.n, 0) AS n, coalesce(t.amount, 0) AS amount,
        coalesce(t.bn, 0) AS bn, coalesce(t.bamount, 0) AS bamount, coalesce(cx.n, 0) AS cn
      FROM t FULL JOIN cx ON cx.business_id = t.business_id
    )
    UPDATE business_figures f SET referred_bookings = f.referred_bookings + tt.n, referred_revenue = f.referred_revenue + tt.amount,
      bookings = f.bookings + tt.bn, revenue = f.revenue + tt.bamount, cancelled_bookings = f.cancelled_bookings + tt.cn
    FROM tt WHERE f.business_id = tt.business_id
      AND (tt.n <> 0 OR tt.amount <> 0 OR tt.bn <> 0 OR tt.bamount <> 0 OR tt.cn <> 0)
  $q$, read_model_changed_rows(TG_OP));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM business_daily_figures f USING (SELECT DISTINCT business_id, service_date FROM old_rows) o
    WHERE f.business_id = o.business_id AND f.day = o.service_date AND f.bookings = 0 AND f.revenue = 0;
  END IF;
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER read_model_bookings_deleted AFTER DELETE ON public.bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_bookings_inserted AFTER INSERT ON public.bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_bookings_updated AFTER UPDATE ON public.bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_bookings_changed();
--> statement-breakpoint
