import { z } from 'zod';
import { scheduledSendSchema } from './send-time';
import { requiredText } from './required-text';
import { idInput } from './ids';

// Receiving texts: the conversations, the message history, replies, mark-read and the activity dashboard's
// SMS panels (docs/sms-inbox.md). The server parses requests and serialises replies through these schemas;
// the browser types its queries with the inferred types.

export const SMS_HISTORY_PAGE_SIZE = 50;
export const SMS_CONVERSATIONS_PAGE_SIZE = 20;
export const SMS_PAGE_SIZE_MAX = 100;
/** Spec part 2: each conversation shows the last 3 messages. */
export const CONVERSATION_PREVIEW_MESSAGES = 3;
/** Spec part 1: Recent SMS Activity periods (days), 7 the default. */
export const SMS_FEED_DAYS = [1, 7, 30, 90] as const;
export const SMS_FEED_FILTERS = ['all', 'inbound', 'outbound', 'unread'] as const;
export const SMS_FEED_DEFAULT_LIMIT = 10;
/** The most ids one mark-read call takes. */
export const MARK_READ_MAX_IDS = 500;
/** Spec: an SMS message box counts to 160; a reply is refused past Twilio's 1,600-character limit. */
export const SMS_MESSAGE_MAX_CHARS = 1600;

const pageInput = z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(100_000, { error: 'page must be 100000 or less' }).default(1);
const pageSizeInput = (fallback: number) =>
  z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: `pageSize must be between 1 and ${SMS_PAGE_SIZE_MAX}` })
    .min(1, { error: `pageSize must be between 1 and ${SMS_PAGE_SIZE_MAX}` })
    .max(SMS_PAGE_SIZE_MAX, { error: `pageSize must be between 1 and ${SMS_PAGE_SIZE_MAX}` })
    .default(fallback);

// ---- Requests ----

/**
 * GET /api/sms/messages: the history, newest first. `clientId` narrows it to one client's thread. `before`
 * (a message id, the previous page's `nextBefore`) pages by key instead of `page`: every page as fast as the first.
 */
export const smsHistoryQuerySchema = z.object({
  page: pageInput,
  pageSize: pageSizeInput(SMS_HISTORY_PAGE_SIZE),
  clientId: idInput('Please choose a client').optional(),
  before: idInput('before must be a message id').optional(),
});

/** GET /api/sms/conversations: clients with texts, the latest conversation first. */
export const smsConversationsQuerySchema = z.object({
  page: pageInput,
  pageSize: pageSizeInput(SMS_CONVERSATIONS_PAGE_SIZE),
  /** Client name (any case) or phone digits. */
  search: z.string().trim().max(100, { error: 'search must be 100 characters or fewer' }).optional(),
});

const messageText = requiredText('Please enter a message', SMS_MESSAGE_MAX_CHARS, `The message is too long (${SMS_MESSAGE_MAX_CHARS} characters at most)`, { multiline: true });

/** POST /api/sms/reply (spec: clientId, message; non-empty after trimming). */
export const smsReplySchema = z.object({
  clientId: idInput('Please choose a client'),
  message: messageText,
});

export const SIMULATE_CHOOSE_ONE = 'Please choose a client or a lead';

/** POST /api/sms/simulate-inbound: the local simulator plays a client's or a lead's text (only when the simulator is active). */
export const simulateInboundSchema = z
  .object({
    clientId: idInput(SIMULATE_CHOOSE_ONE).optional(),
    leadId: idInput(SIMULATE_CHOOSE_ONE).optional(),
    message: messageText,
  })
  .refine((v) => (v.clientId === undefined) !== (v.leadId === undefined), { error: SIMULATE_CHOOSE_ONE, path: ['clientId'] });

/** POST /api/sms/mark-read (spec: messageIds). */
export const markReadSchema = z.object({
  messageIds: z
    .array(idInput('Each message id must be a message of yours'), { error: 'Please choose the messages to mark as read' })
    .min(1, { error: 'Please choose the messages to mark as read' })
    .max(MARK_READ_MAX_IDS, { error: `At most ${MARK_READ_MAX_IDS} messages at a time` }),
});

const flag = z.enum(['true', 'false', '1', '0'], { error: 'Use true or false' });

/** GET /api/activities/replies: the unread replies panel; `?unread=true` answers only the badge count. */
export const repliesQuerySchema = z.object({
  unread: flag.optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int({ error: 'limit must be between 1 and 100' }).min(1, { error: 'limit must be between 1 and 100' }).max(100, { error: 'limit must be between 1 and 100' }).default(20),
});

/** GET /api/activities/feed: Recent SMS Activity (spec part 1: filters all/inbound/outbound/unread; periods 1, 7, 30, 90 days). */
export const feedQuerySchema = z.object({
  filter: z.enum(SMS_FEED_FILTERS, { error: `filter must be one of ${SMS_FEED_FILTERS.join(', ')}` }).default('all'),
  days: z.coerce
    .number({ error: 'days must be one of 1, 7, 30, 90' })
    .refine((n) => (SMS_FEED_DAYS as readonly number[]).includes(n), { error: 'days must be one of 1, 7, 30, 90' })
    .default(7),
  limit: z.coerce.number({ error: 'limit must be a number' }).int({ error: 'limit must be between 1 and 100' }).min(1, { error: 'limit must be between 1 and 100' }).max(100, { error: 'limit must be between 1 and 100' }).default(SMS_FEED_DEFAULT_LIMIT),
});

