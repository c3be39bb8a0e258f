-- The follow-up scan (text or e-mail) reads pending referrals by age, with or without a phone.
DROP INDEX "referrals_pending_created_idx";--> statement-breakpoint
CREATE INDEX "referrals_pending_created_idx" ON "referrals" USING btree ("created_at") WHERE not "referrals"."converted";