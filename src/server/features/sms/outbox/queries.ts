import { and, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { clients, referrals, smsMessages, smsNumberPacing, smsOutbox } from '../../../db/schema';
import type { AutoMessageSettings } from '../../../db/schema/messaging';
import type { OutboxKind, OutboxStatus, OwnerTap } from '../../../db/schema/sms-outbox';
import { inTexts, intArray } from '../../../db/sql-values';
import { sendingNumber } from '../../../db/sending-number';

// SQL of the outbox. Every statement filters by business_id (ARCHITECTURE.md, "Tenancy"); the pacing table is keyed by
// the sending number, which belongs to one business.

export type OutboxRow = {
  id: number;
  businessId: number;
  clientId: number | null;
  batchId: number | null;
  /** A recipient who is not a client (a referred friend): client_id is then null. */
  toNumber: string | null;
  recipientName: string | null;
  referralId: number | null;
  kind: OutboxKind;
  key: string;
  body: string;
  status: OutboxStatus;
  notBefore: Date;
  reason: string | null;
  attempts: number;
  messageId: number | null;
  /** Whether notBefore is a second reserved on the number's timeline (see reserveSlots). */
  paced: boolean;
  timeZone: string | null;
  /** The owner tapped it out (docs/sms-send-window.md "Per kind of text"); null for bulk and automations. */
  ownerTap: OwnerTap | null;
  sentBy: number | null;
  updatedAt: Date;
};

/** The columns of OutboxRow, for the builder's statements. */
const OUTBOX = {
  id: smsOutbox.id,
  businessId: smsOutbox.businessId,
  clientId: smsOutbox.clientId,
  batchId: smsOutbox.batchId,
  toNumber: smsOutbox.toNumber,
  recipientName: smsOutbox.recipientName,
  referralId: smsOutbox.referralId,
  kind: smsOutbox.kind,
  key: smsOutbox.key,
  body: smsOutbox.body,
  status: smsOutbox.status,
  notBefore: smsOutbox.notBefore,
  reason: smsOutbox.reason,
  attempts: smsOutbox.attempts,
  messageId: smsOutbox.messageId,
  paced: smsOutbox.paced,
  timeZone: smsOutbox.timeZone,
  ownerTap: smsOutbox.ownerTap,
  sentBy: smsOutbox.sentBy,
  updatedAt: smsOutbox.updatedAt,
};

/** A row as the raw statements below (`returning *`, `select *`) answer it. */
type RawOutbox = {
  id: number;
  business_id: number;
  client_id: number | null;
  batch_id: number | null;
  to_number: string | null;
  recipient_name: string | null;
  referral_id: number | null;
  kind: OutboxKind;
  key: string;
  body: string;
  status: OutboxStatus;
  not_before: string | Date;
  reason: string | null;
  attempts: number;
  message_id: number | null;
  paced: boolean;
  time_zone: string | null;
  owner_tap: OwnerTap | null;
  sent_by_person_id: number | null;
  updated_at: string | Date;
};

const toRow = (r: RawOutbox): OutboxRow => ({
  id: r.id,
  businessId: r.business_id,
  clientId: r.client_id,
  batchId: r.batch_id,
  toNumber: r.to_number ?? null,
  recipientName: r.recipient_name ?? null,
  referralId: r.referral_id ?? null,
  kind: r.kind,
  key: r.key,
  body: r.body,
  status: r.status,
  notBefore: new Date(r.not_before),
  reason: r.reason,
  attempts: r.attempts,
  messageId: r.message_id,
  paced: r.paced,
  timeZone: r.time_zone ?? null,
  ownerTap: r.owner_tap ?? null,
  sentBy: r.sent_by_person_id ?? null,
  updatedAt: new Date(r.updated_at),
});

export type NewOutboxRow = {
  clientId: number | null;
  batchId: number | null;
  toNumber?: string | null;
  recipientName?: string | null;
  referralId?: number | null;
  kind: OutboxKind;
  key: string;
  body: string;
  status: 'queued' | 'skipped';
  reason: string | null;
  notBefore: Date;
  timeZone?: string | null;
  ownerTap?: OwnerTap | null;
  sentBy?: number | null;
};

/** Inserts the rows whose key is new for the business; returns those inserted (a known key is left alone). */
export async function insertOutbox(tx: Tx, businessId: number, rows: NewOutboxRow[]): Promise<OutboxRow[]> {
  if (rows.length === 0) return [];
  const payload = JSON.stringify(
    rows.map((r) => ({
      ...r,
      toNumber: r.toNumber ?? null,
      recipientName: r.recipientName ?? null,
      referralId: r.referralId ?? null,
      timeZone: r.timeZone ?? null,
      ownerTap: r.ownerTap ?? null,
      sentBy: r.sentBy ?? null,
      notBefore: r.notBefore.toISOString(),
    })),
  );
  const inserted = rowsOf<RawOutbox>(
    await tx.execute(sql`
      insert into sms_outbox (business_id, client_id, batch_id, to_number, recipient_name, referral_id, kind, key, body, status, reason, not_before, time_zone, owner_tap, sent_by_person_id)
      select ${businessId}, x."clientId", x."batchId", x."toNumber", x."recipientName", x."referralId", x.kind, x.key, x.body, x.status, x.reason, x."notBefore", x."timeZone", x."ownerTap", x."sentBy"
      from jsonb_to_recordset(${payload}::jsonb) as x("clientId" int, "batchId" int, "toNumber" text, "recipientName" text, "referralId" int,
        kind text, key text, body text, status text, reason text, "notBefore" timestamptz, "timeZone" text, "ownerTap" jsonb, "sentBy" int)
      on conflict (business_id, key) do nothing
      returning *`),
  );
  return inserted.map(toRow);
}

/** Whether the business has queued a text under this key (the same one-tap text held for the same morning). */
export async function outboxKeyTaken(tx: Tx, businessId: number, key: string): Promise<boolean> {
  const rows = await tx.select({ id: smsOutbox.id }).from(smsOutbox).where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.key, key))).limit(1);
  return rows.length > 0;
}

