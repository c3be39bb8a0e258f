-- One notion of unread (decision 0024): the unread replies, the badge, the conversations and the feed all read
-- sms_messages.is_read. sms_replies held a second copy of every inbound text with its own read flag, which drifted
-- from the first (Mark as Read in Conversations left the dashboard's count and list unchanged).
DROP TABLE IF EXISTS "sms_replies";
