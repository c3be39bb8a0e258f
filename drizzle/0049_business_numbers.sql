CREATE TABLE "business_numbers" (
	"number" text PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_numbers" ADD CONSTRAINT "business_numbers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_numbers_business_idx" ON "business_numbers" USING btree ("business_id");--> statement-breakpoint
-- Every number a business owns today, from the three places the purchase wrote it. A number two businesses
-- claim was refused by the inbound route before (neither got the text); it stays out, so it still reaches
-- no one until an operator inserts its owner.
INSERT INTO "business_numbers" ("number", "business_id")
SELECT owned.number, min(owned.business_id) FROM (
  SELECT b.id AS business_id, b.selected_phone_number AS number FROM "businesses" b WHERE b.selected_phone_number IS NOT NULL
  UNION SELECT b.id, n.value FROM "businesses" b
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(b.twilio_numbers) = 'array' THEN b.twilio_numbers ELSE '[]'::jsonb END) AS n(value)
  UNION SELECT o.business_id, o.twilio_phone FROM "outreach_settings" o WHERE o.twilio_phone IS NOT NULL
) owned
WHERE owned.number <> ''
GROUP BY owned.number
HAVING count(DISTINCT owned.business_id) = 1;
