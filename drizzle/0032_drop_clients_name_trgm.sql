-- The trigram index on clients' lower(name) served two searches that now read kept text instead: the SMS
-- conversations' search by name (sms_conversations.client_name, migration 0029) and the Referral Tracker's
-- search by referrer name (referral_list_rows.search_text, migration 0030). Nothing reads it any more, and
-- every new or renamed client paid for it. The client search uses clients_search_trgm_idx (migration 0024).
DROP INDEX IF EXISTS clients_name_trgm_idx;
