-- The activity record: who of the team did what (docs/accounts.md, "What the record keeps"; decision 0034).
-- Append-only, deleted with the business; the person's name stays when the person is removed.
CREATE TABLE IF NOT EXISTS "activity_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"person_id" integer,
	"person_name" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"object_type" text,
	"object_id" integer,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "activity_records_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "activity_records_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_records_business_created_idx" ON "activity_records" USING btree ("business_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_records_business_person_created_idx" ON "activity_records" USING btree ("business_id","person_id","created_at" DESC,"id" DESC);--> statement-breakpoint
-- "Sent by Maria": the person who sent a text by hand, on the message and on a tapped text waiting in the outbox.
ALTER TABLE "sms_messages" ADD COLUMN IF NOT EXISTS "sent_by_person_id" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_sent_by_person_id_people_id_fk" FOREIGN KEY ("sent_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "sent_by_person_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_sent_by_person_id_people_id_fk" FOREIGN KEY ("sent_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;
