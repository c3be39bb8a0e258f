CREATE TABLE "sms_message_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "sms_message_days_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "sms_conversations" ADD COLUMN "client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_message_days" ADD CONSTRAINT "sms_message_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The conversations' search by name (docs/sms-inbox.md "Kept"): each kept conversation carries its client's
-- name, so a search reads conversations only instead of every client the name matches. A new conversation
-- takes the name of its client (of the same business); the client row is share-locked first, so a rename
-- running at the same time either committed before (and the name read is the new one) or waits for this
-- transaction to commit (and its trigger then finds the new conversation).
CREATE OR REPLACE FUNCTION sms_conversations_apply(b int[], c int[], u int[], added timestamptz[], lost boolean[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM clients k JOIN unnest(b, c, added) AS d(b, c, added) ON k.id = d.c AND k.business_id = d.b
  WHERE d.added IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sms_conversations v WHERE v.business_id = d.b AND v.client_id = d.c)
  ORDER BY k.id FOR SHARE OF k;
  INSERT INTO sms_conversations AS v (business_id, client_id, unread, last_at, client_name)
  SELECT d.b, d.c, d.u, d.added, coalesce((SELECT k.name FROM clients k WHERE k.id = d.c AND k.business_id = d.b), '')
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
END $$;
--> statement-breakpoint
-- A renamed client's conversation follows the new name (a row trigger that fires only when the name changes,
-- as referrer_figures_client_renamed: an import or recompute that leaves names alone runs nothing).
CREATE FUNCTION sms_conversations_client_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sms_conversations SET client_name = NEW.name WHERE business_id = NEW.business_id AND client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sms_conversations_client_renamed AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION sms_conversations_client_renamed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sms_conversations_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sms_conversations WHERE business_id = bid;
  INSERT INTO sms_conversations (business_id, client_id, unread, last_at, client_name)
  SELECT m.business_id, m.client_id, count(*) FILTER (WHERE m.direction = 'inbound' AND NOT m.is_read)::int, max(m."timestamp"),
    coalesce((SELECT k.name FROM clients k WHERE k.id = m.client_id AND k.business_id = m.business_id), '')
  FROM sms_messages m WHERE m.business_id = bid AND m.client_id IS NOT NULL GROUP BY m.business_id, m.client_id;
END $$;
--> statement-breakpoint
UPDATE sms_conversations v SET client_name = k.name FROM clients k WHERE k.id = v.client_id AND k.business_id = v.business_id;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS sms_conversations_client_name_trgm_idx ON sms_conversations USING gin (lower(client_name) gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- Texts per business and UTC day (docs/sms-inbox.md "Kept"), kept by statement-level triggers on sms_messages:
-- each statement groups the texts it added (+1) and removed (-1) by business and day; an UPDATE counts only
-- texts whose business or day changed. A day that gains texts is upserted; one that only loses some is
-- updated (so a business being deleted never gets a new row), and a day left with none is deleted.
CREATE FUNCTION sms_message_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bs int[];
  ds date[];
  ns int[];
BEGIN
  EXECUTE format($q$
    SELECT array_agg(business_id ORDER BY business_id, day), array_agg(day ORDER BY business_id, day), array_agg(n ORDER BY business_id, day)
    FROM (SELECT business_id, day, sum(s)::int AS n FROM (%s) ch GROUP BY business_id, day HAVING sum(s) <> 0) d
  $q$, CASE TG_OP
    WHEN 'INSERT' THEN $s$SELECT n.business_id, (n."timestamp" AT TIME ZONE 'UTC')::date AS day, 1 AS s FROM new_rows n$s$
    WHEN 'DELETE' THEN $s$SELECT o.business_id, (o."timestamp" AT TIME ZONE 'UTC')::date AS day, -1 AS s FROM old_rows o$s$
    ELSE $s$SELECT x.* FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.business_id, (n."timestamp" AT TIME ZONE 'UTC')::date, 1), (o.business_id, (o."timestamp" AT TIME ZONE 'UTC')::date, -1)) AS x(business_id, day, s)
      WHERE (n.business_id, (n."timestamp" AT TIME ZONE 'UTC')::date) IS DISTINCT FROM (o.business_id, (o."timestamp" AT TIME ZONE 'UTC')::date)$s$
  END) INTO bs, ds, ns;
  IF bs IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO sms_message_days AS t (business_id, day, messages)
  SELECT d.b, d.day, d.n FROM unnest(bs, ds, ns) AS d(b, day, n) WHERE d.n > 0 ORDER BY d.b, d.day
  ON CONFLICT (business_id, day) DO UPDATE SET messages = t.messages + excluded.messages;
  IF EXISTS (SELECT 1 FROM unnest(ns) AS n WHERE n < 0) THEN
    UPDATE sms_message_days t SET messages = t.messages + d.n
    FROM unnest(bs, ds, ns) AS d(b, day, n) WHERE d.n < 0 AND t.business_id = d.b AND t.day = d.day;
    DELETE FROM sms_message_days t USING unnest(bs, ds, ns) AS d(b, day, n)
    WHERE d.n < 0 AND t.business_id = d.b AND t.day = d.day AND t.messages <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sms_message_days_inserted AFTER INSERT ON sms_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_message_days_changed();
--> statement-breakpoint
CREATE TRIGGER sms_message_days_updated AFTER UPDATE ON sms_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_message_days_changed();
--> statement-breakpoint
CREATE TRIGGER sms_message_days_deleted AFTER DELETE ON sms_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_message_days_changed();
--> statement-breakpoint
-- The repair: a business's day counts recomputed from its texts.
CREATE FUNCTION sms_message_days_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sms_message_days WHERE business_id = bid;
  INSERT INTO sms_message_days (business_id, day, messages)
  SELECT business_id, ("timestamp" AT TIME ZONE 'UTC')::date, count(*)::int
  FROM sms_messages WHERE business_id = bid GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT sms_message_days_rebuild(id) FROM businesses;
