CREATE SEQUENCE "public"."lead_search_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "lead_search_versions" (
	"business_id" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "lead_search_versions_business_id_pk" PRIMARY KEY("business_id")
);
--> statement-breakpoint
ALTER TABLE "lead_search_versions" ADD CONSTRAINT "lead_search_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Lead Inbox's search counts (docs/leads.md, "Search"): the app keeps a search's match count in memory tagged
-- with the business's version and uses it only while the version is unchanged. Every statement that changes which
-- leads a search finds or how they split by status and source (an insert, a delete, an update of a search text,
-- phone, status, source or business) sets the version of each business it touches to a fresh value of the
-- sequence, in its own transaction, whoever writes: Add Lead, forms, referral claims, status changes, SQL typed by
-- hand. A value is never given twice, even by a transaction that rolls back. Nothing is written for a business
-- being deleted (its row goes with it).
CREATE FUNCTION lead_search_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_search_versions AS v (business_id, version)
    SELECT b.id, nextval('lead_search_version_seq') FROM businesses b
    WHERE b.id IN (SELECT business_id FROM new_rows) ORDER BY b.id
    ON CONFLICT (business_id) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_search_versions AS v (business_id, version)
    SELECT b.id, nextval('lead_search_version_seq') FROM businesses b
    WHERE b.id IN (SELECT business_id FROM old_rows) ORDER BY b.id
    ON CONFLICT (business_id) DO UPDATE SET version = excluded.version;
  ELSE
    -- What a count depends on: how many leads of the business have each search text, phone, status and source.
    INSERT INTO lead_search_versions AS v (business_id, version)
    SELECT b.id, nextval('lead_search_version_seq') FROM businesses b
    WHERE b.id IN (
      SELECT ch.business_id FROM (
        SELECT n.business_id, n.search_text, n.phone, n.status, n.source, 1 AS s FROM new_rows n
        UNION ALL SELECT o.business_id, o.search_text, o.phone, o.status, o.source, -1 FROM old_rows o
      ) ch
      GROUP BY ch.business_id, ch.search_text, ch.phone, ch.status, ch.source HAVING sum(ch.s) <> 0
    ) ORDER BY b.id
    ON CONFLICT (business_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_search_version_inserted AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_version_raise();
--> statement-breakpoint
CREATE TRIGGER lead_search_version_updated AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_version_raise();
--> statement-breakpoint
CREATE TRIGGER lead_search_version_deleted AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_version_raise();
--> statement-breakpoint
-- The repair (docs/leads.md): a fresh version, so every app instance counts the business's searches again.
CREATE FUNCTION lead_search_versions_rebuild(bid int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_search_versions AS v (business_id, version)
  SELECT b.id, nextval('lead_search_version_seq') FROM businesses b WHERE b.id = bid
  ON CONFLICT (business_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
SELECT lead_search_versions_rebuild(id) FROM businesses;
