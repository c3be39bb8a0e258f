ALTER TABLE "business_figures" ADD COLUMN "bookings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_figures" ADD COLUMN "revenue" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The bookings trigger also keeps the business's completed bookings and their amount, all time, so the
-- dashboard's total revenue and Insights' totals read one row instead of summing every day row
-- (docs/read-model.md). Same shape as before: each statement adds its new rows and subtracts its old ones.
CREATE OR REPLACE FUNCTION read_model_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- The rebuild (docs/read-model.md) fills them too, from the day rows it has just rebuilt.
CREATE OR REPLACE FUNCTION read_model_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_daily_figures WHERE business_id = bid;
  INSERT INTO business_daily_figures (business_id, day, bookings, revenue, referred_bookings, referred_revenue)
  SELECT b.business_id, b.service_date, count(*), coalesce(sum(b.amount_charged), 0),
    count(*) FILTER (WHERE c.is_referred_client), coalesce(sum(b.amount_charged) FILTER (WHERE c.is_referred_client), 0)
  FROM bookings b LEFT JOIN clients c ON c.id = b.client_id
  WHERE b.business_id = bid AND b.status = 'completed'
  GROUP BY b.business_id, b.service_date;
  INSERT INTO business_figures (business_id) VALUES (bid) ON CONFLICT DO NOTHING;
  UPDATE business_figures f SET
    clients = c.n, loyalty_sum = c.score, loyalty_high = c.high, loyalty_medium = c.medium, loyalty_low = c.low,
    clients_booked = c.booked, clients_repeat = c.rep, frequency_sum = c.fsum, frequency_clients = c.fn,
    cancelled_bookings = (SELECT count(*)::int FROM bookings WHERE business_id = bid AND status IN ('cancelled', 'no-show')),
    referrals = r.n, referrals_active = r.active, referred_bookings = d.rn, referred_revenue = d.ramount,
    bookings = d.bn, revenue = d.bamount
  FROM
    (SELECT count(*)::int AS n, coalesce(sum(loyalty_score), 0) AS score,
       count(*) FILTER (WHERE loyalty_score >= 7)::int AS high,
       count(*) FILTER (WHERE loyalty_score >= 4 AND loyalty_score < 7)::int AS medium,
       count(*) FILTER (WHERE loyalty_score < 4)::int AS low,
       count(*) FILTER (WHERE total_bookings >= 1)::int AS booked,
       count(*) FILTER (WHERE total_bookings >= 2)::int AS rep,
       coalesce(sum(frequency) FILTER (WHERE total_bookings >= 2 AND frequency IS NOT NULL), 0)::bigint AS fsum,
       count(*) FILTER (WHERE total_bookings >= 2 AND frequency IS NOT NULL)::int AS fn
     FROM clients WHERE business_id = bid) c,
    (SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT converted)::int AS active FROM referrals WHERE business_id = bid) r,
    (SELECT coalesce(sum(referred_bookings), 0)::int AS rn, coalesce(sum(referred_revenue), 0) AS ramount,
       coalesce(sum(bookings), 0)::int AS bn, coalesce(sum(revenue), 0) AS bamount
     FROM business_daily_figures WHERE business_id = bid) d
  WHERE f.business_id = bid;
END $$;
--> statement-breakpoint
-- Existing businesses' totals, from their day rows (which hold exactly the completed bookings).
UPDATE business_figures f SET bookings = d.n, revenue = d.amount
FROM (SELECT business_id, sum(bookings)::int AS n, sum(revenue) AS amount FROM business_daily_figures GROUP BY business_id) d
WHERE f.business_id = d.business_id;
