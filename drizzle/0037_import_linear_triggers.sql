-- Statement triggers on clients and referrals without a join of their transition tables.
--
-- PL/pgSQL plans a static statement once per connection, with the row counts of the transition tables
-- the first time it runs (usually one row: Add Client, a webhook). The plan it kept for a join of
-- new_rows and old_rows on id was then a nested loop, and a re-upload that rewrote 50,000 clients
-- compared 50,000 x 50,000 rows (25 million per 5,000 clients re-uploaded; minutes at 50,000). Each
-- statement below gives the same answer as the join it replaces through a grouping or EXCEPT, which is
-- linear in the rows whatever plan was kept. Same results as before, function by function.

-- Score counts: +1 per new row, -1 per old row, grouped; an unchanged score cancels out.
CREATE OR REPLACE FUNCTION client_score_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_score_counts AS k (business_id, score, clients)
    SELECT business_id, loyalty_score, count(*)::int FROM new_rows GROUP BY 1, 2
    ON CONFLICT (business_id, score) DO UPDATE SET clients = k.clients + excluded.clients;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE client_score_counts k SET clients = k.clients - d.n
    FROM (SELECT business_id, loyalty_score AS score, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
    WHERE k.business_id = d.business_id AND k.score = d.score;
  ELSE
    WITH d AS (
      SELECT business_id, score, sum(n)::int AS n FROM (
        SELECT business_id, loyalty_score AS score, 1 AS n FROM new_rows
        UNION ALL
        SELECT business_id, loyalty_score, -1 FROM old_rows
      ) x GROUP BY 1, 2 HAVING sum(n) <> 0
    )
    INSERT INTO client_score_counts AS k (business_id, score, clients) SELECT business_id, score, n FROM d
    ON CONFLICT (business_id, score) DO UPDATE SET clients = k.clients + excluded.clients;
  END IF;
  DELETE FROM client_score_counts k USING (SELECT DISTINCT business_id FROM old_rows) b
  WHERE k.business_id = b.business_id AND k.clients <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Search version: the rows whose (id, business, search text) is not among the other side's are the
-- changed ones (EXCEPT compares nulls as equal, as IS DISTINCT FROM does); both their businesses move.
CREATE OR REPLACE FUNCTION clients_search_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE business_figures f SET search_version = f.search_version + 1
    WHERE f.business_id IN (SELECT business_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE business_figures f SET search_version = f.search_version + 1
    WHERE f.business_id IN (SELECT business_id FROM old_rows);
  ELSE
    UPDATE business_figures f SET search_version = f.search_version + 1
    WHERE f.business_id IN (
      SELECT business_id FROM (SELECT id, business_id, search_text FROM new_rows EXCEPT SELECT id, business_id, search_text FROM old_rows) n
      UNION
      SELECT business_id FROM (SELECT id, business_id, search_text FROM old_rows EXCEPT SELECT id, business_id, search_text FROM new_rows) o
    );
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Read model of clients: unchanged but for the clients whose referred flag moved, found by grouping the
-- referred rows of both sides (+1 new, -1 old) instead of joining them.
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
      PERFORM read_model_move_referred(array_agg(m.id), array_agg(m.s))
      FROM (
        SELECT id, sum(s)::int AS s FROM (
          SELECT id, 1 AS s FROM new_rows WHERE is_referred_client
          UNION ALL
          SELECT id, -1 FROM old_rows WHERE is_referred_client
        ) x GROUP BY id HAVING sum(s) <> 0
      ) m
      HAVING count(*) > 0;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Referral list: the referrers a changed row newly names are the new rows whose (id, referrer, business)
-- is not among the old rows.
CREATE OR REPLACE FUNCTION referral_list_referrals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM 1 FROM clients c WHERE c.id IN (SELECT n.referrer_client_id FROM (
      SELECT id, referrer_client_id, business_id FROM new_rows EXCEPT SELECT id, referrer_client_id, business_id FROM old_rows) n) FOR SHARE;
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
