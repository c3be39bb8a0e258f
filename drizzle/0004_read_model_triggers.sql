-- The dashboard's read model (docs/read-model.md): business_figures and business_daily_figures are kept
-- by statement-level triggers with transition tables, so every writer (imports, webhooks, Add Client,
-- deletes and cascades, recomputes, direct SQL) keeps them exact without calling anything.
-- Each statement adds its new rows and subtracts its old rows; a statement that moves no figure
-- writes nothing (so a gift or thank-you does not lock the business's figures row).

CREATE FUNCTION read_model_business_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_figures (business_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER read_model_business_added AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_business_added();
--> statement-breakpoint

-- The rows a statement changed, signed: +1 for new rows, -1 for old rows.
CREATE FUNCTION read_model_changed_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS s FROM new_rows n UNION ALL SELECT o.*, -1 AS s FROM old_rows o'
  END
$$;
--> statement-breakpoint

-- Clients: count, loyalty sum and bands. A client becoming (or ceasing to be) referred moves its
-- completed bookings into (or out of) the referred figures.
CREATE FUNCTION read_model_clients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP = 'UPDATE' THEN
    PERFORM read_model_move_referred(array_agg(n.id), array_agg(CASE WHEN n.is_referred_client THEN 1 ELSE -1 END))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.is_referred_client IS DISTINCT FROM o.is_referred_client
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Adds (sign 1) or removes (sign -1) the completed bookings of these clients to the referred figures.
CREATE FUNCTION read_model_move_referred(client_ids int[], signs int[]) RETURNS void LANGUAGE sql AS $$
  WITH m AS (SELECT * FROM unnest(client_ids, signs) AS m(id, s)),
  d AS (
    SELECT b.business_id, b.service_date AS day, sum(m.s)::int AS n, sum(m.s * coalesce(b.amount_charged, 0)) AS amount
    FROM m JOIN bookings b ON b.client_id = m.id
    WHERE b.status = 'completed'
    GROUP BY b.business_id, b.service_date
  ),
  daily AS (
    UPDATE business_daily_figures f SET referred_bookings = f.referred_bookings + d.n, referred_revenue = f.referred_revenue + d.amount
    FROM d WHERE f.business_id = d.business_id AND f.day = d.day
  ),
  t AS (SELECT business_id, sum(n)::int AS n, sum(amount) AS amount FROM d GROUP BY business_id)
  UPDATE business_figures f SET referred_bookings = f.referred_bookings + t.n, referred_revenue = f.referred_revenue + t.amount
  FROM t WHERE f.business_id = t.business_id
$$;
--> statement-breakpoint

-- Before a referred client is deleted, its bookings leave the referred figures; the cascade that then
-- deletes its bookings finds no client any more and takes them off the totals only.
CREATE FUNCTION read_model_referred_client_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM read_model_move_referred(ARRAY[OLD.id], ARRAY[-1]);
  RETURN OLD;
END $$;
--> statement-breakpoint

-- Bookings: completed bookings and their amount per service date; the referred part by the client's flag.
CREATE FUNCTION read_model_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT ch.business_id, ch.service_date AS day, sum(ch.s)::int AS n, sum(ch.s * coalesce(ch.amount_charged, 0)) AS amount,
        coalesce(sum(ch.s) FILTER (WHERE c.is_referred_client), 0)::int AS rn,
        coalesce(sum(ch.s * coalesce(ch.amount_charged, 0)) FILTER (WHERE c.is_referred_client), 0) AS ramount
      FROM ch LEFT JOIN clients c ON c.id = ch.client_id
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

-- Referrals: how many, and how many are not converted yet.
CREATE FUNCTION read_model_referrals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (SELECT business_id, sum(s)::int AS n, coalesce(sum(s) FILTER (WHERE NOT converted), 0)::int AS active FROM ch GROUP BY business_id)
    UPDATE business_figures f SET referrals = f.referrals + d.n, referrals_active = f.referrals_active + d.active
    FROM d WHERE f.business_id = d.business_id AND (d.n <> 0 OR d.active <> 0)
  $q$, read_model_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER read_model_clients_inserted AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_clients_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_clients_updated AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_clients_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_clients_deleted AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_clients_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referred_client_deleting BEFORE DELETE ON clients
  FOR EACH ROW WHEN (OLD.is_referred_client) EXECUTE FUNCTION read_model_referred_client_deleting();
--> statement-breakpoint
CREATE TRIGGER read_model_bookings_inserted AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_bookings_updated AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_bookings_deleted AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_bookings_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referrals_inserted AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referrals_updated AFTER UPDATE ON referrals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_referrals_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referrals_deleted AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_referrals_changed();
--> statement-breakpoint

-- Rebuilds one business's figures from its rows (the migration's backfill, and the repair of
-- docs/read-model.md). Call with the business's clients lock held, or nothing writing to it.
CREATE FUNCTION read_model_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
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
    referrals = r.n, referrals_active = r.active, referred_bookings = d.rn, referred_revenue = d.ramount
  FROM
    (SELECT count(*)::int AS n, coalesce(sum(loyalty_score), 0) AS score,
       count(*) FILTER (WHERE loyalty_score >= 7)::int AS high,
       count(*) FILTER (WHERE loyalty_score >= 4 AND loyalty_score < 7)::int AS medium,
       count(*) FILTER (WHERE loyalty_score < 4)::int AS low
     FROM clients WHERE business_id = bid) c,
    (SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT converted)::int AS active FROM referrals WHERE business_id = bid) r,
    (SELECT coalesce(sum(referred_bookings), 0)::int AS rn, coalesce(sum(referred_revenue), 0) AS ramount
     FROM business_daily_figures WHERE business_id = bid) d
  WHERE f.business_id = bid;
END $$;
--> statement-breakpoint
SELECT read_model_rebuild(id) FROM businesses;
--> statement-breakpoint

-- Search by substring through trigram indexes where pg_trgm is available (PostgreSQL; PGlite loads it as a
-- contrib extension in db/client.ts). Without it, search still works, by scanning the business's clients.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: client search scans instead of using an index';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS clients_name_trgm_idx ON clients USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS clients_email_trgm_idx ON clients USING gin (lower(email) gin_trgm_ops);
  END IF;
END $$;
