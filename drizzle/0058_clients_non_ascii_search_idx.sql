-- The clients whose search text holds a character outside ASCII: the one part of a two-character client search
-- that the trigram index cannot find by the term's neighbours (docs/read-model.md, "Short searches").
CREATE INDEX IF NOT EXISTS "clients_business_non_ascii_idx" ON "clients" USING btree ("business_id") WHERE "clients"."search_text" ~ '[^\x01-\x7f]';
