import { and, count, eq, inArray, isNotNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { type Tx } from '../../../db/client';
import { businessNumbers, businesses, clients, outreachSettings, smsLogs, smsMessages } from '../../../db/schema';
import type { AutoMessageSettings, CustomMessages } from '../../../db/schema/messaging';
import { inTexts } from '../../../db/sql-values';
import { sendingNumber } from '../../../db/sending-number';

// SQL of the SMS feature. Every statement filters by business_id (ARCHITECTURE.md, "Tenancy").

export type SenderRow = {
  name: string;
  /** The business's SMS number (db/sending-number.ts). */
  number: string | null;
  referralDiscount: string;
  googleReviewLink: string | null;
  customMessages: CustomMessages | null;
};

export async function selectSender(tx: Tx, businessId: number): Promise<SenderRow | null> {
  const [row] = await tx
    .select({
      name: businesses.name,
      number: sendingNumber(),
      referralDiscount: outreachSettings.referralDiscount,
      googleReviewLink: sql<string | null>`coalesce(${outreachSettings.googleReviewLink}, ${businesses.googleReviewLink})`,
      customMessages: outreachSettings.customMessages,
    })
    .from(businesses)
    .leftJoin(outreachSettings, eq(outreachSettings.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) return null;
  return { ...row, referralDiscount: row.referralDiscount ?? '$25' };
}

export type RecipientRow = { id: number; name: string; phone: string | null; referralCode: string };

export async function selectRecipient(tx: Tx, businessId: number, clientId: number): Promise<RecipientRow | null> {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name, phone: clients.phone, referralCode: clients.referralCode })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.id, clientId)));
  return row ?? null;
}

/**
 * A thank-you or gift text the provider took keeps, on the client, when it was last thanked or gifted
 * (and a thank-you sets thankYouSent, a gift with its reward sets hasReward and rewardEarned), whatever sent it:
 * the dialogs, an automation, the outbox at the recipient's hour (docs/sms.md).
 */
export async function stampClientText(tx: Tx, businessId: number, clientId: number, messageType: string, reward?: string): Promise<void> {
  const theClient = and(eq(clients.id, clientId), eq(clients.businessId, businessId));
  if (messageType === 'thankYou') {
    await tx
      .update(clients)
      .set({ lastThankedAt: sql`greatest(${clients.lastThankedAt}, now())`, thankYouSent: true })
      .where(theClient);
  } else if (messageType === 'gift') {
    await tx
      .update(clients)
      .set({ lastGiftedAt: sql`greatest(${clients.lastGiftedAt}, now())`, ...(reward ? { hasReward: true, rewardEarned: reward } : {}) })
      .where(theClient);
  }
}

export type OutboundRow = {
  clientId: number | null;
  from: string;
  to: string;
  body: string;
  messageType: string;
  /** The person who sent it by hand ("Sent by Maria"). */
  sentBy?: number | null;
};

const outboundValues = (businessId: number, m: OutboundRow) => ({
  businessId,
  clientId: m.clientId,
  direction: 'outbound',
  fromNumber: m.from,
  toNumber: m.to,
  messageBody: m.body,
  messageType: m.messageType,
  sentBy: m.sentBy ?? null,
  isRead: true,
});

/** The message as it is handed to the provider: status 'pending', no sid yet. Its id. */
export async function insertOutbound(tx: Tx, businessId: number, m: OutboundRow): Promise<number> {
  const [row] = await tx
    .insert(smsMessages)
    .values({ ...outboundValues(businessId, m), status: 'pending' })
    .returning({ id: smsMessages.id });
  return row.id;
}

/**
 * The same, holding the send's key: its id, or null when a live send of the business holds the key (unique
 * index `sms_messages_send_key`; a second request at once waits for the first's insert and gets null). First
 * frees the key of an earlier send that no longer counts (stored over `windowMinutes` ago, or not sent).
 */
