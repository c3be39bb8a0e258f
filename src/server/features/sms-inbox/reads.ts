import type { Tx } from '../../db/client';
import {
  CONVERSATION_PREVIEW_MESSAGES,
  type ReplyItem,
  type SmsConversations,
  type SmsFeed,
  type SmsHistory,
} from '../../../shared/schemas/sms-inbox';
import * as q from './queries';

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
  const offset = (opts.page - 1) * opts.pageSize;
  const heads = opts.search
    ? await q.searchConversationHeads(db, businessId, { search: opts.search, offset, limit: opts.pageSize + 1 })
    : await q.selectConversationHeads(db, businessId, { offset, limit: opts.pageSize + 1 });
  const page = heads.slice(0, opts.pageSize);
  const ids = page.map((h) => h.clientId);
  // Two reads of the page's clients only; on PostgreSQL they run side by side on two pooled connections.
  const [recent, unread] = await Promise.all([q.selectRecentMessages(db, businessId, ids, CONVERSATION_PREVIEW_MESSAGES), q.selectUnread(db, businessId, ids, UNREAD_IDS_PER_CONVERSATION)]);
  const list = page.flatMap((h) => {
    const messages = recent.get(h.clientId) ?? [];
    const last = messages[0];
    if (!last?.client) return []; // the client was deleted between the two reads
    const u = unread.get(h.clientId) ?? { count: 0, ids: [] };
    return [
      {
        clientId: h.clientId,
        client: last.client,
        lastMessage: last,
        unreadCount: u.count,
        unreadMessageIds: u.ids,
        recentMessages: [...messages].reverse(),
      },
    ];
  });
  return { conversations: list, page: opts.page, pageSize: opts.pageSize, hasMore: heads.length > opts.pageSize };
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
