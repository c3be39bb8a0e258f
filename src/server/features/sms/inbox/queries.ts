import { type SQL, and, eq, inArray, not, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../../db/client';
import { smsMessages } from '../../../db/schema';
import { readRows, rowCount as count } from '../../../db/read-rows';
import { normalizePhone } from '../../../../shared/phone';
import type { ReplyItem, SmsMessage } from '../../../../shared/schemas/sms-inbox';
import { deliveryError } from '../../../../shared/sms-errors';

// The reads of the inbox. Every statement filters by business_id itself (ARCHITECTURE.md, "Tenancy") and pages or limits
// in SQL; docs/sms-inbox.md says which index each one walks.

function errorOf(code: unknown): SmsMessage['error'] {
  const error = code == null ? null : deliveryError(Number(code));
  return error ? { code: Number(code), label: error.label, advice: error.advice } : null;
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The columns every message read selects (m: sms_messages, c: clients joined on the same business). */
const MESSAGE_COLUMNS = sql`m.id, m.direction, m.message_body, m.timestamp, m.is_read, m.to_number, m.from_number, m.status, m.error_code,
  m.message_type, m.client_id, c.name as client_name, c.phone as client_phone, sb.name as sent_by_name`;
/** The message's client, and the person who sent it by hand ("Sent by Maria"), each of the message's business. */
const CLIENT_JOIN = sql`left join clients c on c.id = m.client_id and c.business_id = m.business_id
  left join people sb on sb.id = m.sent_by_person_id and sb.business_id = m.business_id`;

export function toMessage(r: Record<string, any>): SmsMessage {
  const direction = r.direction === 'inbound' ? 'inbound' : 'outbound';
  const clientId = r.client_id == null ? null : Number(r.client_id);
  return {
    id: Number(r.id),
    direction,
    messageBody: r.message_body,
    timestamp: iso(r.timestamp),
    isRead: direction === 'outbound' ? true : Boolean(r.is_read),
    toNumber: r.to_number,
    fromNumber: r.from_number,
    status: r.status,
    error: errorOf(r.error_code),
    messageType: r.message_type ?? null,
    clientId,
    client: clientId != null && r.client_name != null ? { id: clientId, name: r.client_name, phone: r.client_phone ?? null } : null,
    sentBy: r.sent_by_name ?? null,
  };
}

/** One message of the business (the one just stored by a reply). */
export async function selectMessage(tx: Tx, businessId: number, messageId: number): Promise<SmsMessage | null> {
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN} where m.business_id = ${businessId} and m.id = ${messageId}`),
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

/**
 * The history, newest first: `limit` rows from `offset`. The page's positions are found first from the index
 * alone (sms_messages_business_ts_id_idx, or sms_messages_business_client_ts_id_idx for one client: an
 * index-only scan that skips the offset without reading a message), then only the page's rows are read.
 */
export async function selectHistory(tx: Tx, businessId: number, opts: { offset: number; limit: number; clientId?: number; before?: number }): Promise<SmsMessage[]> {
  const client = opts.clientId ? sql`and k.client_id = ${opts.clientId}` : sql``;
  // Keyset: rows after the given message in (timestamp desc, id desc) order; a message of another business names no position.
  const after = opts.before
    ? sql`and (k.timestamp, k.id) < (select b.timestamp, b.id from sms_messages b where b.id = ${opts.before} and b.business_id = ${businessId})
          and k.timestamp <= (select b.timestamp from sms_messages b where b.id = ${opts.before} and b.business_id = ${businessId})`
    : sql``;
  // One client's index is (timestamp desc nulls last, id desc nulls last); the business's is walked backwards.
  const order = opts.clientId ? sql`k.timestamp desc nulls last, k.id desc nulls last` : sql`k.timestamp desc, k.id desc`;
  const positions = sql`select k.id, k.timestamp from sms_messages k
         where k.business_id = ${businessId} ${client} ${after}
         order by ${order} offset ${opts.offset} limit ${count(opts.limit)}`;
  const rows = await readRows<Record<string, any>>(
    tx,
    sql`select ${MESSAGE_COLUMNS} from (${positions}) p
      join sms_messages m on m.id = p.id ${CLIENT_JOIN}
      order by p.timestamp desc, p.id desc`,
  );
  return rows.map(toMessage);
}

/**
 * Unread, the one notion (docs/sms-inbox.md "Unread"): an inbound text not yet read. The badge, the unread replies,
 * the conversations' counts (kept from these rows) and the feed's filter all read this; Mark as Read, from any
 * screen, and an answer write it.
 */
const UNREAD = sql`m.direction = 'inbound' and not m.is_read`;

/** Recent SMS Activity: messages since `since`, newest first, filtered by direction or unread. */
export async function selectFeed(tx: Tx, businessId: number, opts: { since: Date; filter: 'all' | 'inbound' | 'outbound' | 'unread'; limit: number }): Promise<SmsMessage[]> {
  const filters: Record<typeof opts.filter, SQL> = {
    all: sql``,
    inbound: sql`and m.direction = 'inbound'`,
    outbound: sql`and m.direction = 'outbound'`,
    unread: sql`and ${UNREAD}`,
  };
  const rows = await readRows<Record<string, any>>(
    tx,
    sql`select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN}
      where m.business_id = ${businessId} and m.timestamp >= ${opts.since.toISOString()} ${filters[opts.filter]}
      order by m.timestamp desc, m.id desc limit ${count(opts.limit)}`,
  );
  return rows.map(toMessage);
}

/** One conversation of a page: the client, its kept unread count and newest unread ids, whether its phone opted out, its last messages (newest first). */
export type ConversationRow = { clientId: number; unreadCount: number; unreadIds: number[]; optedOut: boolean; messages: SmsMessage[] };

const idList = (v: unknown): number[] =>
  (Array.isArray(v) ? v : String(v ?? '').replace(/[{}]/g, '').split(',').filter(Boolean)).map(Number);

/**
 * The clients with texts, latest conversation first, a page in one statement: the kept rows (sms_conversations,
 * walked through sms_conversations_business_last_idx in the page's order, or the clients the search names), then for the
 * page's clients only the newest unread ids (when the kept count says there are any), whether the client's phone
 * opted out (a probe of sms_opt_outs' key: a second statement cost a page more than its rows) and the last `per`
 * messages (sms_messages_business_client_ts_idx). `match` narrows to the clients a search names.
 */
export async function selectConversations(
  tx: Tx,
  businessId: number,
  opts: { offset: number; limit: number; per: number; maxIds: number; match?: ConversationMatch },
): Promise<ConversationRow[]> {
  const order = sql`order by v.last_at desc nulls last, v.client_id desc nulls last offset ${opts.offset} limit ${count(opts.limit)}`;
  // A search of a whole phone finds the client first (clients_business_phone_idx) and probes its kept row (offset 0
  // keeps that a probe); a name or part of a phone walks the conversations in order and keeps the matching ones,
  // stopping once the page is full (see searchConversations).
  const heads = !opts.match
    ? sql`select v.client_id, v.last_at, v.unread from sms_conversations v where v.business_id = ${businessId} ${order}`
    : 'clients' in opts.match
      ? sql`select v.client_id, v.last_at, v.unread from clients c
          cross join lateral (select v.client_id, v.last_at, v.unread from sms_conversations v
                               where v.business_id = ${businessId} and v.client_id = c.id offset 0) v
          where c.business_id = ${businessId} and ${opts.match.clients} ${order}`
      : 'named' in opts.match
        ? sql`select v.client_id, v.last_at, v.unread from sms_conversations v
            where v.business_id = ${businessId} and ${opts.match.named} ${order}`
        : sql`select v.client_id, v.last_at, v.unread from sms_conversations v
            join clients c on c.id = v.client_id and c.business_id = v.business_id
           where v.business_id = ${businessId} and ${opts.match.conversations} ${order}`;
  // The columns are never null: "nulls last" only matches the indexes' order, so no sort is planned.
  const rows = await readRows<Record<string, any>>(
    tx,
    sql`with h as materialized (
        select h.client_id, h.last_at, h.unread,
          case when h.unread > 0 then array(
            select u.id from sms_messages u
             where u.business_id = ${businessId} and u.client_id = h.client_id and u.direction = 'inbound' and not u.is_read
             order by u.timestamp desc nulls last, u.id desc nulls last limit ${count(opts.maxIds)}) end as unread_ids,
          (select o.opted_out from clients oc join sms_opt_outs o on o.business_id = oc.business_id and o.phone = oc.phone
            where oc.business_id = ${businessId} and oc.id = h.client_id) as opted_out
        from (${heads}) h)
      select h.client_id as head_client_id, h.unread, h.unread_ids, h.opted_out as head_opted_out, r.* from h
      left join lateral (
        select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN}
         where m.business_id = ${businessId} and m.client_id = h.client_id
         order by m.timestamp desc nulls last, m.id desc nulls last limit ${count(opts.per)}) r on true
      order by h.last_at desc, h.client_id desc, r.timestamp desc, r.id desc`,
  );
  const out: ConversationRow[] = [];
  for (const r of rows) {
    const clientId = Number(r.head_client_id);
    let row = out[out.length - 1];
    if (row?.clientId !== clientId) {
      row = { clientId, unreadCount: Number(r.unread), unreadIds: r.unread_ids == null ? [] : idList(r.unread_ids), optedOut: r.head_opted_out === true, messages: [] };
      out.push(row);
    }
    if (r.id != null) row.messages.push(toMessage(r));
  }
  return out;
}

/** What a search matches: a whole phone (c is clients), a name (v is sms_conversations) or part of a phone (v and c). */
type ConversationMatch = { clients: SQL } | { named: SQL } | { conversations: SQL };

/**
 * Conversations of the clients the search names, latest first: a search of digits (3 or more) and
 * punctuation only is a phone (the whole number: exact, through clients_business_phone_idx; part of one:
 * a substring, by walking the business's conversations in order, which stops once the page is full); anything
 * else is part of the client's name in any case, compared with the name each conversation keeps (search_name,
 * decision 0018) while walking the conversations in order. The walk's cost follows how far down the matches lie,
 * at most the business's conversations, never its clients.
 */
export async function searchConversations(tx: Tx, businessId: number, opts: { search: string; offset: number; limit: number; per: number; maxIds: number }): Promise<ConversationRow[]> {
  const digits = opts.search.replace(/\D/g, '');
  const isPhone = digits.length >= 3 && /^[\d\s()+.-]+$/.test(opts.search);
  const whole = isPhone ? normalizePhone(opts.search) : null;
  const match = whole
    ? { clients: sql`c.phone = ${whole}` }
    : isPhone
      ? { conversations: sql`strpos(c.phone, ${digits}) > 0` }
      : { named: sql`strpos(v.search_name, lower(${opts.search})) > 0` };
  return selectConversations(tx, businessId, { ...opts, match });
}

/** Marks the business's own inbound messages read; ids of others, outbound or already read change nothing. */
export async function markRead(tx: Tx, businessId: number, messageIds: number[]): Promise<number> {
  const marked = await tx
    .update(smsMessages)
    .set({ isRead: true })
    .where(
      and(
        eq(smsMessages.businessId, businessId),
        inArray(smsMessages.id, messageIds),
        eq(smsMessages.direction, 'inbound'),
        not(smsMessages.isRead),
      ),
    )
    .returning({ id: smsMessages.id });
  return marked.length;
}

/** Whether the client texted the business after `since` (a reply to them then goes at once: docs/sms-send-window.md). */
export async function clientWroteSince(tx: Tx, businessId: number, clientId: number, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.businessId, businessId), eq(smsMessages.clientId, clientId), eq(smsMessages.direction, 'inbound'), sql`${smsMessages.timestamp} > ${since.toISOString()}::timestamptz`))
    .limit(1);
  return Boolean(row);
}

/** Marks every unread inbound text of one client's conversation read (the owner answered it): docs/sms-inbox.md. */
export async function markConversationRead(tx: Tx, businessId: number, clientId: number): Promise<number> {
  const unread = await tx
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.businessId, businessId), eq(smsMessages.clientId, clientId), eq(smsMessages.direction, 'inbound'), not(smsMessages.isRead)));
  return unread.length ? markRead(tx, businessId, unread.map((r) => r.id)) : 0;
}

/** Unread replies (the badge), through sms_messages_business_unread_ts_idx. */
export async function countUnreadReplies(tx: Tx, businessId: number): Promise<number> {
  const [r] = await readRows<{ n: number }>(tx, sql`select count(*)::int as n from sms_messages m where m.business_id = ${businessId} and ${UNREAD}`);
  return Number(r?.n ?? 0);
}

/** The unread replies, newest first: the client's name, else the lead's (a text from a lead not yet a client). */
export async function selectUnreadReplies(tx: Tx, businessId: number, limit: number): Promise<ReplyItem[]> {
  const rows = await readRows<Record<string, any>>(
    tx,
    sql`select m.id, m.client_id, c.name as client_name, c.phone as client_phone, m.lead_id, l.name as lead_name, l.phone as lead_phone,
        m.from_number, m.message_body, m.timestamp, m.twilio_sid
      from sms_messages m
      ${CLIENT_JOIN}
      left join leads l on m.client_id is null and l.id = m.lead_id and l.business_id = m.business_id
      where m.business_id = ${businessId} and ${UNREAD}
      order by m.timestamp desc, m.id desc limit ${count(limit)}`,
  );
  return rows.map((r) => {
    const clientId = r.client_id == null ? null : Number(r.client_id);
    const leadId = r.lead_id == null || r.lead_name == null ? null : Number(r.lead_id);
    return {
      id: Number(r.id),
      messageId: Number(r.id),
      clientId,
      client: clientId != null && r.client_name != null ? { id: clientId, name: r.client_name, phone: r.client_phone ?? null } : null,
      leadId,
      lead: leadId != null ? { id: leadId, name: r.lead_name, phone: r.lead_phone ?? null } : null,
      fromNumber: r.from_number,
      messageBody: r.message_body,
      receivedAt: iso(r.timestamp),
      isRead: false,
      twilioSid: r.twilio_sid ?? null,
    };
  });
}

/**
 * The lead threads (texts with a lead and no client yet), latest first, with their unread ids and last `per` messages:
 * the waiting texts through sms_messages_lead_waiting_idx (few: a lead's texts move to its client when it becomes
 * one), each thread's messages through sms_messages_business_lead_ts_idx.
 */
export async function selectLeadConversations(
  tx: Tx,
  businessId: number,
  opts: { limit: number; per: number; maxIds: number },
): Promise<{ lead: { id: number; name: string; phone: string | null }; unreadCount: number; unreadIds: number[]; messages: SmsMessage[] }[]> {
  const rows = await readRows<Record<string, any>>(
    tx,
    sql`with h as (select w.lead_id, max(w.timestamp) as last_at,
          (count(*) filter (where w.direction = 'inbound' and not w.is_read))::int as unread
        from sms_messages w where w.business_id = ${businessId} and w.lead_id is not null and w.client_id is null
        group by w.lead_id order by last_at desc, w.lead_id desc limit ${count(opts.limit)})
      select h.lead_id, h.last_at, h.unread, l.name as lead_name, l.phone as lead_phone,
        array(select u.id from sms_messages u where u.business_id = ${businessId} and u.lead_id = h.lead_id and u.client_id is null
          and u.direction = 'inbound' and not u.is_read order by u.timestamp desc, u.id desc limit ${count(opts.maxIds)}) as unread_ids,
        r.*
      from h join leads l on l.id = h.lead_id and l.business_id = ${businessId}
      cross join lateral (select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN}
        where m.business_id = ${businessId} and m.lead_id = h.lead_id and m.client_id is null
        order by m.timestamp desc, m.id desc limit ${count(opts.per)}) r
      order by h.last_at desc, h.lead_id desc, r.timestamp desc, r.id desc`,
  );
  const out = new Map<number, { lead: { id: number; name: string; phone: string | null }; unreadCount: number; unreadIds: number[]; messages: SmsMessage[] }>();
  for (const r of rows) {
    const id = Number(r.lead_id);
    let row = out.get(id);
    if (!row) {
      row = { lead: { id, name: r.lead_name, phone: r.lead_phone ?? null }, unreadCount: Number(r.unread), unreadIds: idList(r.unread_ids), messages: [] };
      out.set(id, row);
    }
    row.messages.push(toMessage(r));
  }
  return [...out.values()];
}
