-- A conversation keeps its client's name in lower case (search_name), so a name search walks the business's
-- conversations in their order and compares each one's own row, instead of matching every client of the business
-- first (decision 0018). Filled when the conversation's first text is stored (sms_conversations_apply) and when
-- the client is renamed (read_model_clients_changed); the nightly check compares it with the clients.
ALTER TABLE "sms_conversations" ADD COLUMN IF NOT EXISTS "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "sms_conversations" v SET "search_name" = lower(c."name") FROM "clients" c WHERE c."id" = v."client_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sms_conversations_apply(b integer[], c integer[], u integer[], added timestamp with time zone[], lost boolean[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sms_conversations AS v (business_id, client_id, unread, last_at, search_name)
  SELECT d.b, d.c, d.u, d.added, coalesce((SELECT lower(cl.name) FROM clients cl WHERE cl.id = d.c), '')
  FROM unnest(b, c, u, added, lost) AS d(b, c, u, added, lost)
  WHERE d.added IS NOT NULL ORDER BY d.b, d.c
  ON CONFLICT (business_id, client_id) DO UPDATE SET unread = v.unread + excluded.unread, last_at = greatest(v.last_at, excluded.last_at);
  UPDATE sms_conversations v SET unread = v.unread + d.u
  FROM unnest(b, c, u, added, lost) AS d(b, c, u, added, lost)
  WHERE d.added IS NULL AND d.u <> 0 AND v.business_id = d.b AND v.client_id = d.c;
  IF true = ANY(lost) THEN
    DELETE FROM sms_conversations v USING unnest(b, c, lost) AS d(b, c, lost)
    WHERE d.lost AND v.business_id = d.b AND v.client_id = d.c
      AND NOT EXISTS (SELECT 1 FROM sms_messages m WHERE m.business_id = d.b AND m.client_id = d.c);
    UPDATE sms_conversations v SET last_at = l.last_at
    FROM unnest(b, c, lost) AS d(b, c, lost)
    CROSS JOIN LATERAL (SELECT max(m."timestamp") AS last_at FROM sms_messages m WHERE m.business_id = d.b AND m.client_id = d.c) l
    WHERE d.lost AND v.business_id = d.b AND v.client_id = d.c AND l.last_at IS NOT NULL AND v.last_at IS DISTINCT FROM l.last_at;
  END IF;
END $function$
;
--> statement-breakpoint
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
