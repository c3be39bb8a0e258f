import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';

// SQL of the webhooks: which business a number belongs to, the client a phone is, storing an inbound
// text once per provider id, delivery status, and the forwarding context.

export type NumberOwner = { businessId: number; name: string; number: string; forwardingNumber: string | null; enableForwarding: boolean };

/** The business that owns this number (E.164), by the business_numbers key: one index probe, whatever the number of businesses. */
export async function selectNumberOwner(tx: Tx, number: string): Promise<NumberOwner | null> {
  const [r] = rowsOf<Record<string, any>>(
    await tx.execute(sql`select b.id, b.name, b.forwarding_number, b.enable_forwarding
      from business_numbers n join businesses b on b.id = n.business_id
      where n.number = ${number}`),
  );
  if (!r) return null;
  return { businessId: Number(r.id), name: r.name, number, forwardingNumber: r.forwarding_number ?? null, enableForwarding: Boolean(r.enable_forwarding) };
}

/** The client of the business with this phone (clients_business_phone_idx); the most recently booked when several share it. */
export async function selectClientByPhone(tx: Tx, businessId: number, phone: string): Promise<{ id: number; name: string } | null> {
  const [r] = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from clients where business_id = ${businessId} and phone = ${phone}
      order by last_booking desc nulls last, id limit 1`),
  );
  return r ? { id: Number(r.id), name: r.name } : null;
}

/** The business's newest lead with this phone (leads_business_phone_idx): a text from no client is that lead's. */
export async function selectLeadByPhone(tx: Tx, businessId: number, phone: string): Promise<{ id: number; name: string } | null> {
  const [r] = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from leads where business_id = ${businessId} and phone = ${phone} order by created_at desc, id desc limit 1`),
  );
  return r ? { id: Number(r.id), name: r.name } : null;
}

