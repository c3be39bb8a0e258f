import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { businessNumbers, businesses, clients, leads, outreachSettings, smsLogs, smsMessages, smsReplyContext } from '../../../db/schema';
import { sendingNumber } from '../../../db/sending-number';

// SQL of the webhooks: which business a number belongs to, the client a phone is, storing an inbound
// text once per provider id, delivery status, and the forwarding context.

export type NumberOwner = { businessId: number; name: string; number: string; forwardingNumber: string | null; enableForwarding: boolean };

/** The business that owns this number (E.164), by the business_numbers key: one index probe, whatever the number of businesses. */
export async function selectNumberOwner(tx: Tx, number: string): Promise<NumberOwner | null> {
  const [r] = await tx
    .select({
      businessId: businesses.id,
      name: businesses.name,
      forwardingNumber: businesses.forwardingNumber,
      enableForwarding: businesses.enableForwarding,
    })
    .from(businessNumbers)
    .innerJoin(businesses, eq(businesses.id, businessNumbers.businessId))
    .where(eq(businessNumbers.number, number));
  return r ? { ...r, number } : null;
}

/** The client of the business with this phone (clients_business_phone_idx); the most recently booked when several share it. */
export async function selectClientByPhone(tx: Tx, businessId: number, phone: string): Promise<{ id: number; name: string } | null> {
  const [r] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.phone, phone)))
    .orderBy(sql`${clients.lastBooking} desc nulls last`, clients.id)
    .limit(1);
  return r ?? null;
}

/** The business's newest lead with this phone (leads_business_phone_idx): a text from no client is that lead's. */
export async function selectLeadByPhone(tx: Tx, businessId: number, phone: string): Promise<{ id: number; name: string } | null> {
  const [r] = await tx
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(and(eq(leads.businessId, businessId), eq(leads.phone, phone)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1);
  return r ?? null;
}

/** Stores an inbound text once per provider id; null when that id is already stored (a repeated webhook). */
export async function insertInboundMessage(
  tx: Tx,
  m: { businessId: number; clientId: number | null; leadId?: number | null; from: string; to: string; body: string; sid: string; messageType: string; isRead: boolean },
): Promise<number | null> {
  const [row] = await tx
    .insert(smsMessages)
    .values({
      businessId: m.businessId,
      clientId: m.clientId,
      leadId: m.leadId ?? null,
      direction: 'inbound',
      fromNumber: m.from,
      toNumber: m.to,
      messageBody: m.body,
      messageType: m.messageType,
      twilioSid: m.sid,
      status: 'received',
      isRead: m.isRead,
    })
    .onConflictDoNothing({ target: smsMessages.twilioSid })
    .returning({ id: smsMessages.id });
  return row ? row.id : null;
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
  const m = smsMessages;
  const [r] = await tx
    .update(m)
    .set({ status, errorCode: sql`coalesce(${errorCode}::integer, ${m.errorCode})` })
    .where(and(eq(m.twilioSid, sid), eq(m.direction, 'outbound'), ne(m.status, status), sql`${RANK} < 4 and ${rankOf(status)} > ${RANK}`))
    .returning({ businessId: m.businessId, clientId: m.clientId, to: m.toNumber });
  if (!r) return null;
  await tx
    .update(smsLogs)
    .set({ status })
    .where(and(eq(smsLogs.businessId, r.businessId), eq(smsLogs.twilioSid, sid)));
  return r;
}

/** The business of an outbound message, by provider id (for a status callback's error code). */
export async function selectOutboundBySid(tx: Tx, sid: string): Promise<{ businessId: number; to: string } | null> {
  const [r] = await tx
    .select({ businessId: smsMessages.businessId, to: smsMessages.toNumber })
    .from(smsMessages)
    .where(and(eq(smsMessages.twilioSid, sid), eq(smsMessages.direction, 'outbound')));
  return r ?? null;
}

/** Forwarding: the owner's phone now answers this client (one context per business and client phone). */
export async function saveReplyContext(
  tx: Tx,
  c: { businessId: number; clientId: number | null; clientPhone: string; forwardingNumber: string; twilioNumber: string; lastMessageId: number; expiresAt: Date },
) {
  await tx
    .delete(smsReplyContext)
    .where(and(eq(smsReplyContext.businessId, c.businessId), eq(smsReplyContext.clientPhone, c.clientPhone)));
  await tx.insert(smsReplyContext).values(c);
}

/** The client the owner's forwarding phone answers: the latest forwarded text's, while it has not expired. */
export async function selectReplyContext(tx: Tx, businessId: number, forwardingNumber: string): Promise<{ clientId: number | null; clientPhone: string } | null> {
  const [r] = await tx
    .select({ clientId: smsReplyContext.clientId, clientPhone: smsReplyContext.clientPhone })
    .from(smsReplyContext)
    .where(
      and(
        eq(smsReplyContext.businessId, businessId),
        eq(smsReplyContext.forwardingNumber, forwardingNumber),
        gt(smsReplyContext.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(smsReplyContext.createdAt), desc(smsReplyContext.id))
    .limit(1);
  return r ?? null;
}

/** The business's texting number (E.164, db/sending-number.ts), or null before one was chosen. */
export async function selectBusinessNumber(tx: Tx, businessId: number): Promise<string | null> {
  const [r] = await tx
    .select({ n: sendingNumber() })
    .from(businesses)
    .leftJoin(outreachSettings, eq(outreachSettings.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return r?.n ?? null;
}

/** A client of the business: its name and phone. */
export async function selectClient(tx: Tx, businessId: number, clientId: number): Promise<{ id: number; name: string; phone: string | null } | null> {
  const [r] = await tx
    .select({ id: clients.id, name: clients.name, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.id, clientId)));
  return r ?? null;
}

/** A lead of the business: its name and phone. */
export async function selectLead(tx: Tx, businessId: number, leadId: number): Promise<{ id: number; name: string; phone: string | null } | null> {
  const [r] = await tx.select({ id: leads.id, name: leads.name, phone: leads.phone }).from(leads).where(and(eq(leads.businessId, businessId), eq(leads.id, leadId)));
  return r ?? null;
}
