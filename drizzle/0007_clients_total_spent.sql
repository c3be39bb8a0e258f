ALTER TABLE "clients" ADD COLUMN "total_spent" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Existing clients get the figure from their completed bookings (the recompute keeps it from now on).
UPDATE "clients" c SET "total_spent" = s.spent
FROM (SELECT client_id, sum(amount_charged) AS spent FROM bookings WHERE status = 'completed' AND amount_charged IS NOT NULL GROUP BY client_id) s
WHERE c.id = s.client_id AND c.total_spent IS DISTINCT FROM s.spent;
