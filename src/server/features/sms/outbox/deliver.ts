import type { Database, Tx } from '../../../db/client';
import type { AutoMessageSettings } from '../../../db/schema/messaging';
import type { OutboxKind } from '../../../db/schema/sms-outbox';
import { HttpError } from '../../../platform/errors';
import { providerUnreachable, type JobQueue } from '../../../platform/jobs/index';
import type { SmsProvider } from '../../../providers/sms/types';
import { SmsProviderError } from '../../../providers/sms/types';
import { normalizePhone } from '../../../../shared/phone';
import { countSegments } from '../../../../shared/sms-segments';
import { decideSendTime } from './send-window/index';
import { OutcomeUnknownError, sendSms } from '../send/send';
import * as uncertainTexts from '../send/uncertain';
import { cooldownDays } from './cooldowns';
import { reviewTextAtDelivery, stampReviewText } from './review-texts';
import * as q from './queries';

// One queued text, when its job runs (docs/sms-outbox.md): checked again against the recipient's window,
// the daily caps and the cool-down, claimed once, and handed to the send service.

export type DeliverContext = {
  database: Database;
  sms: SmsProvider;
  jobs: JobQueue;
  origin: string;
  appUrl?: string;
  now?: () => Date;
  /** SMS_SEND_WINDOW=off (simulator only): no quiet hours, no caps. */
  sendWindowOff?: boolean;
};

/** Message types counted as marketing for the Florida and Oklahoma daily caps. */
export const MARKETING_TYPES = ['bulk', 'thankYou', 'review', 'reviewReminder', 'followUp', 'referral', 'gift', 'custom'] as const;

/**
 * When a marketing text to `to` may go (docs/sms-send-window.md): the recipient's window and state rules, with the
 * business's marketing texts to that number in the last 24 hours for the daily caps. Every queued text asks it
 * when it is due, and the owner's one-tap sends ask it before sending (owner-tap.ts).
 */
export async function sendTimeFor(db: Tx, businessId: number, to: string, businessTimeZone: string, now: Date) {
  const recentMarketingSentAt = await q.recentMarketingSends(db, businessId, to, MARKETING_TYPES, now);
  return decideSendTime({ to, now, businessTimeZone, kind: 'marketing', recentMarketingSentAt });
}

/** Provider failures that may pass on their own (no answer, Twilio 5xx, rate limited) are retried this often. */
export const MAX_ATTEMPTS = 3;
const RETRY_DELAYS_S = [60, 300];
/** The provider answers within 15 s; a row 'sending' for longer was left by a stopped process. */
const STALE_SENDING_MS = 2 * 60_000;

export type Enqueue = (ctx: { jobs: JobQueue }, row: { businessId: number; id: number; notBefore: Date; attempts: number }) => Promise<void>;

