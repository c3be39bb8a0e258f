-- What a write of clients moves in the read model (docs/read-model.md). Migrations copy this file's text.
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
    -- A renamed client's conversation keeps the name its search compares (decision 0018): one probe of the
    -- conversations' key per updated client, whatever the statement changed.
    UPDATE sms_conversations v SET search_name = lower(n.name)
    FROM new_rows n WHERE v.business_id = n.business_id AND v.client_id = n.id AND v.search_name IS DISTINCT FROM lower(n.name);
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.read_model_move_referred(client_ids integer[], signs integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.read_model_referred_client_deleting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM read_model_move_referred(ARRAY[OLD.id], ARRAY[-1]);
  RETURN OLD;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER read_model_clients_deleted AFTER DELETE ON public.clients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_clients_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_clients_inserted AFTER INSERT ON public.clients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_clients_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_clients_updated AFTER UPDATE ON public.clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_clients_changed();
--> statement-breakpoint
CREATE TRIGGER read_model_referred_client_deleting BEFORE DELETE ON public.clients FOR EACH ROW WHEN (old.is_referred_client) EXECUTE FUNCTION read_model_referred_client_deleting();
--> statement-breakpoint
