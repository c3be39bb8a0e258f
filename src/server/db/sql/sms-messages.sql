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
CREATE TRIGGER sms_conversations_deleted AFTER DELETE ON public.sms_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER sms_conversations_inserted AFTER INSERT ON public.sms_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER sms_conversations_updated AFTER UPDATE ON public.sms_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
