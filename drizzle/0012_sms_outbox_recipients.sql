ALTER TABLE "sms_outbox" ADD COLUMN "to_number" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "referral_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_pending_created_idx" ON "referrals" USING btree ("created_at") WHERE not "referrals"."converted" and "referrals"."referee_phone" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_to_kind_idx" ON "sms_outbox" USING btree ("business_id","to_number","kind","sent_at") WHERE "sms_outbox"."to_number" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_scheduled_idx" ON "sms_outbox" USING btree ("business_id","not_before","id") WHERE "sms_outbox"."status" in ('queued', 'sending') and "sms_outbox"."kind" <> 'bulk';