import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { ProviderMessage } from '../../providers/sms/types';
import { formatPhone } from '../../../shared/format';
import { countSegments } from '../../../shared/sms-segments';
import { recordActivity } from '../activity-log/service';
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
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`update sms_messages set status = 'unknown'
      where direction = 'outbound' and status = 'pending' and "timestamp" < ${new Date(now.getTime() - PENDING_STALE_MS).toISOString()}::timestamptz
      returning id`),
  );
  return rows.length;
}

/** The oldest unknown messages of every business (sms_messages_open_outbound_idx). */
export async function selectUnknown(db: Tx, limit: number): Promise<UnknownText[]> {
  const rows = rowsOf<{
    id: number; business_id: number; client_id: number | null; from_number: string; to_number: string; message_body: string;
    message_type: string | null; timestamp: string | Date;
  }>(
    await db.execute(sql`select id, business_id, client_id, from_number, to_number, message_body, message_type, "timestamp"
      from sms_messages where direction = 'outbound' and status = 'unknown' order by "timestamp", id limit ${limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    businessId: r.business_id,
    clientId: r.client_id,
    from: r.from_number,
    to: r.to_number,
    body: r.message_body,
    messageType: r.message_type ?? 'sms',
    storedAt: new Date(r.timestamp),
  }));
}

/** Of the provider's messages, the sids some message of ours already carries (each provider message settles one of ours). */
export async function knownSids(db: Tx, sids: string[]): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const rows = rowsOf<{ sid: string }>(
    await db.execute(sql`select twilio_sid as sid from sms_messages where twilio_sid in (select jsonb_array_elements_text(${JSON.stringify(sids)}::jsonb))`),
  );
  return new Set(rows.map((r) => r.sid));
}

/** The provider's message that is this text: same body, sent no earlier than a minute before we stored ours, not already ours. */
export function matchProviderMessage(text: UnknownText, found: ProviderMessage[], known: Set<string>): ProviderMessage | null {
  const earliest = text.storedAt.getTime() - 60_000;
  return found.find((m) => m.body === text.body && !known.has(m.sid) && (m.sentAt === null || m.sentAt.getTime() >= earliest)) ?? null;
}

async function recipientName(tx: Tx, text: UnknownText): Promise<string> {
  if (text.clientId == null) return formatPhone(text.to);
  const [row] = rowsOf<{ name: string }>(await tx.execute(sql`select name from clients where business_id = ${text.businessId} and id = ${text.clientId}`));
  return row?.name ?? formatPhone(text.to);
}

/**
 * The provider has it: recorded as sent, as the send service records an accepted text (log, activity, the
 * client's last thank-you or gift). True when this call settled it (it was still unknown).
 */
export async function recordConfirmedSent(db: Tx, text: UnknownText, found: ProviderMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const settled = rowsOf<{ id: number }>(
      await tx.execute(sql`update sms_messages set twilio_sid = ${found.sid}, status = ${found.status}
        where business_id = ${text.businessId} and id = ${text.id} and status = 'unknown' returning id`),
    );
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
    const settled = rowsOf<{ id: number }>(
      await tx.execute(sql`update sms_messages set status = 'failed' where business_id = ${text.businessId} and id = ${text.id} and status = 'unknown' returning id`),
    );
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
  await db.execute(sql`update sms_messages set status = 'unknown' where business_id = ${businessId} and id = ${messageId} and status = 'pending'`);
}