export async function selectOutbox(tx: Tx, businessId: number, id: number): Promise<OutboxRow | null> {
  const [row] = await tx
    .select(OUTBOX)
    .from(smsOutbox)
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.id, id)));
  return row ?? null;
}

/** queued → sending, once: the caller that gets the row back is the one that sends it. */
export async function claim(tx: Tx, businessId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(smsOutbox)
    .set({ status: 'sending', attempts: sql`${smsOutbox.attempts} + 1`, reason: null, updatedAt: sql`now()` })
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.id, id), eq(smsOutbox.status, 'queued')))
    .returning({ id: smsOutbox.id });
  return rows.length === 1;
}

export async function linkMessage(tx: Tx, businessId: number, id: number, messageId: number): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({ messageId, updatedAt: sql`now()` })
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.id, id)));
}

export async function finish(tx: Tx, businessId: number, id: number, status: 'sent' | 'failed' | 'skipped', reason: string | null): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({ status, reason, updatedAt: sql`now()`, sentAt: status === 'sent' ? sql`now()` : undefined })
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.id, id)));
}

/**
 * Back to the queue, due at `notBefore`: held by a window or cap (`reason`, the recipient's `timeZone`), a
 * retry after a passing failure, or its paced second (`paced`). Only the call that holds the row in
 * `expect` moves it (a late duplicate of a job changes nothing).
 */
export async function requeue(
  tx: Tx,
  businessId: number,
  id: number,
  notBefore: Date,
  reason: string | null,
  opts: { paced?: boolean; timeZone?: string | null; expect?: 'queued' | 'sending' } = {},
): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({
      status: 'queued',
      notBefore,
      reason,
      messageId: null,
      paced: opts.paced ?? false,
      timeZone: opts.timeZone ?? null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.id, id), opts.expect ? eq(smsOutbox.status, opts.expect) : undefined),
    );
}

