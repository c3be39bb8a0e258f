-- The leads whose search text holds a character outside ASCII: the one part of a two-character lead search that
-- the trigram index cannot find by the term's neighbours (docs/leads.md, "Search"), as migration 0058 for clients.
CREATE INDEX IF NOT EXISTS "leads_business_non_ascii_idx" ON "leads" USING btree ("business_id") WHERE "leads"."search_text" ~ '[^\x01-\x7f]';
