-- The referrer's reward, asked apart from the friend's (docs/referrals.md, "The referrer's reward"). Null: the owner
-- has not set one, and the claim page promises the referrer nothing. Until now the page told every friend that the
-- referrer gets the friend's reward too, which no owner chose; only a friend's reward the owner wrote "for both"
-- (the setup guide's "$25 off for both") said so, and that one is kept as the referrer's reward.
ALTER TABLE "outreach_settings" ADD COLUMN IF NOT EXISTS "referrer_reward" text;
--> statement-breakpoint
UPDATE "outreach_settings" SET "referrer_reward" = trim("referral_discount")
WHERE "referrer_reward" IS NULL AND "referral_discount" ~* '\mfor both\M';