export async function deliverOutboxText(ctx: DeliverContext, businessId: number, outboxId: number, enqueue: Enqueue): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.now?.() ?? new Date();
  const row = await q.selectOutbox(db, businessId, outboxId);
  if (!row) return;
  if (row.status === 'sending') {
    // Still being sent by another worker, unless it has been too long (the process stopped mid-send).
    if (now.getTime() - row.updatedAt.getTime() < STALE_SENDING_MS) return;
    if (!(await recoverSending(ctx, row, now))) return;
    return deliverOutboxText(ctx, businessId, outboxId, enqueue);
  }
  if (row.status !== 'queued') return; // done already: a late duplicate of its job
  if (row.notBefore.getTime() > now.getTime() + 1000) return enqueue(ctx, row);

  const skip = (reason: string) => q.finish(db, businessId, row.id, 'skipped', reason);
  const sender = await q.selectSenderFacts(db, businessId);
  if (!sender) return;
  // The owner asked for this one text: an automation's toggle and cool-down are not theirs to apply.
  const turnedOff = row.ownerTap ? null : automationTurnedOff(row.kind, sender.auto);
  if (turnedOff) return skip(turnedOff);
  const recipient = await recipientOf(db, row);
  if ('skip' in recipient) return skip(recipient.skip);
  const { to } = recipient;
  // A review request's texts carry its short link; a reminder no longer needed is skipped (review-texts.ts).
  const review = await reviewTextAtDelivery(db, row, ctx.origin);
  if (review && 'skip' in review) return skip(review.skip);
  const body = review?.body ?? row.body;

  const days = row.ownerTap ? 0 : cooldownDays(row.kind, sender.auto?.cooldownDays);
  if (days > 0) {
    const last =
      row.clientId != null ? await q.lastSentOfKind(db, businessId, row.clientId, row.kind) : await q.lastSentOfKindTo(db, businessId, to, row.kind);
    if (last && now.getTime() - last.getTime() < days * 86_400_000) {
      return skip(`Already sent one of these on ${last.toISOString().slice(0, 10)}; at most one every ${days} days.`);
    }
  }

  const decision = ctx.sendWindowOff ? { sendNow: true as const } : await sendTimeFor(db, businessId, to, sender.timeZone, now);
  if (!decision.sendNow) {
    // Held: it reserves nothing on the number until its window opens, so it holds up no other text.
    await q.requeue(db, businessId, row.id, decision.notBefore, decision.explanation, { timeZone: decision.timeZone, expect: 'queued' });
    return enqueue(ctx, { ...row, notBefore: decision.notBefore });
  }
  if (!row.paced && sender.number) {
    // Due now without a reserved second (it was held, retried or due later): it takes the number's next one.
    const { start } = await q.reserveSlots(db, sender.number, now, countSegments(body).segments);
    if (start.getTime() > now.getTime()) {
      await q.requeue(db, businessId, row.id, start, null, { paced: true, expect: 'queued' });
      return enqueue(ctx, { ...row, notBefore: start });
    }
  }

  if (!(await q.claim(db, businessId, row.id))) return; // another worker has it
  let messageId: number | null = null;
  try {
    await sendSms(
      { database: ctx.database, sms: ctx.sms, origin: ctx.origin, appUrl: ctx.appUrl },
      {
        businessId,
        clientId: row.clientId,
        to: row.clientId == null ? to : undefined,
        name: row.recipientName ?? undefined,
        body,
        messageType: row.kind,
        activity: row.ownerTap?.activity,
        reward: row.ownerTap?.reward,
        sentBy: row.sentBy,
        onStored: async (id) => {
          await q.linkMessage(db, businessId, row.id, id);
          messageId = id;
        },
        onSent: async (tx) => {
          if (row.referralId != null) await q.stampReferralReminder(tx, businessId, row.referralId);
          if (review) await stampReviewText(tx, businessId, row.key);
        },
      },
    );
    await q.finish(db, businessId, row.id, 'sent', null);
  } catch (error) {
    if (messageId != null && (error instanceof OutcomeUnknownError || !(error instanceof HttpError))) {
      // The provider may have it: never sent again from here. The row waits for reconciliation (reconcile.ts);
      // if even this write fails, the row stays 'sending' with its message linked and the sweep settles it.
      await Promise.all([q.awaitCheck(db, businessId, row.id, messageId), uncertainTexts.markUnknown(db, businessId, messageId)]).catch(() => {});
      if (error instanceof HttpError) return;
      throw error;
    }
    if (!(error instanceof HttpError)) {
      // The database or our own code failed before a message was stored: nothing reached the provider.
      await q.requeue(db, businessId, row.id, now, null, { expect: 'sending' }).catch(() => {});
      throw error;
    }
    const cause = (error as { cause?: unknown }).cause;
    const passing = cause instanceof SmsProviderError && providerUnreachable(cause);
    const attempts = row.attempts + 1;
    if (passing && attempts < MAX_ATTEMPTS) {
      const at = new Date(now.getTime() + RETRY_DELAYS_S[attempts - 1] * 1000);
      await q.requeue(db, businessId, row.id, at, `Retrying: ${cause.message}`);
      return enqueue(ctx, { ...row, notBefore: at, attempts });
    }
    // Refused before anything was stored (opted out, no number, a placeholder without a value) is a skip;
    // a text the provider refused is a failure, kept as failed in Message History.
    const stored = error.status >= 500 || cause instanceof SmsProviderError;
    await q.finish(db, businessId, row.id, stored ? 'failed' : 'skipped', error.message);
  }
}

