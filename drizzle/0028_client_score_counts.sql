CREATE TABLE "client_score_counts" (
	"business_id" integer NOT NULL,
	"score" numeric(3, 1) NOT NULL,
	"clients" integer NOT NULL,
	CONSTRAINT "client_score_counts_business_id_score_pk" PRIMARY KEY("business_id","score")
);
--> statement-breakpoint
ALTER TABLE "client_score_counts" ADD CONSTRAINT "client_score_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- How many clients of each business have each loyalty score, kept in the same transaction as every statement
-- that inserts, deletes or rescores clients (imports, webhooks, Add Client, the recompute, the daily refresh,
-- deletes and their cascades, SQL typed by hand). Updates that leave the scores alone write nothing here.
CREATE FUNCTION client_score_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_score_counts AS k (business_id, score, clients)
    SELECT business_id, loyalty_score, count(*)::int FROM new_rows GROUP BY 1, 2
    ON CONFLICT (business_id, score) DO UPDATE SET clients = k.clients + excluded.clients;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE client_score_counts k SET clients = k.clients - d.n
    FROM (SELECT business_id, loyalty_score AS score, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
    WHERE k.business_id = d.business_id AND k.score = d.score;
  ELSE
    WITH moved AS (
      SELECT o.business_id AS old_business, o.loyalty_score AS old_score, n.business_id AS new_business, n.loyalty_score AS new_score
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.loyalty_score <> n.loyalty_score OR o.business_id <> n.business_id
    ), d AS (
      SELECT business_id, score, sum(n)::int AS n FROM (
        SELECT new_business AS business_id, new_score AS score, 1 AS n FROM moved
        UNION ALL
        SELECT old_business, old_score, -1 FROM moved
      ) x GROUP BY 1, 2 HAVING sum(n) <> 0
    )
    INSERT INTO client_score_counts AS k (business_id, score, clients) SELECT business_id, score, n FROM d
    ON CONFLICT (business_id, score) DO UPDATE SET clients = k.clients + excluded.clients;
  END IF;
  DELETE FROM client_score_counts k USING (SELECT DISTINCT business_id FROM old_rows) b
  WHERE k.business_id = b.business_id AND k.clients <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_score_counts_inserted AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_score_counts_changed();
--> statement-breakpoint
CREATE TRIGGER client_score_counts_updated AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_score_counts_changed();
--> statement-breakpoint
CREATE TRIGGER client_score_counts_deleted AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_score_counts_changed();
--> statement-breakpoint
-- The repair (clients/read-model.ts runs it with read_model_rebuild when the nightly check finds a difference).
CREATE FUNCTION client_score_counts_rebuild(bid int) RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_score_counts WHERE business_id = bid;
  INSERT INTO client_score_counts (business_id, score, clients)
  SELECT business_id, loyalty_score, count(*)::int FROM clients WHERE business_id = bid GROUP BY 1, 2;
$$;
--> statement-breakpoint
INSERT INTO client_score_counts (business_id, score, clients)
SELECT business_id, loyalty_score, count(*)::int FROM clients GROUP BY 1, 2;
