-- A lead's texts waiting for a client (docs/sms-inbox.md, "Leads"): the writes of clients move them to the client
-- that gets the lead's phone (sms-inbox/service.ts). Only texts still waiting are indexed, so the
-- look-up is a probe of a small index.
CREATE INDEX "sms_messages_lead_waiting_idx" ON "sms_messages" USING btree (
  "business_id", (CASE WHEN "direction" = 'inbound' THEN "from_number" ELSE "to_number" END)
) WHERE "lead_id" IS NOT NULL AND "client_id" IS NULL;
