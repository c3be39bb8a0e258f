import type { Tx } from '../../../db/client';
import {
  CONVERSATION_PREVIEW_MESSAGES,
  SMS_LEAD_CONVERSATIONS_LIMIT,
  type SmsLeadConversations,
  type ReplyItem,
  type SmsConversations,
  type SmsFeed,
  type SmsHistory,
} from '../../../../shared/schemas/sms-inbox';
import * as q from './queries';
import { normalizePhone } from '../../../../shared/phone';
import { optedOutAmong } from '../numbers/opt-outs';

// The owner's reads and mark-read (docs/sms-inbox.md "Reads").

/** Unread ids listed per conversation; unreadCount counts them all. */
const UNREAD_IDS_PER_CONVERSATION = 100;

/** A page of the history: by number (offset), or after the message `before` (keyset; `page` then counts from it). */
export async function history(db: Tx, businessId: number, opts: { page: number; pageSize: number; clientId?: number; before?: number }): Promise<SmsHistory> {
  const rows = await q.selectHistory(db, businessId, { offset: (opts.page - 1) * opts.pageSize, limit: opts.pageSize + 1, clientId: opts.clientId, before: opts.before });
  const messages = rows.slice(0, opts.pageSize);
  const hasMore = rows.length > opts.pageSize;
  return { messages, page: opts.page, pageSize: opts.pageSize, hasMore, nextBefore: hasMore ? messages[messages.length - 1].id : null };
}

export async function conversations(db: Tx, businessId: number, opts: { page: number; pageSize: number; search?: string }): Promise<SmsConversations> {
  const page = { offset: (opts.page - 1) * opts.pageSize, limit: opts.pageSize + 1, per: CONVERSATION_PREVIEW_MESSAGES, maxIds: UNREAD_IDS_PER_CONVERSATION };
  const rows = opts.search ? await q.searchConversations(db, businessId, { ...page, search: opts.search }) : await q.selectConversations(db, businessId, page);
  const shown = rows.slice(0, opts.pageSize);
  const list = shown.flatMap((r) => {
    const last = r.messages[0];
    if (!last?.client) return []; // a client of no conversation any more (deleted meanwhile)
    return [
      {
        clientId: r.clientId,
        client: last.client,
        lastMessage: { id: last.id, direction: last.direction, messageBody: last.messageBody, timestamp: last.timestamp },
        optedOut: r.optedOut,
        unreadCount: r.unreadCount,
        unreadMessageIds: r.unreadIds,
        recentMessages: [...r.messages].reverse(),
      },
    ];
  });
  return { conversations: list, page: opts.page, pageSize: opts.pageSize, hasMore: rows.length > opts.pageSize };
}

/** The lead threads (docs/sms-inbox.md, "Leads"): the newest few, answered through the lead's own text call. */
export async function leadConversations(db: Tx, businessId: number): Promise<SmsLeadConversations> {
  const rows = await q.selectLeadConversations(db, businessId, { limit: SMS_LEAD_CONVERSATIONS_LIMIT + 1, per: CONVERSATION_PREVIEW_MESSAGES, maxIds: UNREAD_IDS_PER_CONVERSATION });
  const shown = rows.slice(0, SMS_LEAD_CONVERSATIONS_LIMIT);
  const phoneOf = (phone: string | null) => (phone == null ? null : (normalizePhone(phone) ?? phone));
  const optedOut = await optedOutAmong(db, businessId, shown.map((r) => phoneOf(r.lead.phone)).filter((p): p is string => p != null));
  const conversations = shown.map((r) => {
    const last = r.messages[0];
    const phone = phoneOf(r.lead.phone);
    return {
      leadId: r.lead.id,
      lead: r.lead,
      lastMessage: { id: last.id, direction: last.direction, messageBody: last.messageBody, timestamp: last.timestamp },
      optedOut: phone != null && optedOut.has(phone),
      unreadCount: r.unreadCount,
      unreadMessageIds: r.unreadIds,
      recentMessages: [...r.messages].reverse(),
    };
  });
  return { conversations, hasMore: rows.length > SMS_LEAD_CONVERSATIONS_LIMIT };
}

export async function markRead(db: Tx, businessId: number, messageIds: number[]): Promise<number> {
  return q.markRead(db, businessId, [...new Set(messageIds)]);
}

export async function unreadCount(db: Tx, businessId: number): Promise<number> {
  return q.countUnreadReplies(db, businessId);
}

export async function unreadReplies(db: Tx, businessId: number, limit: number): Promise<{ replies: ReplyItem[]; hasMore: boolean }> {
  const rows = await q.selectUnreadReplies(db, businessId, limit + 1);
  return { replies: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function feed(db: Tx, businessId: number, opts: { filter: 'all' | 'inbound' | 'outbound' | 'unread'; days: number; limit: number }): Promise<SmsFeed> {
  const since = new Date(Date.now() - opts.days * 86_400_000);
  const rows = await q.selectFeed(db, businessId, { since, filter: opts.filter, limit: opts.limit + 1 });
  return { items: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}
