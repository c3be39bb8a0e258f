-- A lead's texts follow the lead when it becomes a client (docs/sms-inbox.md, "Leads"): texts with a lead and no
-- client move to the client that gets the lead's phone, whoever writes the client (Add Client, an import, the
-- booking webhook, an edit). The sms_conversations triggers then count them in that client's conversation.
-- Only texts still waiting for a client are indexed, so the look-up is a probe of a small index.
CREATE INDEX "sms_messages_lead_waiting_idx" ON "sms_messages" USING btree (
  "business_id", (CASE WHEN "direction" = 'inbound' THEN "from_number" ELSE "to_number" END)
) WHERE "lead_id" IS NOT NULL AND "client_id" IS NULL;--> statement-breakpoint
CREATE FUNCTION sms_lead_texts_to_new_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sms_messages m SET client_id = n.id
  FROM (SELECT DISTINCT ON (r.business_id, r.phone) r.business_id, r.phone, r.id
          FROM new_rows r WHERE r.phone IS NOT NULL ORDER BY r.business_id, r.phone, r.id) n
  WHERE m.lead_id IS NOT NULL AND m.client_id IS NULL AND m.business_id = n.business_id
    AND (CASE WHEN m.direction = 'inbound' THEN m.from_number ELSE m.to_number END) = n.phone;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sms_lead_texts_to_new_clients AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_lead_texts_to_new_clients();--> statement-breakpoint
CREATE FUNCTION sms_lead_texts_to_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sms_messages m SET client_id = NEW.id
  WHERE m.lead_id IS NOT NULL AND m.client_id IS NULL AND m.business_id = NEW.business_id
    AND (CASE WHEN m.direction = 'inbound' THEN m.from_number ELSE m.to_number END) = NEW.phone;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sms_lead_texts_to_client AFTER UPDATE OF phone ON clients
  FOR EACH ROW WHEN (NEW.phone IS NOT NULL AND OLD.phone IS DISTINCT FROM NEW.phone) EXECUTE FUNCTION sms_lead_texts_to_client();
