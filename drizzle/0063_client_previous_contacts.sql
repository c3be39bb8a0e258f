-- The e-mails and phones a client was known by before the owner changed them (Edit on the client view), so an
-- upload, a webhook call or Add Client with the booking tool's old address still finds the client
-- (docs/clients-api.md, "Editing a client"). A client's current e-mail and phone stay on clients; a value belongs
-- to at most one client of a business. The rows go with the client.
CREATE TABLE IF NOT EXISTS "client_previous_contacts" (
	"business_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_previous_contacts_kind_check" CHECK ("kind" in ('email', 'phone')),
	CONSTRAINT "client_previous_contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "client_previous_contacts_client_business_fk" FOREIGN KEY ("client_id","business_id") REFERENCES "public"."clients"("id","business_id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "client_previous_contacts_key" ON "client_previous_contacts" USING btree ("business_id","kind","value");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_previous_contacts_client_idx" ON "client_previous_contacts" USING btree ("client_id");
