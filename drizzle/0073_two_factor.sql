-- Two-factor sign-in (docs/accounts.md, "Two-factor sign-in"; docs/decisions/0028-two-factor.md).
ALTER TABLE "people" ADD COLUMN IF NOT EXISTS "totp_secret" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN IF NOT EXISTS "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN IF NOT EXISTS "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "recovery_codes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recovery_codes_person_idx" ON "recovery_codes" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recovery_codes_business_idx" ON "recovery_codes" USING btree ("business_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sign_in_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_challenges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "sign_in_challenges_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_in_challenges_business_idx" ON "sign_in_challenges" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sign_in_challenges_person_idx" ON "sign_in_challenges" USING btree ("person_id");
