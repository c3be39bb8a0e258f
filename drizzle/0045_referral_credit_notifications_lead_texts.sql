ALTER TABLE "businesses" ADD COLUMN "notify_email" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "notify_phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "notify_digest_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "conversion_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_business_phone_idx" ON "leads" USING btree ("business_id","phone") WHERE "leads"."phone" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_business_lead_ts_idx" ON "sms_messages" USING btree ("business_id","lead_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "sms_messages"."lead_id" is not null;