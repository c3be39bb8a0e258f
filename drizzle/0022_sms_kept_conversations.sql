CREATE TABLE "sms_conversations" (
	"business_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_conversations_business_id_client_id_pk" PRIMARY KEY("business_id","client_id")
);
--> statement-breakpoint
DROP INDEX "sms_messages_business_ts_idx";--> statement-breakpoint
DROP INDEX "sms_messages_business_client_ts_idx";--> statement-breakpoint
DROP INDEX "sms_messages_business_client_unread_idx";--> statement-breakpoint
DROP INDEX "sms_outbox_batch_idx";--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN "queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN "sending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN "sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_conversations" ADD CONSTRAINT "sms_conversations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_conversations" ADD CONSTRAINT "sms_conversations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_conversations_business_last_idx" ON "sms_conversations" USING btree ("business_id","last_at" DESC NULLS LAST,"client_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_business_ts_id_idx" ON "sms_messages" USING btree ("business_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "sms_messages_business_client_ts_id_idx" ON "sms_messages" USING btree ("business_id","client_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_client_unread_ts_idx" ON "sms_messages" USING btree ("business_id","client_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "sms_messages"."direction" = 'inbound' and not "sms_messages"."is_read";--> statement-breakpoint
CREATE INDEX "sms_messages_business_unread_ts_idx" ON "sms_messages" USING btree ("business_id","timestamp","id") WHERE "sms_messages"."direction" = 'inbound' and not "sms_messages"."is_read";--> statement-breakpoint
CREATE INDEX "sms_outbox_batch_status_idx" ON "sms_outbox" USING btree ("batch_id","status","not_before") WHERE "sms_outbox"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_batch_problems_idx" ON "sms_outbox" USING btree ("batch_id","id") WHERE "sms_outbox"."batch_id" is not null and "sms_outbox"."status" in ('failed', 'skipped');--> statement-breakpoint
-- SMS conversations (docs/sms-inbox.md "Kept"): one row per business and client with texts, the time of
-- the client's last text and its unread inbound count, kept by statement-level triggers on sms_messages
-- with transition tables, so every writer (webhooks, sends, mark-read, client and business deletion,
-- direct SQL) keeps it exact. Each statement groups the rows it changed per (business, client): unread
-- moves by the difference; the last time rises to the newest added text; a conversation that lost its
-- newest text (or any text) reads its last time again from sms_messages_business_client_ts_idx, and one
-- with no text left goes.
CREATE FUNCTION sms_conversations_apply(b int[], c int[], u int[], added timestamptz[], lost boolean[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- ch: the texts a statement added to (s = 1) and took from (s = -1) a conversation; an UPDATE counts only
-- the rows whose business, client, time, direction or read state changed (a delivery status moves nothing).
CREATE FUNCTION sms_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sms_conversations_inserted AFTER INSERT ON sms_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER sms_conversations_updated AFTER UPDATE ON sms_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER sms_conversations_deleted AFTER DELETE ON sms_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_conversations_changed();
--> statement-breakpoint
-- The repair (docs/sms-inbox.md): a business's conversations recomputed from its texts.
CREATE FUNCTION sms_conversations_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sms_conversations WHERE business_id = bid;
  INSERT INTO sms_conversations (business_id, client_id, unread, last_at)
  SELECT business_id, client_id, count(*) FILTER (WHERE direction = 'inbound' AND NOT is_read)::int, max("timestamp")
  FROM sms_messages WHERE business_id = bid AND client_id IS NOT NULL GROUP BY business_id, client_id;
END $$;
--> statement-breakpoint
SELECT sms_conversations_rebuild(id) FROM businesses;
--> statement-breakpoint
-- Bulk sends (docs/sms-outbox.md "Kept"): each batch's texts counted by state on the batch row, kept by
-- statement-level triggers on sms_outbox (rows of a batch only): each statement adds its new rows and
-- subtracts its old ones; a statement that moves no count (a due time, a message link) writes nothing.
CREATE FUNCTION sms_bulk_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sms_bulk_counts_inserted AFTER INSERT ON sms_outbox
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_bulk_counts_changed();
--> statement-breakpoint
CREATE TRIGGER sms_bulk_counts_updated AFTER UPDATE ON sms_outbox
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_bulk_counts_changed();
--> statement-breakpoint
CREATE TRIGGER sms_bulk_counts_deleted AFTER DELETE ON sms_outbox
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_bulk_counts_changed();
--> statement-breakpoint
-- The repair: a business's batch counts recomputed from their texts.
CREATE FUNCTION sms_bulk_counts_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sms_bulk_batches b SET queued = c.queued, held = c.held, sending = c.sending, sent = c.sent, failed = c.failed, skipped = c.skipped
  FROM (
    SELECT bb.id,
      count(o.id) FILTER (WHERE o.status = 'queued')::int AS queued,
      count(o.id) FILTER (WHERE o.status = 'queued' AND o.reason IS NOT NULL)::int AS held,
      count(o.id) FILTER (WHERE o.status = 'sending')::int AS sending,
      count(o.id) FILTER (WHERE o.status = 'sent')::int AS sent,
      count(o.id) FILTER (WHERE o.status = 'failed')::int AS failed,
      count(o.id) FILTER (WHERE o.status = 'skipped')::int AS skipped
    FROM sms_bulk_batches bb LEFT JOIN sms_outbox o ON o.batch_id = bb.id
    WHERE bb.business_id = bid GROUP BY bb.id
  ) c WHERE b.id = c.id;
END $$;
--> statement-breakpoint
SELECT sms_bulk_counts_rebuild(id) FROM businesses;