export async function insertKeyedOutbound(
  tx: Tx,
  businessId: number,
  m: OutboundRow & { sendKey: string },
  rule: { windowMinutes: number; notSent: string[] },
): Promise<number | null> {
  await tx
    .update(smsMessages)
    .set({ sendKey: null })
    .where(
      and(
        eq(smsMessages.businessId, businessId),
        eq(smsMessages.sendKey, m.sendKey),
        or(lt(smsMessages.timestamp, sql`now() - make_interval(mins => ${rule.windowMinutes}::int)`), inArray(smsMessages.status, rule.notSent)),
      ),
    );
  const [row] = await tx
    .insert(smsMessages)
    .values({ ...outboundValues(businessId, m), status: 'pending', sendKey: m.sendKey })
    .onConflictDoNothing({ target: [smsMessages.businessId, smsMessages.sendKey], where: sql`send_key is not null` })
    .returning({ id: smsMessages.id });
  return row?.id ?? null;
}

/** The live send holding a key; `recorded` once its log line (written with the caller's own change) is committed. */
export async function selectBySendKey(tx: Tx, businessId: number, sendKey: string) {
  const [m] = await tx
    .select({
      id: smsMessages.id,
      sid: smsMessages.twilioSid,
      status: smsMessages.status,
      from: smsMessages.fromNumber,
      to: smsMessages.toNumber,
      body: smsMessages.messageBody,
      recorded: sql<boolean>`exists (select 1 from sms_logs l where l.business_id = ${businessId} and l.twilio_sid = sms_messages.twilio_sid)`,
    })
    .from(smsMessages)
    .where(and(eq(smsMessages.businessId, businessId), eq(smsMessages.sendKey, sendKey)));
  return m ?? null;
}

/** A stored text the provider was never asked to send (its caller's own check refused it after the key was taken). */
export async function deleteUnsentOutbound(tx: Tx, businessId: number, id: number): Promise<void> {
  await tx.delete(smsMessages).where(and(eq(smsMessages.id, id), eq(smsMessages.businessId, businessId), eq(smsMessages.status, 'pending')));
}

/** A text sent without the send service (the inbox's compliance answers): the message as the provider answered, and its log line. */
export async function insertSentText(tx: Tx, businessId: number, m: OutboundRow & { sid: string | null; status: string }): Promise<void> {
  await tx.insert(smsMessages).values({ ...outboundValues(businessId, m), twilioSid: m.sid, status: m.status });
  await insertSmsLog(tx, businessId, { clientId: m.clientId, phone: m.to, messageType: m.messageType, content: m.body, status: m.status, sid: m.sid });
}

export async function finishOutbound(tx: Tx, businessId: number, id: number, result: { sid: string | null; status: string; errorCode?: number | null }) {
  await tx
    .update(smsMessages)
    .set({ twilioSid: result.sid, status: result.status, errorCode: result.errorCode ?? null })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.businessId, businessId)));
}

export async function insertSmsLog(
  tx: Tx,
  businessId: number,
  m: { clientId: number | null; phone: string; messageType: string; content: string; status: string; sid: string | null },
) {
  await tx.insert(smsLogs).values({
    businessId,
    clientId: m.clientId,
    phoneNumber: m.phone,
    messageType: m.messageType,
    messageContent: m.content,
    status: m.status,
    twilioSid: m.sid,
  });
}

/** Outbound texts the provider accepted (it gave a sid), unless it later reported them failed or canceled: the free allowance. */
export async function countSent(tx: Tx, businessId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.businessId, businessId),
        eq(smsMessages.direction, 'outbound'),
        isNotNull(smsMessages.twilioSid),
        notInArray(smsMessages.status, ['failed', 'canceled']),
      ),
    );
  return row?.n ?? 0;
}

/** The business row locked for a number change (two purchases at once buy one number). */
export async function lockBusinessNumber(tx: Tx, businessId: number): Promise<{ number: string | null } | null> {
  const [row] = await tx
    .select({ number: businesses.selectedPhoneNumber })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  return row ?? null;
}

/** The bought number becomes the business's number everywhere the spec reads it; false (nothing kept) when another business owns it. */
export async function saveBusinessNumber(
  tx: Tx,
  businessId: number,
  n: { phoneNumber: string; sid: string; areaCode?: string | null; zip?: string | null },
): Promise<boolean> {
  if (!(await claimNumber(tx, businessId, n.phoneNumber))) return false;
  await tx
    .update(businesses)
    .set({
      selectedPhoneNumber: n.phoneNumber,
      twilioSid: n.sid,
      twilioNumbers: sql`coalesce(${businesses.twilioNumbers}, '[]'::jsonb) || ${JSON.stringify([n.phoneNumber])}::jsonb`,
      // Absent (undefined or null) keeps what is stored.
      preferredAreaCode: n.areaCode ?? undefined,
      businessZipCode: n.zip ?? undefined,
    })
    .where(eq(businesses.id, businessId));
  await tx
    .insert(outreachSettings)
    .values({ businessId, twilioPhone: n.phoneNumber })
    .onConflictDoUpdate({ target: outreachSettings.businessId, set: { twilioPhone: n.phoneNumber, updatedAt: sql`now()` } });
  return true;
}