const AUTOMATION_TOGGLE = { thankYou: 'autoSendThankYou', review: 'autoSendReview', followUp: 'autoSendFollowUp' } as const;
const AUTOMATION_NAME = { thankYou: 'thank-you texts', review: 'review requests', followUp: 'referral follow-ups' } as const;

/** An automated text whose automation the owner turned off after it was queued is not sent (review requests are off unless turned on). */
function automationTurnedOff(kind: OutboxKind, auto: AutoMessageSettings | null): string | null {
  if (!(kind in AUTOMATION_TOGGLE)) return null;
  const automated = kind as keyof typeof AUTOMATION_TOGGLE;
  const on = auto?.[AUTOMATION_TOGGLE[automated]] ?? kind !== 'review';
  return on ? null : `Automatic ${AUTOMATION_NAME[automated]} were turned off before this text went out.`;
}

/**
 * Who gets the text, checked now: a client (still there, with a valid mobile number), or a number that is
 * no client (a referred friend; its referral still there and not converted).
 */
async function recipientOf(db: Tx, row: q.OutboxRow): Promise<{ to: string } | { skip: string }> {
  if (row.toNumber != null) {
    if (row.kind === 'followUp') {
      const referral = row.referralId != null ? await q.selectReferralState(db, row.businessId, row.referralId) : null;
      if (!referral) return { skip: 'The referral was deleted before the text went out.' };
      if (referral.converted) return { skip: `${row.recipientName ?? 'The friend'} has booked already, so no follow-up was needed.` };
    }
    const to = normalizePhone(row.toNumber);
    return to ? { to } : { skip: 'No valid mobile number.' };
  }
  if (row.clientId == null) return { skip: 'The client was deleted before the text went out.' };
  const phone = await q.selectClientPhone(db, row.businessId, row.clientId);
  if (phone === undefined) return { skip: 'The client was deleted before the text went out.' };
  const to = normalizePhone(phone);
  return to ? { to } : { skip: 'No valid mobile number.' };
}

/**
 * A row left in 'sending' (the process or the database stopped while this text was being sent). Nothing
 * was stored → it never reached the provider: queue it again (true). The provider gave a sid → it went:
 * sent. Stored but no answer → whether it went out is unknown: the message becomes 'unknown' and the row
 * waits for reconciliation, which asks the provider (never sent again blindly).
 */
async function recoverSending(ctx: DeliverContext, row: q.OutboxRow, now: Date): Promise<boolean> {
  const db = ctx.database.db;
  const { businessId } = row;
  if (row.messageId == null) {
    await q.requeue(db, businessId, row.id, now, null, { expect: 'sending' });
    return true;
  }
  const message = await q.selectMessageState(db, businessId, row.messageId);
  if (message?.sid) {
    await q.finish(db, businessId, row.id, 'sent', null);
    return false;
  }
  if (!message) {
    await q.finish(db, businessId, row.id, 'failed', 'The record of this text was deleted while it was being sent; it was not sent again.');
  } else if (message.status === 'failed') {
    // Settled as not sent (refused, or not on the provider's record) while this row was not updated.
    await q.finish(db, businessId, row.id, 'failed', 'The text was not sent; Message History has the reason.');
  } else if (row.reason == null) {
    await uncertainTexts.markUnknown(db, businessId, row.messageId);
    await q.awaitCheck(db, businessId, row.id, row.messageId);
  }
  return false;
}
