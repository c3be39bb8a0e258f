-- Statement triggers without a join of their transition tables. PL/pgSQL plans a static statement once per
-- connection, with the row counts of its first call (usually one row: Add Client, a webhook); the plan it kept for
-- a join of new_rows and old_rows on id was a nested loop, and a re-upload that rewrote 50,000 clients compared
-- 50,000 x 50,000 rows. The referred-client move now groups both sides instead (same result, linear in the rows).
-- The function's text is copied from src/server/db/sql/clients.sql.
CREATE OR REPLACE FUNCTION public.read_model_clients_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      -- Grouped, not a join of new_rows and old_rows: PL/pgSQL keeps this statement's plan from its first call
      -- (often one row), and a kept nested loop over a 50,000-row re-upload compares 50,000 x 50,000 rows.
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
END $function$
;
