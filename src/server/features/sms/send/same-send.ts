import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tx } from '../../../db/client';
import { HttpError } from '../../../platform/errors';
import { countSegments } from '../../../../shared/sms-segments';
import * as q from './queries';

// The same send is one text (docs/sms.md, "The same send is one text"): a second tap, a browser's retry or two
// tabs asking for the same text to the same person get the first one's answer, never a second text.

/** For this long after it was stored, the same send (kind, recipient, text) is the one already made. */
export const SAME_SEND_MINUTES = 10;
/** A second request waits this long at most for the first one's answer (the provider's timeout is 15 s). */
const WAIT_FOR_FIRST_MS = 20_000;
const POLL_MS = 200;
/** Outcomes that say the text did not reach the person: the owner may send it again at once. */
export const NOT_SENT_STATUSES = ['failed', 'undelivered', 'canceled'];

/** The key of what a send sends, derived on the server: who gets which text, as which kind. */
export function sameSendKey(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

type EarlierSend = { messageId: number; sid: string; status: string; from: string; to: string; body: string; segments: number };

/**
 * The earlier text with this key, once the provider answered it: sent → its facts, to be answered again; not
 * sent, unknown or still unanswered after the wait → the sentence for the owner. Nothing is written.
 */
export async function earlierSameSend(tx: Tx, businessId: number, key: string, recipientName: string): Promise<EarlierSend> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const m = await q.selectBySendKey(tx, businessId, key);
    if (!m || NOT_SENT_STATUSES.includes(m.status)) {
      throw new HttpError(502, `The text to ${recipientName} was not sent. It is kept as failed in Message History; please try again.`);
    }
    if (m.status === 'unknown') {
      throw new HttpError(502, `We could not confirm that the text to ${recipientName} went out. It is being checked with the SMS provider and will not be sent twice; Message History shows the outcome.`);
    }
    // Answered once the first request's own change (a gift's reward, a lead's communication) is committed too.
    if (m.status !== 'pending' && m.sid && m.recorded) {
      return { messageId: m.id, sid: m.sid, status: m.status, from: m.from, to: m.to, body: m.body, segments: countSegments(m.body).segments };
    }
    if (Date.now() >= deadline) {
      throw new HttpError(409, `This text to ${recipientName} is already being sent and will not be sent twice; Message History shows the outcome.`);
    }
    await sleep(POLL_MS);
  }
}
