CREATE TABLE "sms_unreachable_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_unreachable_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"phone" text NOT NULL,
	"error_code" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "sms_consent_text" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "sms_consent_ip" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "sms_unreachable_numbers" ADD CONSTRAINT "sms_unreachable_numbers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_unreachable_numbers_business_phone_key" ON "sms_unreachable_numbers" USING btree ("business_id","phone");--> statement-breakpoint
CREATE INDEX "referrals_business_consent_phone_idx" ON "referrals" USING btree ("business_id","referee_phone") WHERE "referrals"."sms_consent_at" is not null;--> statement-breakpoint
CREATE INDEX "lead_consents_business_phone_idx" ON "lead_consents" USING btree ("business_id","phone");