/**
 * Reserves the time `segments` take on the sending number, starting no earlier than `earliest`: returns
 * the start and the number's rate. The number sends `segments_per_second` (default 1: a US long code); the
 * row lock serialises reservations of one number across instances. Only texts due now reserve: a text
 * waiting for its window or for a later time reserves nothing until it is due.
 */
export async function reserveSlots(tx: Tx, number: string, earliest: Date, segments: number): Promise<{ start: Date; perSecond: number }> {
  const at = earliest.toISOString();
  const p = smsNumberPacing;
  const rate = sql`greatest(${p.segmentsPerSecond}, 1)`;
  const [row] = await tx
    .insert(p)
    .values({ number, nextFreeAt: sql`${at}::timestamptz + ${segments} * interval '1 second'` })
    .onConflictDoUpdate({
      target: p.number,
      set: { nextFreeAt: sql`greatest(${p.nextFreeAt}, ${at}::timestamptz) + ${segments} * interval '1 second' / ${rate}` },
    })
    .returning({ start: sql<string>`${p.nextFreeAt} - ${segments} * interval '1 second' / ${rate}`, perSecond: sql<number>`${rate}` });
  return { start: new Date(row.start), perSecond: Number(row.perSecond) };
}

export type SenderFacts = { number: string | null; timeZone: string; auto: AutoMessageSettings | null };

export async function selectSenderFacts(tx: Tx, businessId: number): Promise<SenderFacts | null> {
  const [row] = rowsOf<{ number: string | null; time_zone: string; auto: AutoMessageSettings | null }>(
    await tx.execute(sql`
      select ${sendingNumber('b', 'o')} as number, b.time_zone, o.auto_message_settings as auto
      from businesses b left join outreach_settings o on o.business_id = b.id where b.id = ${businessId}`),
  );
  return row ? { number: row.number, timeZone: row.time_zone, auto: row.auto ?? null } : null;
}

export type BulkRecipient = { id: number; name: string; phone: string | null; totalBookings: number };

export async function selectClients(tx: Tx, businessId: number, ids: number[]): Promise<BulkRecipient[]> {
  return tx
    .select({ id: clients.id, name: clients.name, phone: clients.phone, totalBookings: clients.totalBookings })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), sql`${clients.id} = any(${intArray(ids)})`));
}

export async function selectClientPhone(tx: Tx, businessId: number, clientId: number): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.id, clientId)));
  return row ? row.phone : undefined;
}

/** Marketing texts the business's provider took for this number in the last 24 hours (Florida and Oklahoma caps). */
export async function recentMarketingSends(tx: Tx, businessId: number, to: string, types: readonly string[], now: Date): Promise<Date[]> {
  const m = smsMessages;
  const rows = await tx
    .select({ at: m.timestamp })
    .from(m)
    .where(
      and(
        eq(m.businessId, businessId),
        eq(m.direction, 'outbound'),
        eq(m.toNumber, to),
        inTexts(m.messageType, types),
        sql`${m.status} not in ('failed', 'canceled', 'undelivered', 'pending')`,
        gt(m.timestamp, sql`${now.toISOString()}::timestamptz - interval '24 hours'`),
      ),
    )
    .orderBy(m.timestamp);
  return rows.map((r) => r.at);
}

/** When this client was last sent an automated text of this kind from the outbox (cool-downs; the owner's own texts do not count). */
export async function lastSentOfKind(tx: Tx, businessId: number, clientId: number, kind: OutboxKind): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(smsOutbox.sentAt) })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.clientId, clientId), eq(smsOutbox.kind, kind), eq(smsOutbox.status, 'sent'), isNull(smsOutbox.ownerTap)));
  return row?.at ?? null;
}

/** When this number (a recipient who is not a client) was last sent an automated text of this kind from the outbox. */
export async function lastSentOfKindTo(tx: Tx, businessId: number, toNumber: string, kind: OutboxKind): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(smsOutbox.sentAt) })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.toNumber, toNumber), eq(smsOutbox.kind, kind), eq(smsOutbox.status, 'sent'), isNull(smsOutbox.ownerTap)));
  return row?.at ?? null;
}

