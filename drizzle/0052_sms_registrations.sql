CREATE TABLE "sms_registrations" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'register' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_sid" text,
	"trust_product_sid" text,
	"profile_status" text DEFAULT 'draft' NOT NULL,
	"profile_reason" text,
	"brand_sid" text,
	"brand_status" text DEFAULT 'draft' NOT NULL,
	"brand_reason" text,
	"service_sid" text,
	"campaign_sid" text,
	"campaign_status" text DEFAULT 'draft' NOT NULL,
	"campaign_reason" text,
	"submitted_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_registrations_mode_check" CHECK ("mode" IN ('register', 'existing')),
	CONSTRAINT "sms_registrations_status_check" CHECK (
		"profile_status" IN ('draft', 'submitted', 'pending', 'approved', 'failed')
		AND "brand_status" IN ('draft', 'submitted', 'pending', 'approved', 'failed')
		AND "campaign_status" IN ('draft', 'submitted', 'pending', 'approved', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sms_registrations" ADD CONSTRAINT "sms_registrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The status job reads only registrations still under review.
CREATE INDEX "sms_registrations_in_review_idx" ON "sms_registrations" USING btree ("checked_at") WHERE "campaign_status" <> 'approved' AND "submitted_at" IS NOT NULL;
