CREATE TABLE "sms_outbox_figures" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"scheduled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox_figures" ADD CONSTRAINT "sms_outbox_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The automated texts still to go (GET /api/sms/scheduled's total, docs/sms-outbox.md "Kept"): each business's
-- open (queued or sending) outbox rows that are not bulk, kept by statement-level triggers on sms_outbox. A
-- statement that adds open rows creates the business's row if needed; one that only takes some away updates
-- it (so a business being deleted gets no new row); a statement that moves no count writes nothing.
CREATE FUNCTION sms_outbox_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH ch AS (%s),
    d AS (
      SELECT business_id, sum(s)::int AS n FROM ch
      WHERE status IN ('queued', 'sending') AND kind <> 'bulk' GROUP BY business_id
    ),
    up AS (
      UPDATE sms_outbox_figures f SET scheduled = f.scheduled + d.n FROM d
      WHERE f.business_id = d.business_id AND d.n < 0
    )
    INSERT INTO sms_outbox_figures AS f (business_id, scheduled)
    SELECT business_id, n FROM d WHERE n > 0 ORDER BY business_id
    ON CONFLICT (business_id) DO UPDATE SET scheduled = f.scheduled + excluded.scheduled
  $q$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.business_id, n.status, n.kind, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.business_id, o.status, o.kind, -1 AS s FROM old_rows o'
    ELSE 'SELECT x.* FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.business_id, n.status, n.kind, 1), (o.business_id, o.status, o.kind, -1)) AS x(business_id, status, kind, s)
      WHERE (n.business_id, n.status IN (''queued'', ''sending''), n.kind = ''bulk'') IS DISTINCT FROM (o.business_id, o.status IN (''queued'', ''sending''), o.kind = ''bulk'')'
  END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sms_outbox_figures_inserted AFTER INSERT ON sms_outbox
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_outbox_figures_changed();
--> statement-breakpoint
CREATE TRIGGER sms_outbox_figures_updated AFTER UPDATE ON sms_outbox
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_outbox_figures_changed();
--> statement-breakpoint
CREATE TRIGGER sms_outbox_figures_deleted AFTER DELETE ON sms_outbox
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_outbox_figures_changed();
--> statement-breakpoint
-- The repair: a business's count recomputed from its outbox.
CREATE FUNCTION sms_outbox_figures_rebuild(bid int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sms_outbox_figures AS f (business_id, scheduled)
  SELECT bid, count(*)::int FROM sms_outbox WHERE business_id = bid AND status IN ('queued', 'sending') AND kind <> 'bulk'
  ON CONFLICT (business_id) DO UPDATE SET scheduled = excluded.scheduled;
END $$;
--> statement-breakpoint
SELECT sms_outbox_figures_rebuild(id) FROM businesses;