/**
 * Records the number as the business's in business_numbers, the table inbound texts are routed by. The
 * number is its key: when another business holds it already, nothing is written and false is returned.
 */
export async function claimNumber(tx: Tx, businessId: number, phoneNumber: string): Promise<boolean> {
  // The no-op update makes RETURNING answer the owner when the number is taken.
  const [row] = await tx
    .insert(businessNumbers)
    .values({ number: phoneNumber, businessId })
    .onConflictDoUpdate({ target: businessNumbers.number, set: { businessId: sql`${businessNumbers.businessId}` } })
    .returning({ businessId: businessNumbers.businessId });
  return row.businessId === businessId;
}

export async function saveForwarding(
  tx: Tx,
  businessId: number,
  f: { forwardingNumber: string | null; enableForwarding: boolean; areaCode?: string | null; zip?: string | null },
) {
  await tx
    .update(businesses)
    .set({
      forwardingNumber: f.forwardingNumber,
      enableForwarding: f.enableForwarding,
      // Absent (undefined or null) keeps what is stored.
      preferredAreaCode: f.areaCode ?? undefined,
      businessZipCode: f.zip ?? undefined,
    })
    .where(eq(businesses.id, businessId));
}

/** The business's outreach settings (every column null when it has no row yet) beside the business's own link and number. */
export async function selectOutreach(tx: Tx, businessId: number) {
  const [row] = await tx
    .select({
      twilioPhone: outreachSettings.twilioPhone,
      referralDiscount: outreachSettings.referralDiscount,
      referrerReward: outreachSettings.referrerReward,
      googleReviewLink: outreachSettings.googleReviewLink,
      customMessages: outreachSettings.customMessages,
      autoMessageSettings: outreachSettings.autoMessageSettings,
      businessReviewLink: businesses.googleReviewLink,
      businessNumber: businesses.selectedPhoneNumber,
    })
    .from(businesses)
    .leftJoin(outreachSettings, eq(outreachSettings.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return row ?? null;
}

export async function upsertOutreach(
  tx: Tx,
  businessId: number,
  s: { referralDiscount: string; referrerReward: string | null; googleReviewLink: string | null; customMessages: CustomMessages; autoMessageSettings: AutoMessageSettings },
) {
  // One statement: the business row keeps the same review link (one value for both settings paths, docs/settings.md).
  await tx.execute(sql`with b as (update businesses set google_review_link = ${s.googleReviewLink} where id = ${businessId} returning id)
    insert into outreach_settings (business_id, referral_discount, referrer_reward, google_review_link, custom_messages, auto_message_settings)
    select b.id, ${s.referralDiscount}, ${s.referrerReward}, ${s.googleReviewLink}, ${JSON.stringify(s.customMessages)}::jsonb, ${JSON.stringify(s.autoMessageSettings)}::jsonb from b
    on conflict (business_id) do update set referral_discount = excluded.referral_discount, referrer_reward = excluded.referrer_reward,
      google_review_link = excluded.google_review_link,
      custom_messages = excluded.custom_messages, auto_message_settings = excluded.auto_message_settings, updated_at = now()`);
}

/**
 * Which of these numbers another business already has. Numbers are unique across businesses (an inbound
 * text is routed by the number it was sent to), so this one read looks past the tenant: it answers only
 * which numbers are taken, never by whom.
 */
export async function selectTakenNumbers(tx: Tx, businessId: number, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await tx
    .select({ number: businessNumbers.number })
    .from(businessNumbers)
    .where(and(ne(businessNumbers.businessId, businessId), inTexts(businessNumbers.number, numbers)));
  return new Set(rows.map((r) => r.number));
}

/** Serialises purchases of one number across businesses until the transaction ends (two owners, one number). */
export async function lockNumber(tx: Tx, phoneNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${phoneNumber}))`);
}
