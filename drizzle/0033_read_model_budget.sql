-- The read model within its budget (docs/decisions/0009-read-model-budget.md): every trigger and trigger function
-- goes, then what remains is created from its one source file in src/server/db/sql/ (the text below is a copy of
-- those files; a test compares the database with them). The tables that lose their triggers go in 0034.
DROP TRIGGER IF EXISTS client_score_counts_deleted ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS client_score_counts_inserted ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS client_score_counts_updated ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_search_version_deleted ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_search_version_inserted ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_search_version_updated ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lead_search_version_deleted ON leads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lead_search_version_inserted ON leads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lead_search_version_updated ON leads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_figures_deleted ON leads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_figures_inserted ON leads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_figures_updated ON leads;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_bookings_deleted ON bookings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_bookings_inserted ON bookings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_bookings_updated ON bookings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_business_added ON businesses;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_clients_deleted ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_clients_inserted ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_clients_updated ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_referrals_deleted ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_referrals_inserted ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_referrals_updated ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_referred_client_deleting ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_figures_referrals_deleted ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_figures_referrals_inserted ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_figures_referrals_updated ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_figures_rewards_deleted ON referral_rewards;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_figures_rewards_inserted ON referral_rewards;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_figures_rewards_updated ON referral_rewards;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_client_renamed ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_referrals_deleted ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_referrals_inserted ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_referrals_updated ON referrals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_rewards_deleted ON referral_rewards;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_rewards_inserted ON referral_rewards;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referral_list_rewards_updated ON referral_rewards;
--> statement-breakpoint
DROP TRIGGER IF EXISTS referrer_figures_client_renamed ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_bulk_counts_deleted ON sms_outbox;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_bulk_counts_inserted ON sms_outbox;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_bulk_counts_updated ON sms_outbox;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_conversations_client_renamed ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_conversations_deleted ON sms_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_conversations_inserted ON sms_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_conversations_updated ON sms_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_message_days_deleted ON sms_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_message_days_inserted ON sms_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_message_days_updated ON sms_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_outbox_figures_deleted ON sms_outbox;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_outbox_figures_inserted ON sms_outbox;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sms_outbox_figures_updated ON sms_outbox;
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_business_added();
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_changed_rows(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_clients_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_move_referred(integer[],integer[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_referred_client_deleting();
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_bookings_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_referrals_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS read_model_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_conversations_apply(integer[],integer[],integer[],timestamp with time zone[],boolean[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_conversations_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_conversations_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_bulk_counts_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_bulk_counts_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_figures_signed(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_figures_referrals_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_figures_rewards_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referrer_figures_client_renamed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_figures_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_outbox_figures_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_outbox_figures_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS leads_figures_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS leads_figures_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS clients_search_version_raise();
--> statement-breakpoint
DROP FUNCTION IF EXISTS client_score_counts_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS client_score_counts_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_conversations_client_renamed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_message_days_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS sms_message_days_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_list_referrals_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_list_rewards_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_list_client_renamed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referral_list_rebuild(integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS lead_search_version_raise();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lead_search_versions_rebuild(integer);
--> statement-breakpoint
-- src/server/db/sql/changed-rows.sql
-- The rows a statement-level trigger adds (+1) and removes (-1), as SQL text the trigger functions run. Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.read_model_changed_rows(op text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS s FROM new_rows n UNION ALL SELECT o.*, -1 AS s FROM old_rows o'
  END
$function$
;
--> statement-breakpoint
-- src/server/db/sql/businesses.sql
-- What a write of businesses moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.read_model_business_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO business_figures (business_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER read_model_business_added AFTER INSERT ON public.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_business_added();
--> statement-breakpoint
-- src/server/db/sql/clients.sql
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
    IF EXISTS (SELECT 1 FROM new_rows WHERE is_referred_client) OR EXISTS (SELECT 1 FROM old_rows WHERE is_referred_client) THEN
      PERFORM read_model_move_referred(array_agg(n.id), array_agg(CASE WHEN n.is_referred_client THEN 1 ELSE -1 END))
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.is_referred_client IS DISTINCT FROM o.is_referred_client
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
-- src/server/db/sql/bookings.sql
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
-- src/server/db/sql/referrals.sql
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
-- src/server/db/sql/leads.sql
-- What a write of leads moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.leads_figures_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
-- lead_figures (leads by status and source) and lead_referrer_names (leads by referrer and the name they carry).
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, status, source, sum(s)::int AS n
      FROM ch WHERE EXISTS (SELECT 1 FROM businesses bz WHERE bz.id = ch.business_id)
      GROUP BY 1, 2, 3 HAVING sum(s) <> 0
    )
    INSERT INTO lead_figures AS f (business_id, status, source, leads)
    SELECT business_id, status, source, n FROM d ORDER BY 1, 2, 3
    ON CONFLICT (business_id, status, source) DO UPDATE SET leads = f.leads + excluded.leads
  $q$, read_model_changed_rows(TG_OP));
  -- Referrers: keyed by the referrer's code, or without one by the name in lower case (trimmed).
  EXECUTE format($q$
    WITH ch AS (%s),
    r AS (
      SELECT business_id, coalesce(referrer_code, lower(nullif(trim(referrer_name), ''))) AS key,
        coalesce(nullif(trim(referrer_name), ''), '') AS name, s
      FROM ch WHERE referrer_code IS NOT NULL OR nullif(trim(referrer_name), '') IS NOT NULL
    ),
    d AS (
      SELECT business_id, key, name, sum(s)::int AS n FROM r
      WHERE EXISTS (SELECT 1 FROM businesses bz WHERE bz.id = r.business_id)
      GROUP BY business_id, key, name HAVING sum(s) <> 0
    )
    INSERT INTO lead_referrer_names AS x (business_id, key, name, leads)
    SELECT business_id, key, name, n FROM d ORDER BY 1, 2, 3
    ON CONFLICT (business_id, key, name) DO UPDATE SET leads = x.leads + excluded.leads
  $q$, read_model_changed_rows(TG_OP));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM lead_referrer_names x WHERE x.leads = 0 AND x.business_id IN (SELECT business_id FROM old_rows);
  END IF;
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER leads_figures_deleted AFTER DELETE ON public.leads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
CREATE TRIGGER leads_figures_inserted AFTER INSERT ON public.leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
CREATE TRIGGER leads_figures_updated AFTER UPDATE ON public.leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_figures_changed();
--> statement-breakpoint
-- src/server/db/sql/sms-messages.sql
-- What a write of texts (sms_messages) moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.sms_conversations_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, client_id,
        sum(s * (direction = 'inbound' AND NOT is_read)::int)::int AS u,
        max("timestamp") FILTER (WHERE s = 1) AS added,
        coalesce(sum(s) < 0 OR max("timestamp") FILTER (WHERE s = -1) > coalesce(max("timestamp") FILTER (WHERE s = 1), '-infinity'), false) AS lost
      FROM ch WHERE client_id IS NOT NULL GROUP BY business_id, client_id
    )
    SELECT sms_conversations_apply(array_agg(business_id), array_agg(client_id), array_agg(u), array_agg(added), array_agg(lost))
    FROM d WHERE u <> 0 OR added IS NOT NULL OR lost HAVING count(*) > 0
  $q$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.business_id, n.client_id, n.direction, n.is_read, n."timestamp", 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.business_id, o.client_id, o.direction, o.is_read, o."timestamp", -1 AS s FROM old_rows o'
    ELSE 'SELECT x.* FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.business_id, n.client_id, n.direction, n.is_read, n."timestamp", 1),
                                 (o.business_id, o.client_id, o.direction, o.is_read, o."timestamp", -1)) AS x(business_id, client_id, direction, is_read, "timestamp", s)
      WHERE (n.business_id, n.client_id, n.direction, n.is_read, n."timestamp") IS DISTINCT FROM (o.business_id, o.client_id, o.direction, o.is_read, o."timestamp")'
  END);
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sms_conversations_apply(b integer[], c integer[], u integer[], added timestamp with time zone[], lost boolean[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sms_conversations AS v (business_id, client_id, unread, last_at)
  SELECT d.b, d.c, d.u, d.added FROM unnest(b, c, u, added, lost) AS d(b, c, u, added, lost)
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
CREATE TRIGGER sms_conversations_deleted AFTER DELETE ON public.sms_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER sms_conversations_inserted AFTER INSERT ON public.sms_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER sms_conversations_updated AFTER UPDATE ON public.sms_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
-- src/server/db/sql/sms-outbox.sql
-- What a write of the outbox (a bulk batch's counts on sms_bulk_batches) moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.sms_bulk_counts_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT batch_id,
        coalesce(sum(s) FILTER (WHERE status = 'queued'), 0)::int AS queued,
        coalesce(sum(s) FILTER (WHERE status = 'queued' AND reason IS NOT NULL), 0)::int AS held,
        coalesce(sum(s) FILTER (WHERE status = 'sending'), 0)::int AS sending,
        coalesce(sum(s) FILTER (WHERE status = 'sent'), 0)::int AS sent,
        coalesce(sum(s) FILTER (WHERE status = 'failed'), 0)::int AS failed,
        coalesce(sum(s) FILTER (WHERE status = 'skipped'), 0)::int AS skipped
      FROM ch WHERE batch_id IS NOT NULL GROUP BY batch_id
    )
    UPDATE sms_bulk_batches b SET queued = b.queued + d.queued, held = b.held + d.held, sending = b.sending + d.sending,
      sent = b.sent + d.sent, failed = b.failed + d.failed, skipped = b.skipped + d.skipped
    FROM (SELECT * FROM d ORDER BY batch_id) d
    WHERE b.id = d.batch_id AND (d.queued <> 0 OR d.held <> 0 OR d.sending <> 0 OR d.sent <> 0 OR d.failed <> 0 OR d.skipped <> 0)
  $q$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.batch_id, n.status, n.reason, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.batch_id, o.status, o.reason, -1 AS s FROM old_rows o'
    ELSE 'SELECT x.* FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.batch_id, n.status, n.reason, 1), (o.batch_id, o.status, o.reason, -1)) AS x(batch_id, status, reason, s)
      WHERE (n.batch_id, n.status, n.reason IS NULL) IS DISTINCT FROM (o.batch_id, o.status, o.reason IS NULL)'
  END);
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER sms_bulk_counts_deleted AFTER DELETE ON public.sms_outbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_bulk_counts_changed();
--> statement-breakpoint
CREATE TRIGGER sms_bulk_counts_inserted AFTER INSERT ON public.sms_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_bulk_counts_changed();
--> statement-breakpoint
CREATE TRIGGER sms_bulk_counts_updated AFTER UPDATE ON public.sms_outbox REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_bulk_counts_changed();
--> statement-breakpoint
