ALTER TABLE "business_figures" ADD COLUMN "search_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The client search's short terms (one or two characters) cannot be narrowed by the trigram index, so their
-- match count is a scan of every client of the business. The app keeps such counts in memory tagged with this
-- version (clients/short-search.ts) and trusts them only while it is unchanged. Every statement that adds,
-- removes or changes a client's search text (name or e-mail) raises it, in the same transaction, whoever
-- writes: imports, webhooks, Add Client, deletes, SQL typed by hand. Updates that leave the search text alone
-- (the booking figures, the daily score refresh) do not.
CREATE FUNCTION clients_search_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE business_figures f SET search_version = f.search_version + 1
    WHERE f.business_id IN (SELECT business_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE business_figures f SET search_version = f.search_version + 1
    WHERE f.business_id IN (SELECT business_id FROM old_rows);
  ELSE
    UPDATE business_figures f SET search_version = f.search_version + 1
    WHERE f.business_id IN (
      SELECT unnest(ARRAY[n.business_id, o.business_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.search_text IS DISTINCT FROM o.search_text OR n.business_id <> o.business_id
    );
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_version_inserted AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_search_version_raise();
--> statement-breakpoint
CREATE TRIGGER clients_search_version_updated AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_search_version_raise();
--> statement-breakpoint
CREATE TRIGGER clients_search_version_deleted AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_search_version_raise();
