import { and, asc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { clients, smsMessages } from '../../../db/schema';
import { inTexts } from '../../../db/sql-values';
import type { ProviderMessage } from '../../../providers/sms/types';
import { formatPhone } from '../../../../shared/format';
import { countSegments } from '../../../../shared/sms-segments';
import { recordActivity } from '../../activity-log/service';
import * as q from './queries';

// Texts whose outcome is unknown (docs/sms-outbox.md "At most once"): the provider may or may not have sent
// them. They are never sent again blindly; reconciliation asks the provider and settles them here.

/** A send takes at most the provider's 15 s timeout: a message still 'pending' after this was never answered. */
export const PENDING_STALE_MS = 5 * 60_000;

export type UnknownText = {
  id: number;
  businessId: number;
  clientId: number | null;
  from: string;
  to: string;
  body: string;
  messageType: string;
  storedAt: Date;
};

/** Messages left 'pending' (the process or the database failed around the provider call) become 'unknown'. */
export async function markStalePendingUnknown(db: Tx, now: Date): Promise<number> {
  const rows = await db
    .update(smsMessages)
    .set({ status: 'unknown' })
    .where(
      and(
        eq(smsMessages.direction, 'outbound'),
        eq(smsMessages.status, 'pending'),
        lt(smsMessages.timestamp, new Date(now.getTime() - PENDING_STALE_MS)),
      ),
    )
    .returning({ id: smsMessages.id });
  return rows.length;
}

/** The oldest unknown messages of every business (sms_messages_open_outbound_idx). */
export async function selectUnknown(db: Tx, limit: number): Promise<UnknownText[]> {
  const rows = await db
    .select({
      id: smsMessages.id,
      businessId: smsMessages.businessId,
      clientId: smsMessages.clientId,
      from: smsMessages.fromNumber,
      to: smsMessages.toNumber,
      body: smsMessages.messageBody,
      messageType: smsMessages.messageType,
      storedAt: smsMessages.timestamp,
    })
    .from(smsMessages)
    .where(and(eq(smsMessages.direction, 'outbound'), eq(smsMessages.status, 'unknown')))
    .orderBy(asc(smsMessages.timestamp), asc(smsMessages.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, messageType: r.messageType ?? 'sms' }));
}

/** Of the provider's messages, the sids some message of ours already carries (each provider message settles one of ours). */
export async function knownSids(db: Tx, sids: string[]): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const rows = await db.select({ sid: smsMessages.twilioSid }).from(smsMessages).where(inTexts(smsMessages.twilioSid, sids));
  return new Set(rows.flatMap((r) => (r.sid === null ? [] : [r.sid])));
}

/** The provider's message that is this text: same body, sent no earlier than a minute before we stored ours, not already ours. */
export function matchProviderMessage(text: UnknownText, found: ProviderMessage[], known: Set<string>): ProviderMessage | null {
  const earliest = text.storedAt.getTime() - 60_000;
  return found.find((m) => m.body === text.body && !known.has(m.sid) && (m.sentAt === null || m.sentAt.getTime() >= earliest)) ?? null;
}

async function recipientName(tx: Tx, text: UnknownText): Promise<string> {
  if (text.clientId == null) return formatPhone(text.to);
  const [row] = await tx
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.businessId, text.businessId), eq(clients.id, text.clientId)));
  return row?.name ?? formatPhone(text.to);
}

/** The business's message, while no other call has settled it. */
const stillUnknown = (text: UnknownText) =>
  and(eq(smsMessages.businessId, text.businessId), eq(smsMessages.id, text.id), eq(smsMessages.status, 'unknown'));

/**
 * The provider has it: recorded as sent, as the send service records an accepted text (log, activity, the
 * client's last thank-you or gift). True when this call settled it (it was still unknown).
 */
export async function recordConfirmedSent(db: Tx, text: UnknownText, found: ProviderMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const settled = await tx
      .update(smsMessages)
      .set({ twilioSid: found.sid, status: found.status })
      .where(stillUnknown(text))
      .returning({ id: smsMessages.id });
    if (settled.length === 0) return false;
    const name = await recipientName(tx, text);
    await q.insertSmsLog(tx, text.businessId, { clientId: text.clientId, phone: text.to, messageType: text.messageType, content: text.body, status: found.status, sid: found.sid });
    await recordActivity(tx, text.businessId, 'sms_sent', `Text sent to ${name}`, {
      phone_number: text.to,
      message_type: text.messageType,
      client_id: text.clientId ?? undefined,
      client_name: text.clientId != null ? name : undefined,
      message_id: text.id,
      segments: countSegments(text.body).segments,
      twilio_sid: found.sid,
      message: text.body,
    });
    if (text.clientId != null) await q.stampClientText(tx, text.businessId, text.clientId, text.messageType);
    return true;
  });
}

/** Settled as not sent (the provider has no record of it, or it could not be asked for a day): failed, with why. */
export async function recordNotSent(db: Tx, text: UnknownText, error: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const settled = await tx.update(smsMessages).set({ status: 'failed' }).where(stillUnknown(text)).returning({ id: smsMessages.id });
    if (settled.length === 0) return false;
    const name = await recipientName(tx, text);
    await q.insertSmsLog(tx, text.businessId, { clientId: text.clientId, phone: text.to, messageType: text.messageType, content: text.body, status: 'failed', sid: null });
    await recordActivity(tx, text.businessId, 'sms_failed', `Text to ${name} failed`, {
      phone_number: text.to,
      message_type: text.messageType,
      client_id: text.clientId ?? undefined,
      client_name: text.clientId != null ? name : undefined,
      message_id: text.id,
      error,
    });
    return true;
  });
}

/** A message stored for a send whose answer was lost: 'unknown' (it was 'pending'). */
export async function markUnknown(db: Tx, businessId: number, messageId: number): Promise<void> {
  await db
    .update(smsMessages)
    .set({ status: 'unknown' })
    .where(and(eq(smsMessages.businessId, businessId), eq(smsMessages.id, messageId), eq(smsMessages.status, 'pending')));
}
