-- A business is a team of people (docs/accounts.md, "People and roles"). Each person signs in with their own
-- e-mail and password; an e-mail is one person's across every business. The sign-up's e-mail and password
-- become the business's owner, and the sessions and reset links already handed out become that owner's, so
-- nobody is signed out by the change.
CREATE TABLE IF NOT EXISTS "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_role_check" CHECK ("role" in ('owner', 'manager', 'staff')),
	CONSTRAINT "people_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "people_email_key" ON "people" USING btree ("email");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_business_idx" ON "people" USING btree ("business_id");--> statement-breakpoint
INSERT INTO "people" ("business_id", "email", "name", "password_hash", "role", "created_at")
SELECT b."id", b."email", coalesce(nullif(trim(b."owner_name"), ''), b."name"), b."password_hash", 'owner', b."created_at"
FROM "businesses" b
WHERE NOT EXISTS (SELECT 1 FROM "people" p WHERE p."business_id" = b."id");--> statement-breakpoint
-- The business keeps its e-mail as its contact address; the password is the person's alone.
ALTER TABLE "businesses" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "person_id" integer;--> statement-breakpoint
UPDATE "sessions" s SET "person_id" = p."id" FROM "people" p WHERE p."business_id" = s."business_id" AND s."person_id" IS NULL;--> statement-breakpoint
DELETE FROM "sessions" WHERE "person_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "person_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_person_idx" ON "sessions" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "user_agent" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN IF NOT EXISTS "person_id" integer;--> statement-breakpoint
UPDATE "password_reset_tokens" t SET "person_id" = p."id" FROM "people" p WHERE p."business_id" = t."business_id" AND t."person_id" IS NULL;--> statement-breakpoint
DELETE FROM "password_reset_tokens" WHERE "person_id" IS NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "person_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;