// ---- Replies ----

export const smsClientSchema = z.object({ id: z.number(), name: z.string(), phone: z.string().nullable() });

/** Spec part 2 "SMS message": id, direction, messageBody, timestamp, isRead, toNumber, fromNumber, client. */
export const smsMessageSchema = z.object({
  id: z.number(),
  direction: z.enum(['inbound', 'outbound']),
  messageBody: z.string(),
  timestamp: z.string(),
  /** Inbound: read or unread. Outbound messages are always read. */
  isRead: z.boolean(),
  toNumber: z.string(),
  fromNumber: z.string(),
  /** Delivery status of an outbound text (queued, sent, delivered, undelivered, failed); 'received' inbound. */
  status: z.string(),
  /** Why a failed text failed, in an owner's words (the provider's error code; docs/sms.md); null otherwise. */
  error: z.object({ code: z.number(), label: z.string(), advice: z.string() }).nullable(),
  messageType: z.string().nullable(),
  clientId: z.number().nullable(),
  /** Null when the number matched no client. */
  client: smsClientSchema.nullable(),
  /** The team member who sent it by hand ("Sent by Maria"); null for automations, bulk texts and inbound texts. */
  sentBy: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsHistorySchema = z.object({
  messages: z.array(smsMessageSchema),
  page: z.number(),
  pageSize: z.number(),
  /** True when a next page exists (the history is not counted: a business may have 100,000 texts). */
  hasMore: z.boolean(),
  /** Pass as `before` for the next page (null when there is none). */
  nextBefore: z.number().nullable(),
});
export type SmsHistory = z.infer<typeof smsHistorySchema>;

/** Spec part 2 "SMS conversation": clientId, client (name, phone), lastMessage.timestamp, unreadCount, unreadMessageIds, recentMessages. */
export const smsConversationSchema = z.object({
  clientId: z.number(),
  client: smsClientSchema,
  /**
   * The newest message, for the list's "2 h ago" (the spec shows its timestamp) and a one-line preview. Its
   * whole message is the last of recentMessages; repeating all of it made a page of 20 16 % larger (28.1 KB, not 24.3).
   */
  lastMessage: smsMessageSchema.pick({ id: true, direction: true, messageBody: true, timestamp: true }),
  /** The client's number replied STOP (or the carrier said so): shown as "Opted out". */
  optedOut: z.boolean(),
  unreadCount: z.number(),
  /** Ids for POST /api/sms/mark-read (at most 100; unreadCount counts all). */
  unreadMessageIds: z.array(z.number()),
  /** The last 3 messages, oldest first (as a thread reads). */
  recentMessages: z.array(smsMessageSchema),
});
export type SmsConversation = z.infer<typeof smsConversationSchema>;

export const smsConversationsSchema = z.object({
  conversations: z.array(smsConversationSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type SmsConversations = z.infer<typeof smsConversationsSchema>;

/** `sms` is the reply sent now; null when it waits for the client's hours (`scheduled`, docs/sms-send-window.md). */
export const smsReplyResultSchema = z.object({ success: z.literal(true), message: z.string(), sms: smsMessageSchema.nullable(), scheduled: scheduledSendSchema.nullable() });

export const markReadResultSchema = z.object({ success: z.literal(true), updated: z.number() });

/** Spec part 1 "Unread reply item": client (name, phone), messageBody, receivedAt, isRead, twilioSid. An unread inbound text. */
export const replyItemSchema = z.object({
  id: z.number(),
  /** The text's id to send to POST /api/sms/mark-read (the same as `id`). */
  messageId: z.number(),
  clientId: z.number().nullable(),
  client: smsClientSchema.nullable(),
  /** A text from a lead not yet a client: the lead, answered through the lead's text call. */
  leadId: z.number().nullable(),
  lead: smsClientSchema.nullable(),
  fromNumber: z.string(),
  messageBody: z.string(),
  receivedAt: z.string(),
  isRead: z.boolean(),
  twilioSid: z.string().nullable(),
});
export type ReplyItem = z.infer<typeof replyItemSchema>;

export const unreadCountSchema = z.object({ count: z.number() });
export const repliesListSchema = z.object({ replies: z.array(replyItemSchema), hasMore: z.boolean() });
/** GET /api/activities/replies: the unread replies, or with ?unread=true their count. */
export const repliesResponseSchema = z.union([unreadCountSchema, repliesListSchema]);

export const feedSchema = z.object({
  items: z.array(smsMessageSchema),
  /** More than `limit` in the period: the panel shows View All Messages. */
  hasMore: z.boolean(),
});
export type SmsFeed = z.infer<typeof feedSchema>;

/** The empty TwiML answer of the webhooks. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** GET /api/sms/lead-conversations: the newest lead threads whose texts have no client yet (docs/sms-inbox.md, "Leads"). */
export const SMS_LEAD_CONVERSATIONS_LIMIT = 20;
export const smsLeadConversationSchema = smsConversationSchema.omit({ clientId: true, client: true }).extend({
  leadId: z.number(),
  lead: smsClientSchema,
});
export type SmsLeadConversation = z.infer<typeof smsLeadConversationSchema>;
export const smsLeadConversationsSchema = z.object({ conversations: z.array(smsLeadConversationSchema), hasMore: z.boolean() });
export type SmsLeadConversations = z.infer<typeof smsLeadConversationsSchema>;
