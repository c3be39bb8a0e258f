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
