import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../platform/jobs/index';
import type { SmsProvider } from '../../../providers/sms/types';
import * as uncertainTexts from '../send/uncertain';
import { MAX_ATTEMPTS, type Enqueue } from './deliver';
import * as q from './queries';

// At most once (docs/sms-outbox.md): a text whose outcome is unknown is settled only by asking the provider.

/** The provider is asked once the text has been unknown this long (its own processing is over by then). */
export const ASK_AFTER_MS = 60_000;
/** Not on the provider's list this long after it was stored: it did not go out, and may be sent again. */
export const NOT_SENT_AFTER_MS = 5 * 60_000;
/** The provider could not be asked for this long: given up as failed, never sent again. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const PER_RUN = 200;

export const NOT_ON_RECORD = 'The SMS provider has no record of this text, so it did not go out.';
const GAVE_UP =
  'The SMS provider could not be asked for a day whether this text went out; it was not sent again to avoid a duplicate.';

export type ReconcileContext = { database: Database; sms: SmsProvider; jobs: JobQueue; now?: () => Date };
export type ReconcileResult = { markedUnknown: number; confirmed: number; notSent: number; resent: number; waiting: number };

/**
 * One run (every minute): messages still 'pending' after 5 minutes become 'unknown'; each unknown message
 * at least a minute old is looked up at the provider (To, From, the day it was sent). Found → recorded as
 * sent (its outbox row too). Not found after 5 minutes → failed in Message History, and an outbox text is
 * queued again (a new attempt, at most 3 in all). The provider can't be asked → tried next run, given up as
 * failed after a day.
 */
export async function reconcileUnknownTexts(ctx: ReconcileContext, enqueue: Enqueue): Promise<ReconcileResult> {
  const db = ctx.database.db;
  const now = ctx.now?.() ?? new Date();
  const result: ReconcileResult = { markedUnknown: await uncertainTexts.markStalePendingUnknown(db, now), confirmed: 0, notSent: 0, resent: 0, waiting: 0 };
  for (const text of await uncertainTexts.selectUnknown(db, PER_RUN)) {
    const age = now.getTime() - text.storedAt.getTime();
    if (age < ASK_AFTER_MS) {
      result.waiting++;
      continue;
    }
    let found;
    try {
      found = await ctx.sms.findSent({ from: text.from, to: text.to, since: text.storedAt });
    } catch {
      if (age < GIVE_UP_AFTER_MS) {
        result.waiting++;
        continue;
      }
      if (await uncertainTexts.recordNotSent(db, text, GAVE_UP)) await settleOutbox(ctx, text, 'gave-up', enqueue, now);
      result.notSent++;
      continue;
    }
    const match = uncertainTexts.matchProviderMessage(text, found, await uncertainTexts.knownSids(db, found.map((m) => m.sid)));
    if (match) {
      if (await uncertainTexts.recordConfirmedSent(db, text, match)) await settleOutbox(ctx, text, 'sent', enqueue, now);
      result.confirmed++;
    } else if (age >= NOT_SENT_AFTER_MS) {
      if (await uncertainTexts.recordNotSent(db, text, NOT_ON_RECORD) && (await settleOutbox(ctx, text, 'not-sent', enqueue, now))) result.resent++;
      result.notSent++;
    } else {
      result.waiting++;
    }
  }
  return result;
}

/** The outbox row that waited on this message: sent, failed, or queued again (true) when it did not go out. */
async function settleOutbox(ctx: ReconcileContext, text: uncertainTexts.UnknownText, outcome: 'sent' | 'not-sent' | 'gave-up', enqueue: Enqueue, now: Date): Promise<boolean> {
  const db = ctx.database.db;
  const row = await q.selectByMessage(db, text.businessId, text.id);
  if (!row) return false;
  if (outcome === 'sent') {
    await q.finish(db, text.businessId, row.id, 'sent', null);
    return false;
  }
  if (outcome === 'not-sent' && row.attempts < MAX_ATTEMPTS) {
    await q.requeue(db, text.businessId, row.id, now, null, { expect: 'sending' });
    await enqueue(ctx, { ...row, notBefore: now });
    return true;
  }
  await q.finish(db, text.businessId, row.id, 'failed', outcome === 'gave-up' ? GAVE_UP : NOT_ON_RECORD);
  return false;
}
