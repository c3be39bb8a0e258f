CREATE TABLE "sms_bulk_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_bulk_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"message" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_number_pacing" (
	"number" text PRIMARY KEY NOT NULL,
	"next_free_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"client_id" integer,
	"batch_id" integer,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sms_bulk_batches" ADD CONSTRAINT "sms_bulk_batches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_batch_id_sms_bulk_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sms_bulk_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_bulk_batches_business_idx" ON "sms_bulk_batches" USING btree ("business_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_business_key" ON "sms_outbox" USING btree ("business_id","key");--> statement-breakpoint
CREATE INDEX "sms_outbox_batch_idx" ON "sms_outbox" USING btree ("batch_id","status") WHERE "sms_outbox"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_client_kind_idx" ON "sms_outbox" USING btree ("business_id","client_id","kind","sent_at");