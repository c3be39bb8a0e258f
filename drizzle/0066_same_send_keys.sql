-- A second tap never texts twice (docs/sms.md "The same send is one text"; docs/sms-outbox.md "Bulk sends"):
-- the server keys each owner-tapped text and each bulk send by what it sends (kind, recipients, text), and a
-- unique index per business holds one live send per key, so two identical requests at once make one.
ALTER TABLE "sms_messages" ADD COLUMN IF NOT EXISTS "send_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_messages_send_key" ON "sms_messages" USING btree ("business_id","send_key") WHERE "sms_messages"."send_key" is not null;--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD COLUMN IF NOT EXISTS "content_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_bulk_batches_content_key" ON "sms_bulk_batches" USING btree ("business_id","content_key") WHERE "sms_bulk_batches"."content_key" is not null;
