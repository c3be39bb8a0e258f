import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { normalizePhone } from '../../../shared/phone';
import type { ReplyItem, SmsMessage } from '../../../shared/schemas/sms-inbox';

// The reads of the inbox. Every statement filters by business_id itself (DESIGN rule 1) and pages or limits
// in SQL; docs/sms-inbox.md says which index each one walks.

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The columns every message read selects (m: sms_messages, c: clients joined on the same business). */
const MESSAGE_COLUMNS = sql`m.id, m.direction, m.message_body, m.timestamp, m.is_read, m.to_number, m.from_number, m.status,
  m.message_type, m.client_id, c.name as client_name, c.phone as client_phone`;
const CLIENT_JOIN = sql`left join clients c on c.id = m.client_id and c.business_id = m.business_id`;

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
    messageType: r.message_type ?? null,
    clientId,
    client: clientId != null && r.client_name != null ? { id: clientId, name: r.client_name, phone: r.client_phone ?? null } : null,
  };
}

/** One message of the business (the one just stored by a reply). */
export async function selectMessage(tx: Tx, businessId: number, messageId: number): Promise<SmsMessage | null> {
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN} where m.business_id = ${businessId} and m.id = ${messageId}`),
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

/** The history, newest first: `limit` rows from `offset` (sms_messages_business_ts_idx, or the client index). */
export async function selectHistory(tx: Tx, businessId: number, opts: { offset: number; limit: number; clientId?: number; before?: number }): Promise<SmsMessage[]> {
  const client = opts.clientId ? sql`and m.client_id = ${opts.clientId}` : sql``;
  // Keyset: rows after the given message in (timestamp desc, id desc) order; a message of another business names no position.
  const after = opts.before
    ? sql`and (m.timestamp, m.id) < (select b.timestamp, b.id from sms_messages b where b.id = ${opts.before} and b.business_id = ${businessId})
          and m.timestamp <= (select b.timestamp from sms_messages b where b.id = ${opts.before} and b.business_id = ${businessId})`
    : sql``;
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN}
      where m.business_id = ${businessId} ${client} ${after}
      order by m.timestamp desc, m.id desc offset ${opts.offset} limit ${opts.limit}`),
  );
  return rows.map(toMessage);
}

/** Recent SMS Activity: messages since `since`, newest first, filtered by direction or unread. */
export async function selectFeed(tx: Tx, businessId: number, opts: { since: Date; filter: 'all' | 'inbound' | 'outbound' | 'unread'; limit: number }): Promise<SmsMessage[]> {
  const filters: Record<typeof opts.filter, SQL> = {
    all: sql``,
    inbound: sql`and m.direction = 'inbound'`,
    outbound: sql`and m.direction = 'outbound'`,
    unread: sql`and m.direction = 'inbound' and not m.is_read`,
  };
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN}
      where m.business_id = ${businessId} and m.timestamp >= ${opts.since.toISOString()} ${filters[opts.filter]}
      order by m.timestamp desc, m.id desc limit ${opts.limit}`),
  );
  return rows.map(toMessage);
}

export type ConversationHead = { clientId: number; lastAt: string };

/**
 * The clients with texts, latest conversation first: `limit` of them from `offset`. A client's last message
 * is its first row when the business's messages are walked newest first, so the distinct clients of the
 * newest W rows are exactly the W-row prefix of the answer: the walk takes a window of the newest rows
 * (sms_messages_business_ts_idx) and widens it (x4) only while it holds too few clients; a business whose texts
 * all go to a few clients ends in one grouped scan.
 */
export async function selectConversationHeads(tx: Tx, businessId: number, opts: { offset: number; limit: number }): Promise<ConversationHead[]> {
  const needed = opts.offset + opts.limit;
  for (let window = Math.max(200, needed * 2); window <= 50_000; window *= 4) {
    const rows = rowsOf<{ client_id: number; last_at: unknown; scanned: number }>(
      await tx.execute(sql`with recent as (
          select client_id, timestamp from sms_messages
           where business_id = ${businessId} and client_id is not null
           order by timestamp desc limit ${window})
        select client_id, max(timestamp) as last_at, (select count(*) from recent)::int as scanned
          from recent group by client_id order by last_at desc, client_id desc`),
    );
    const scanned = rows[0] ? Number(rows[0].scanned) : 0;
    if (rows.length >= needed || scanned < window) {
      return rows.slice(opts.offset, needed).map((r) => ({ clientId: Number(r.client_id), lastAt: iso(r.last_at) }));
    }
  }
  const rows = rowsOf<{ client_id: number; last_at: unknown }>(
    await tx.execute(sql`select client_id, max(timestamp) as last_at from sms_messages
      where business_id = ${businessId} and client_id is not null
      group by client_id order by last_at desc, client_id desc offset ${opts.offset} limit ${opts.limit}`),
  );
  return rows.map((r) => ({ clientId: Number(r.client_id), lastAt: iso(r.last_at) }));
}

/**
 * Conversations of the clients the search names, latest first: a search of digits (3 or more) and
 * punctuation only is a phone (the whole number: exact, through clients_business_phone_idx; part of one:
 * a substring); anything else matches the name in any case (through clients_name_trgm_idx).
 */
export async function searchConversationHeads(tx: Tx, businessId: number, opts: { search: string; offset: number; limit: number }): Promise<ConversationHead[]> {
  const digits = opts.search.replace(/\D/g, '');
  const isPhone = digits.length >= 3 && /^[\d\s()+.-]+$/.test(opts.search);
  const whole = isPhone ? normalizePhone(opts.search) : null;
  const match = whole
    ? sql`c.phone = ${whole}`
    : isPhone
      ? sql`c.phone like ${`%${digits}%`}`
      : sql`lower(c.name) like ${`%${opts.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`;
  const rows = rowsOf<{ client_id: number; last_at: unknown }>(
    await tx.execute(sql`select c.id as client_id, l.last_at from clients c
      cross join lateral (select max(m.timestamp) as last_at from sms_messages m where m.client_id = c.id and m.business_id = ${businessId}) l
      where c.business_id = ${businessId} and ${match} and l.last_at is not null
      order by l.last_at desc, c.id desc offset ${opts.offset} limit ${opts.limit}`),
  );
  return rows.map((r) => ({ clientId: Number(r.client_id), lastAt: iso(r.last_at) }));
}

