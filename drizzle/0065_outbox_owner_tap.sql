-- Quiet hours for the owner's one-tap texts (docs/sms-send-window.md "Per kind of text"): a thank-you, gift,
-- follow-up or referral ask tapped out at a closed hour waits in the outbox. owner_tap says the owner asked for
-- it (no automation toggle or cool-down applies) and holds what its sending records (the activity, a gift's reward).
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "owner_tap" jsonb;
