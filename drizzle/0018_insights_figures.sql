ALTER TABLE "business_figures" ADD COLUMN "clients_booked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_figures" ADD COLUMN "clients_repeat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_figures" ADD COLUMN "frequency_sum" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_figures" ADD COLUMN "frequency_clients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_business_not_completed_idx" ON "bookings" USING btree ("business_id","status") WHERE "bookings"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "clients_business_spent_order_idx" ON "clients" USING btree ("business_id","total_spent" DESC NULLS LAST,"total_bookings" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "clients_business_due_idx" ON "clients" USING btree ("business_id",("last_booking" + "frequency"),"id") WHERE "clients"."total_bookings" >= 3 and "clients"."frequency" > 0 and "clients"."last_booking" is not null;--> statement-breakpoint
-- Insights (docs/insights.md): the clients trigger also keeps the clients with one and with two or more
-- completed bookings, and the sum and number of repeat clients' usual gaps. Same shape as before: each
-- statement adds its new rows and subtracts its old ones; a statement that moves no figure writes nothing.
CREATE OR REPLACE FUNCTION read_model_clients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, sum(s)::int AS n, sum(s * loyalty_score) AS score,
        coalesce(sum(s) FILTER (WHERE loyalty_score >= 7), 0)::int AS high,
        coalesce(sum(s) FILTER (WHERE loyalty_score >= 4 AND loyalty_score < 7), 0)::int AS medium,
        coalesce(sum(s) FILTER (WHERE loyalty_score < 4), 0)::int AS low,
        coalesce(sum(s) FILTER (WHERE total_bookings >= 1), 0)::int AS booked,
        coalesce(sum(s) FILTER (WHERE total_bookings >= 2), 0)::int AS rep,
        coalesce(sum(s * frequency) FILTER (WHERE total_bookings >= 2 AND frequency IS NOT NULL), 0)::bigint AS fsum,
        coalesce(sum(s) FILTER (WHERE total_bookings >= 2 AND frequency IS NOT NULL), 0)::int AS fn
      FROM ch GROUP BY business_id
    )
    UPDATE business_figures f SET clients = f.clients + d.n, loyalty_sum = f.loyalty_sum + d.score,
      loyalty_high = f.loyalty_high + d.high, loyalty_medium = f.loyalty_medium + d.medium, loyalty_low = f.loyalty_low + d.low,
      clients_booked = f.clients_booked + d.booked, clients_repeat = f.clients_repeat + d.rep,
      frequency_sum = f.frequency_sum + d.fsum, frequency_clients = f.frequency_clients + d.fn
    FROM d WHERE f.business_id = d.business_id AND (d.n <> 0 OR d.score <> 0 OR d.high <> 0 OR d.medium <> 0 OR d.low <> 0
      OR d.booked <> 0 OR d.rep <> 0 OR d.fsum <> 0 OR d.fn <> 0)
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
--> statement-breakpoint
-- The rebuild (docs/read-model.md) fills the new figures too.
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
    referrals = r.n, referrals_active = r.active, referred_bookings = d.rn, referred_revenue = d.ramount
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
    (SELECT coalesce(sum(referred_bookings), 0)::int AS rn, coalesce(sum(referred_revenue), 0) AS ramount
     FROM business_daily_figures WHERE business_id = bid) d
  WHERE f.business_id = bid;
END $$;
--> statement-breakpoint
-- Existing businesses' new figures, from their clients.
UPDATE business_figures f SET clients_booked = c.booked, clients_repeat = c.rep, frequency_sum = c.fsum, frequency_clients = c.fn
FROM (
  SELECT business_id,
    count(*) FILTER (WHERE total_bookings >= 1)::int AS booked,
    count(*) FILTER (WHERE total_bookings >= 2)::int AS rep,
    coalesce(sum(frequency) FILTER (WHERE total_bookings >= 2 AND frequency IS NOT NULL), 0)::bigint AS fsum,
    count(*) FILTER (WHERE total_bookings >= 2 AND frequency IS NOT NULL)::int AS fn
  FROM clients GROUP BY business_id
) c
WHERE f.business_id = c.business_id;
