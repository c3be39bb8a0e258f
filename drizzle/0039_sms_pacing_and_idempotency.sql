ALTER TABLE "sms_bulk_batches" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sms_number_pacing" ADD COLUMN "segments_per_second" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "paced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "time_zone" text;--> statement-breakpoint
CREATE INDEX "sms_messages_open_outbound_idx" ON "sms_messages" USING btree ("timestamp") WHERE "sms_messages"."direction" = 'outbound' and "sms_messages"."status" in ('pending', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "sms_bulk_batches_idempotency_key" ON "sms_bulk_batches" USING btree ("business_id","idempotency_key") WHERE "sms_bulk_batches"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_sending_message_idx" ON "sms_outbox" USING btree ("message_id") WHERE "sms_outbox"."status" = 'sending';
--> statement-breakpoint
-- Texts queued before this migration with no reason held their reserved second.
UPDATE "sms_outbox" SET "paced" = true WHERE "status" = 'queued' AND "reason" IS NULL;
