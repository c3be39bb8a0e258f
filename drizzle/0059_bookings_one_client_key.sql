-- A booking's two foreign keys (client_id -> clients, business_id -> businesses) become one: (client_id,
-- business_id) -> clients (id, business_id). It holds everything the two held (the client exists; the business
-- exists, since the client's own key points to it) and also that the booking's business is its client's, which
-- nothing checked before; each inserted booking now probes one index instead of two (decision 0015). A
-- business's deletion still reaches its bookings, through its clients.
CREATE UNIQUE INDEX IF NOT EXISTS "clients_id_business_key" ON "clients" USING btree ("id", "business_id");--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_business_id_businesses_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_business_fk" FOREIGN KEY ("client_id", "business_id") REFERENCES "clients" ("id", "business_id") ON DELETE CASCADE;
