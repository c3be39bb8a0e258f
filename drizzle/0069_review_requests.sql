-- Review requests that report back (docs/reviews.md): one row per review request sent to a client, with the
-- random token of its short link (/r/<token>), when it was sent, first opened (and how often), reminded, marked
-- reviewed by the owner, and when the client was asked to refer after opening it. The keys name the outbox texts
-- (the request, its one reminder, the referral ask) whose sending stamps the row.
CREATE TABLE IF NOT EXISTS "review_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"token" text,
	"request_key" text,
	"sent_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"reminder_key" text,
	"reminded_at" timestamp with time zone,
	"marked_reviewed_at" timestamp with time zone,
	"referral_key" text,
	"referral_asked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_requests_token_idx" ON "review_requests" USING btree ("token") WHERE "token" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_requests_client_idx" ON "review_requests" USING btree ("business_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_requests_sent_idx" ON "review_requests" USING btree ("business_id","sent_at") WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_requests_request_key_idx" ON "review_requests" USING btree ("business_id","request_key") WHERE "request_key" IS NOT NULL;
