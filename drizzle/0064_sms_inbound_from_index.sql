-- Consent to text (docs/sms.md "Consent to text") asks, for each phone a send or a list shows, whether that number
-- has texted the business; without this index each such probe read every text of the business.
CREATE INDEX IF NOT EXISTS "sms_messages_business_inbound_from_idx" ON "sms_messages" USING btree ("business_id","from_number") WHERE "sms_messages"."direction" = 'inbound';