/** Stores an inbound text once per provider id; null when that id is already stored (a repeated webhook). */
export async function insertInboundMessage(
  tx: Tx,
  m: { businessId: number; clientId: number | null; leadId?: number | null; from: string; to: string; body: string; sid: string; messageType: string; isRead: boolean },
): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into sms_messages (business_id, client_id, lead_id, direction, from_number, to_number, message_body, message_type, twilio_sid, status, is_read)
      values (${m.businessId}, ${m.clientId}, ${m.leadId ?? null}, 'inbound', ${m.from}, ${m.to}, ${m.body}, ${m.messageType}, ${m.sid}, 'received', ${m.isRead})
      on conflict (twilio_sid) do nothing returning id`),
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function insertReply(tx: Tx, m: { businessId: number; clientId: number | null; from: string; to: string; body: string; sid: string }) {
  await tx.execute(sql`insert into sms_replies (business_id, client_id, from_number, to_number, message_body, twilio_sid)
    values (${m.businessId}, ${m.clientId}, ${m.from}, ${m.to}, ${m.body}, ${m.sid}) on conflict (twilio_sid) do nothing`);
}

/** An outbound text the inbox sent itself (a compliance confirmation): sms_messages and sms_logs. */
export async function insertOutbound(
  tx: Tx,
  m: { businessId: number; clientId: number | null; from: string; to: string; body: string; sid: string | null; status: string; messageType: string },
) {
  await tx.execute(sql`insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, twilio_sid, status, is_read)
    values (${m.businessId}, ${m.clientId}, 'outbound', ${m.from}, ${m.to}, ${m.body}, ${m.messageType}, ${m.sid}, ${m.status}, true)`);
  await tx.execute(sql`insert into sms_logs (business_id, client_id, phone_number, message_type, message_content, status, twilio_sid)
    values (${m.businessId}, ${m.clientId}, ${m.to}, ${m.messageType}, ${m.body}, ${m.status}, ${m.sid})`);
}

/**
 * Delivery status order: a callback never moves a message back (Twilio may deliver 'sent' after 'delivered')
 * and a final status (delivered, undelivered, failed, read) never changes.
 */
const RANK = sql`(case status when 'accepted' then 0 when 'scheduled' then 0 when 'queued' then 1 when 'sending' then 2 when 'sent' then 3
  when 'delivered' then 4 when 'undelivered' then 4 when 'failed' then 4 when 'read' then 5 else 0 end)`;
const rankOf = (s: string) => sql`(case ${s}::text when 'accepted' then 0 when 'scheduled' then 0 when 'queued' then 1 when 'sending' then 2 when 'sent' then 3
  when 'delivered' then 4 when 'undelivered' then 4 when 'failed' then 4 when 'read' then 5 else -1 end)`;

/** Sets the delivery status of the outbound message with this provider id; null when unknown or unchanged. */
export async function updateDeliveryStatus(
  tx: Tx,
  sid: string,
  status: string,
  errorCode: number | null = null,
): Promise<{ businessId: number; clientId: number | null; to: string } | null> {
  const [r] = rowsOf<{ business_id: number; client_id: number | null; to_number: string }>(
    await tx.execute(sql`update sms_messages set status = ${status}, error_code = coalesce(${errorCode}::integer, error_code)
      where twilio_sid = ${sid} and direction = 'outbound' and status <> ${status} and ${RANK} < 4 and ${rankOf(status)} > ${RANK}
      returning business_id, client_id, to_number`),
  );
  if (!r) return null;
  const businessId = Number(r.business_id);
  await tx.execute(sql`update sms_logs set status = ${status} where business_id = ${businessId} and twilio_sid = ${sid}`);
  return { businessId, clientId: r.client_id == null ? null : Number(r.client_id), to: r.to_number };
}

/** The business of an outbound message, by provider id (for a status callback's error code). */
export async function selectOutboundBySid(tx: Tx, sid: string): Promise<{ businessId: number; to: string } | null> {
  const [r] = rowsOf<{ business_id: number; to_number: string }>(
    await tx.execute(sql`select business_id, to_number from sms_messages where twilio_sid = ${sid} and direction = 'outbound'`),
  );
  return r ? { businessId: Number(r.business_id), to: r.to_number } : null;
}

/** Forwarding: the owner's phone now answers this client (one context per business and client phone). */
export async function saveReplyContext(
  tx: Tx,
  c: { businessId: number; clientId: number | null; clientPhone: string; forwardingNumber: string; twilioNumber: string; lastMessageId: number; expiresAt: Date },
) {
  await tx.execute(sql`delete from sms_reply_context where business_id = ${c.businessId} and client_phone = ${c.clientPhone}`);
  await tx.execute(sql`insert into sms_reply_context (business_id, client_id, client_phone, forwarding_number, twilio_number, last_message_id, expires_at)
    values (${c.businessId}, ${c.clientId}, ${c.clientPhone}, ${c.forwardingNumber}, ${c.twilioNumber}, ${c.lastMessageId}, ${c.expiresAt.toISOString()})`);
}

/** The client the owner's forwarding phone answers: the latest forwarded text's, while it has not expired. */
export async function selectReplyContext(tx: Tx, businessId: number, forwardingNumber: string): Promise<{ clientId: number | null; clientPhone: string } | null> {
  const [r] = rowsOf<{ client_id: number | null; client_phone: string }>(
    await tx.execute(sql`select client_id, client_phone from sms_reply_context
      where business_id = ${businessId} and forwarding_number = ${forwardingNumber} and expires_at > now()
      order by created_at desc, id desc limit 1`),
  );
  return r ? { clientId: r.client_id == null ? null : Number(r.client_id), clientPhone: r.client_phone } : null;
}

/** The business's texting number (E.164), or null before one was chosen. */
export async function selectBusinessNumber(tx: Tx, businessId: number): Promise<string | null> {
  const [r] = rowsOf<{ n: string | null }>(
    await tx.execute(sql`select coalesce(o.twilio_phone, b.selected_phone_number, b.twilio_numbers->>0) as n
      from businesses b left join outreach_settings o on o.business_id = b.id where b.id = ${businessId}`),
  );
  return r?.n ?? null;
}

/** A client of the business: its name and phone. */
export async function selectClient(tx: Tx, businessId: number, clientId: number): Promise<{ id: number; name: string; phone: string | null } | null> {
  const [r] = rowsOf<{ id: number; name: string; phone: string | null }>(
    await tx.execute(sql`select id, name, phone from clients where business_id = ${businessId} and id = ${clientId}`),
  );
  return r ? { id: Number(r.id), name: r.name, phone: r.phone ?? null } : null;
}