/** A follow-up's referral: whether the friend has booked (converted); null when it was deleted. */
export async function selectReferralState(tx: Tx, businessId: number, referralId: number): Promise<{ converted: boolean } | null> {
  const [row] = await tx
    .select({ converted: referrals.converted })
    .from(referrals)
    .where(and(eq(referrals.businessId, businessId), eq(referrals.id, referralId)));
  return row ?? null;
}

/** The automated follow-up counts as the referral's reminder (lastReminderAt), as the owner's Follow Up does. */
export async function stampReferralReminder(tx: Tx, businessId: number, referralId: number): Promise<void> {
  await tx
    .update(referrals)
    .set({ lastReminderAt: sql`now()` })
    .where(and(eq(referrals.businessId, businessId), eq(referrals.id, referralId)));
}

/** A linked message's state: whether the provider took it (a sid) or it stayed 'pending'. */
export async function selectMessageState(tx: Tx, businessId: number, messageId: number): Promise<{ sid: string | null; status: string } | null> {
  const [row] = await tx
    .select({ sid: smsMessages.twilioSid, status: smsMessages.status })
    .from(smsMessages)
    .where(and(eq(smsMessages.businessId, businessId), eq(smsMessages.id, messageId)));
  return row ?? null;
}

/** What a text waiting for reconciliation says (it stays 'sending': the batch is not finished until it is settled). */
export const CHECKING_REASON = 'Checking with the SMS provider whether this text went out; it is not sent again unless the provider has no record of it.';

/** The row's send may have reached the provider: it waits, 'sending', for reconciliation (message linked). */
export async function awaitCheck(tx: Tx, businessId: number, id: number, messageId: number): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({ reason: CHECKING_REASON, messageId, updatedAt: sql`now()` })
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/** The outbox row waiting on this message's outcome, if any. */
export async function selectByMessage(tx: Tx, businessId: number, messageId: number): Promise<OutboxRow | null> {
  const [row] = await tx
    .select(OUTBOX)
    .from(smsOutbox)
    .where(and(eq(smsOutbox.businessId, businessId), eq(smsOutbox.messageId, messageId), eq(smsOutbox.status, 'sending')));
  return row ?? null;
}

/** Sets each row's due time to its reserved pacing slot. */
export async function setSlots(tx: Tx, businessId: number, slots: { id: number; notBefore: Date }[]): Promise<void> {
  if (slots.length === 0) return;
  const payload = JSON.stringify(slots.map((s) => ({ id: s.id, at: s.notBefore.toISOString() })));
  await tx.execute(sql`update sms_outbox o set not_before = x.at, paced = true from jsonb_to_recordset(${payload}::jsonb) as x(id int, at timestamptz)
    where o.business_id = ${businessId} and o.id = x.id`);
}

/** Rows a lost job could leave behind: queued and overdue, or stuck in 'sending' (the process stopped mid-send). */
const stranded = (now: Date) => sql`((status = 'queued' and not_before < ${now.toISOString()}::timestamptz - interval '2 minutes')
  or (status = 'sending' and updated_at < ${now.toISOString()}::timestamptz - interval '5 minutes'))`;

export async function selectStranded(tx: Tx, now: Date, limit: number, businessId?: number): Promise<OutboxRow[]> {
  return tx
    .select(OUTBOX)
    .from(smsOutbox)
    .where(and(stranded(now), businessId === undefined ? undefined : eq(smsOutbox.businessId, businessId)))
    .orderBy(smsOutbox.id)
    .limit(limit);
}

/** The businesses with a stranded text (the sweep enqueues one job for each). */
export async function selectStrandedBusinesses(tx: Tx, now: Date): Promise<number[]> {
  const rows = await tx.selectDistinct({ id: smsOutbox.businessId }).from(smsOutbox).where(stranded(now)).orderBy(smsOutbox.businessId);
  return rows.map((r) => r.id);
}
