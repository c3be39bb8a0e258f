-- A resource at the SMS provider belongs to one business (docs/sms-registration.md, "Ownership"). Every
-- messaging service, brand and profile lives in the platform's one Twilio account, so "it exists at Twilio"
-- proves nothing about whose it is: sms_provider_resources remembers which business each sid was created for
-- or connected by, and keeps it when that business is deleted (business_id becomes null: still nobody else's).
CREATE TABLE IF NOT EXISTS "sms_provider_resources" (
	"sid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"business_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_provider_resources_kind_check" CHECK ("kind" IN ('profile', 'trust_product', 'brand', 'service', 'campaign'))
);
--> statement-breakpoint
ALTER TABLE "sms_provider_resources" ADD CONSTRAINT "sms_provider_resources_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_provider_resources_business_idx" ON "sms_provider_resources" USING btree ("business_id");--> statement-breakpoint
-- Registrations that share a sid with another one (a business that connected another's messaging service):
-- the first holder keeps it (registered through the app before connected, then the earliest), every later one
-- starts over unregistered, its details kept, so its texts stop going out under another business's campaign.
WITH ranked AS (
	SELECT "business_id", CASE WHEN "mode" = 'register' THEN 0 ELSE 1 END AS m, coalesce("approved_at", "submitted_at", "updated_at") AS at
	FROM "sms_registrations"
)
UPDATE "sms_registrations" r SET "mode" = 'register', "profile_sid" = NULL, "trust_product_sid" = NULL, "profile_status" = 'draft',
	"profile_reason" = NULL, "brand_sid" = NULL, "brand_status" = 'draft', "brand_reason" = NULL, "service_sid" = NULL,
	"campaign_sid" = NULL, "campaign_status" = 'draft', "campaign_reason" = NULL, "submitted_at" = NULL, "checked_at" = NULL,
	"claimed_until" = NULL, "approved_at" = NULL, "updated_at" = now()
FROM ranked me
WHERE me."business_id" = r."business_id" AND EXISTS (
	SELECT 1 FROM "sms_registrations" o JOIN ranked orank ON orank."business_id" = o."business_id"
	WHERE o."business_id" <> r."business_id"
		AND (o."service_sid" = r."service_sid" OR o."brand_sid" = r."brand_sid" OR o."profile_sid" = r."profile_sid"
			OR o."trust_product_sid" = r."trust_product_sid" OR o."campaign_sid" = r."campaign_sid")
		AND (orank.m, orank.at, o."business_id") < (me.m, me.at, r."business_id")
);--> statement-breakpoint
INSERT INTO "sms_provider_resources" ("sid", "kind", "business_id")
SELECT v.sid, v.kind, r."business_id" FROM "sms_registrations" r
CROSS JOIN LATERAL (VALUES (r."profile_sid", 'profile'), (r."trust_product_sid", 'trust_product'), (r."brand_sid", 'brand'),
	(r."service_sid", 'service'), (r."campaign_sid", 'campaign')) AS v(sid, kind)
WHERE v.sid IS NOT NULL
ON CONFLICT ("sid") DO NOTHING;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_registrations_service_sid_key" ON "sms_registrations" USING btree ("service_sid") WHERE "service_sid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_registrations_brand_sid_key" ON "sms_registrations" USING btree ("brand_sid") WHERE "brand_sid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_registrations_profile_sid_key" ON "sms_registrations" USING btree ("profile_sid") WHERE "profile_sid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_registrations_trust_product_sid_key" ON "sms_registrations" USING btree ("trust_product_sid") WHERE "trust_product_sid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_registrations_campaign_sid_key" ON "sms_registrations" USING btree ("campaign_sid") WHERE "campaign_sid" IS NOT NULL;--> statement-breakpoint
-- The number's sid at the provider, likewise: of two businesses naming one, the later (higher id) forgets it.
UPDATE "businesses" b SET "twilio_sid" = NULL WHERE b."twilio_sid" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "businesses" o WHERE o."twilio_sid" = b."twilio_sid" AND o."id" < b."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "businesses_twilio_sid_key" ON "businesses" USING btree ("twilio_sid") WHERE "twilio_sid" IS NOT NULL;