/** The last `per` messages of each of these clients (sms_messages_client_idx), newest first. */
export async function selectRecentMessages(tx: Tx, businessId: number, clientIds: number[], per: number): Promise<Map<number, SmsMessage[]>> {
  const out = new Map<number, SmsMessage[]>();
  if (!clientIds.length) return out;
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select r.* from clients k
      cross join lateral (
        select ${MESSAGE_COLUMNS} from sms_messages m ${CLIENT_JOIN}
         where m.business_id = ${businessId} and m.client_id = k.id
         order by m.timestamp desc, m.id desc limit ${per}) r
      where k.business_id = ${businessId} and k.id in ${clientIds}`),
  );
  for (const r of rows) {
    const m = toMessage(r);
    const list = out.get(m.clientId!) ?? [];
    list.push(m);
    out.set(m.clientId!, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.timestamp === b.timestamp ? b.id - a.id : a.timestamp < b.timestamp ? 1 : -1));
  return out;
}

/** Unread inbound messages of each of these clients: the count, and the newest `maxIds` ids. */
export async function selectUnread(tx: Tx, businessId: number, clientIds: number[], maxIds: number): Promise<Map<number, { count: number; ids: number[] }>> {
  const out = new Map<number, { count: number; ids: number[] }>();
  if (!clientIds.length) return out;
  const rows = rowsOf<{ client_id: number; n: number; ids: number[] | string }>(
    await tx.execute(sql`select client_id, count(*)::int as n,
        (array_agg(id order by timestamp desc, id desc))[1:${maxIds}::int] as ids
      from sms_messages
      where business_id = ${businessId} and client_id in ${clientIds} and direction = 'inbound' and not is_read
      group by client_id`),
  );
  for (const r of rows) {
    const ids = Array.isArray(r.ids) ? r.ids : String(r.ids).replace(/[{}]/g, '').split(',').filter(Boolean);
    out.set(Number(r.client_id), { count: Number(r.n), ids: ids.map(Number) });
  }
  return out;
}

/** Marks the business's own inbound messages read (and their sms_replies rows); ids of others change nothing. */
export async function markRead(tx: Tx, businessId: number, messageIds: number[]): Promise<number> {
  const marked = rowsOf<{ id: number; twilio_sid: string | null }>(
    await tx.execute(sql`update sms_messages set is_read = true
      where business_id = ${businessId} and id in ${messageIds} and direction = 'inbound' and not is_read
      returning id, twilio_sid`),
  );
  const sids = marked.map((r) => r.twilio_sid).filter((s): s is string => Boolean(s));
  if (sids.length) {
    await tx.execute(sql`update sms_replies set is_read = true where business_id = ${businessId} and twilio_sid in ${sids} and not is_read`);
  }
  return marked.length;
}

/** Unread replies (the badge). */
export async function countUnreadReplies(tx: Tx, businessId: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from sms_replies where business_id = ${businessId} and not is_read`));
  return Number(r?.n ?? 0);
}

/** The unread replies, newest first, with the sms_messages id that mark-read takes. */
export async function selectUnreadReplies(tx: Tx, businessId: number, limit: number): Promise<ReplyItem[]> {
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select r.id, m.id as message_id, r.client_id, c.name as client_name, c.phone as client_phone,
        r.from_number, r.message_body, r.received_at, r.is_read, r.twilio_sid
      from sms_replies r
      left join clients c on c.id = r.client_id and c.business_id = r.business_id
      left join sms_messages m on m.twilio_sid = r.twilio_sid and m.business_id = r.business_id
      where r.business_id = ${businessId} and not r.is_read
      order by r.received_at desc, r.id desc limit ${limit}`),
  );
  return rows.map((r) => {
    const clientId = r.client_id == null ? null : Number(r.client_id);
    return {
      id: Number(r.id),
      messageId: r.message_id == null ? null : Number(r.message_id),
      clientId,
      client: clientId != null && r.client_name != null ? { id: clientId, name: r.client_name, phone: r.client_phone ?? null } : null,
      fromNumber: r.from_number,
      messageBody: r.message_body,
      receivedAt: iso(r.received_at),
      isRead: Boolean(r.is_read),
      twilioSid: r.twilio_sid ?? null,
    };
  });
}
