CREATE INDEX "clients_business_referred_idx" ON "clients" USING btree ("business_id") WHERE "clients"."is_referred_client";--> statement-breakpoint

-- Cheaper upkeep for imports (docs/read-model.md, "What it costs a write"): bookings look up only the
-- referred clients of the businesses they touch (through the partial index above) instead of every
-- booking's client; a clients statement looks for referral flips only when a referred client is in it.
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
    t AS (SELECT business_id, sum(rn)::int AS n, sum(ramount) AS amount FROM d GROUP BY business_id)
    UPDATE business_figures f SET referred_bookings = f.referred_bookings + t.n, referred_revenue = f.referred_revenue + t.amount
    FROM t WHERE f.business_id = t.business_id AND (t.n <> 0 OR t.amount <> 0)
  $q$, read_model_changed_rows(TG_OP));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM business_daily_figures f USING (SELECT DISTINCT business_id, service_date FROM old_rows) o
    WHERE f.business_id = o.business_id AND f.day = o.service_date AND f.bookings = 0 AND f.revenue = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION read_model_clients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, sum(s)::int AS n, sum(s * loyalty_score) AS score,
        coalesce(sum(s) FILTER (WHERE loyalty_score >= 7), 0)::int AS high,
        coalesce(sum(s) FILTER (WHERE loyalty_score >= 4 AND loyalty_score < 7), 0)::int AS medium,
        coalesce(sum(s) FILTER (WHERE loyalty_score < 4), 0)::int AS low
      FROM ch GROUP BY business_id
    )
    UPDATE business_figures f SET clients = f.clients + d.n, loyalty_sum = f.loyalty_sum + d.score,
      loyalty_high = f.loyalty_high + d.high, loyalty_medium = f.loyalty_medium + d.medium, loyalty_low = f.loyalty_low + d.low
    FROM d WHERE f.business_id = d.business_id AND (d.n <> 0 OR d.score <> 0 OR d.high <> 0 OR d.medium <> 0 OR d.low <> 0)
  $q$, read_model_changed_rows(TG_OP));
  -- Nested: the condition on new_rows and old_rows is planned only in an UPDATE trigger, where they exist.
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE is_referred_client) OR EXISTS (SELECT 1 FROM old_rows WHERE is_referred_client) THEN
      PERFORM read_model_move_referred(array_agg(n.id), array_agg(CASE WHEN n.is_referred_client THEN 1 ELSE -1 END))
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.is_referred_client IS DISTINCT FROM o.is_referred_client
      HAVING count(*) > 0;
    END IF;
  END IF;
  RETURN NULL;
END $$;
