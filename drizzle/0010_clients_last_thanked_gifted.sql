ALTER TABLE "clients" ADD COLUMN "last_thanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_gifted_at" timestamp with time zone;--> statement-breakpoint
-- Existing clients: their latest thank-you and gift, from the activity log (client_id in its metadata; it
-- also holds thank-yous and gifts recorded before texts were sent) and from the texts of those types the
-- provider took (a provider id). From now on the send service keeps both (docs/sms.md).
WITH "sent" AS (
  SELECT "business_id",
    CASE WHEN "metadata"->>'client_id' ~ '^[0-9]{1,9}$' THEN ("metadata"->>'client_id')::int END AS "client_id",
    CASE "type" WHEN 'thank_you_sent' THEN 'thankYou' ELSE 'gift' END AS "kind", "timestamp" AS "at"
  FROM "activity_logs" WHERE "type" IN ('thank_you_sent', 'gift_sent')
  UNION ALL
  SELECT "business_id", "client_id", "message_type", "timestamp" FROM "sms_messages"
  WHERE "direction" = 'outbound' AND "message_type" IN ('thankYou', 'gift') AND "client_id" IS NOT NULL AND "twilio_sid" IS NOT NULL
), "latest" AS (
  SELECT "business_id", "client_id",
    max("at") FILTER (WHERE "kind" = 'thankYou') AS "thanked", max("at") FILTER (WHERE "kind" = 'gift') AS "gifted"
  FROM "sent" WHERE "client_id" IS NOT NULL GROUP BY "business_id", "client_id"
)
UPDATE "clients" c SET "last_thanked_at" = l."thanked", "last_gifted_at" = l."gifted"
FROM "latest" l WHERE c."id" = l."client_id" AND c."business_id" = l."business_id";
