-- Businesses that never edited a template get the new wording (the reward is a phrase that fits after "get",
-- docs/sms.md); an edited template is left as the owner wrote it.
UPDATE "outreach_settings" SET "custom_messages" = jsonb_set("custom_messages", '{referral}', to_jsonb('Hi {clientName}! Thanks for being a great client. Share your link with friends and they''ll get {referralDiscount} when they book: {referralLink}'::text))
  WHERE "custom_messages" ->> 'referral' IN ('Hi {clientName}! Thanks for being a great client. Share your link with friends and they''ll get {referralDiscount} off their first service: {referralLink}', 'Hi {clientName}! Know someone who needs a hand? Share your link {referralLink} and you both get {referralDiscount} off.');
--> statement-breakpoint
UPDATE "outreach_settings" SET "custom_messages" = jsonb_set("custom_messages", '{thankYou}', to_jsonb('Hi {clientName}, thank you for choosing us! We hope you loved the service. Know someone who would too? They get {referralDiscount} when they book with your link: {referralLink}'::text))
  WHERE "custom_messages" ->> 'thankYou' IN ('Hi {clientName}, thank you for choosing us! We hope you loved the service. Know someone who would too? They get {referralDiscount} off with your link: {referralLink}', 'Hi {clientName}, thank you for choosing us! Friends you send our way get {referralDiscount} off with your link: {referralLink}');
--> statement-breakpoint
UPDATE "outreach_settings" SET "custom_messages" = jsonb_set("custom_messages", '{followUp}', to_jsonb('Hi {clientName}, just checking in! You still get {referralDiscount} when you book your first visit with your friend''s link: {referralLink}'::text))
  WHERE "custom_messages" ->> 'followUp' IN ('Hi {clientName}, just checking in! Your {referralDiscount} off your first service is still waiting. Book with your friend''s link: {referralLink}');
