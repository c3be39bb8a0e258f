DROP TABLE "referral_figures" CASCADE;--> statement-breakpoint
DROP TABLE "lead_referrers" CASCADE;--> statement-breakpoint
DROP TABLE "lead_search_versions" CASCADE;--> statement-breakpoint
DROP TABLE "lead_week_figures" CASCADE;--> statement-breakpoint
DROP TABLE "sms_message_days" CASCADE;--> statement-breakpoint
DROP TABLE "client_score_counts" CASCADE;--> statement-breakpoint
DROP TABLE "sms_outbox_figures" CASCADE;--> statement-breakpoint
DROP TABLE "referral_list_rows" CASCADE;--> statement-breakpoint
DROP TABLE "referral_week_figures" CASCADE;--> statement-breakpoint
DROP INDEX "referrer_figures_order_idx";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(referee_name) || chr(10) || coalesce(lower(referee_email), '') || chr(10) || lower(referrer_code)) STORED;--> statement-breakpoint
CREATE INDEX "referral_rewards_business_given_idx" ON "referral_rewards" USING btree ("business_id") WHERE "referral_rewards"."reward_given";--> statement-breakpoint
CREATE INDEX "referrer_figures_order_idx" ON "referrer_figures" USING btree ("business_id","referrals" DESC NULLS FIRST,"converted" DESC NULLS FIRST,"client_id") WHERE "referrer_figures"."referrals" > 0;--> statement-breakpoint
ALTER TABLE "referrer_figures" DROP COLUMN "name_key";--> statement-breakpoint
ALTER TABLE "sms_conversations" DROP COLUMN "client_name";--> statement-breakpoint
ALTER TABLE "business_figures" DROP COLUMN "search_version";--> statement-breakpoint
DROP SEQUENCE "public"."lead_search_version_seq";