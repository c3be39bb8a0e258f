import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import type { OutboxKind } from '../../../db/schema/sms-outbox';
import { HttpError } from '../../../platform/errors';
import type { JobQueue } from '../../../platform/jobs/index';
import { normalizePhone } from '../../../../shared/phone';
import { localSendTime, type ScheduledSend } from '../../../../shared/schemas/send-time';
import { checkText, recordObject, sendContextOf, sendSms, type SendContext, type SendSmsInput, type SentText } from '../send/send';
import { sameSendKey } from '../send/same-send';
import { recordAction } from '../../activity-record/service';
import { actorOf } from '../../../platform/session';
import { sendTimeFor } from './deliver';
import { queueTexts } from './enqueue';
import * as q from './queries';

// The owner's one-tap texts (thank-you, gift, follow-up, referral ask) are marketing: at a closed hour for the
// recipient they wait in the outbox for the start of the recipient's allowed hours, like bulk texts and
// automations, and go out through the same delivery (docs/sms-send-window.md "Per kind of text").

/** Where a request's send time is decided: the send service's context, the queue, and the clock and window in force. */
export type TapContext = { send: SendContext; database: Database; jobs: JobQueue; now: Date; windowOff: boolean };

/** Kinds of text an owner taps out; each is its own outbox kind (and message type). */
export type TapKind = Exclude<OutboxKind, 'bulk'>;

/**
 * A test's clock for the send window, only where the window is off (SMS_SEND_WINDOW=off, the simulator):
 * a request carrying `x-sms-send-window-clock: <ISO instant>` is decided with the window on, at that instant,
 * so a browser test can see a closed hour. Wherever the window is enforced the header is ignored, so it can
 * only make a send stricter, never let a text out at night.
 */
export const TEST_CLOCK_HEADER = 'x-sms-send-window-clock';

export function tapContextOf(app: FastifyInstance, request: FastifyRequest): TapContext {
  const { database, jobs, config } = app.deps;
  // Every tap is a signed-in person's: their texts name them (docs/accounts.md, "What the record keeps").
  const send = { ...sendContextOf(app, request), by: actorOf(request) };
  const now = app.deps.now?.() ?? new Date();
  if (config.smsSendWindow !== 'off') return { send, database, jobs, now, windowOff: false };
  const header = request.headers[TEST_CLOCK_HEADER];
  const clock = typeof header === 'string' ? new Date(header) : null;
  return clock && !Number.isNaN(clock.getTime()) ? { send, database, jobs, now: clock, windowOff: false } : { send, database, jobs, now, windowOff: true };
}

/** When a one-tap text to `to` would go if sent now: null (at once), or its hold until the recipient's hours. */
export async function holdOf(ctx: TapContext, businessId: number, to: string): Promise<(ScheduledSend & { reason: string; until: Date }) | null> {
  if (ctx.windowOff) return null;
  const db = ctx.database.db;
  const sender = await q.selectSenderFacts(db, businessId);
  if (!sender) return null;
  const decision = await sendTimeFor(db, businessId, to, sender.timeZone, ctx.now);
  if (decision.sendNow) return null;
  const { notBefore: until, timeZone } = decision;
  return { at: until.toISOString(), timeZone, local: localSendTime(until, timeZone, ctx.now), reason: decision.explanation, until };
}

export type TapResult = { sent: SentText; scheduled: null } | { sent: null; scheduled: ScheduledSend };

/**
 * Sends the owner's one-tap text now when the recipient's hours are open (as before: `sendSms`, its `onSent`
 * in the recording transaction). At a closed hour, after the send service's refusals (so "scheduled" is never
 * said of a text that could not go), it is queued for the start of those hours with what its sending records.
 * The same text to the same person held for the same hour is one text (its outbox key is its content and that
 * hour): a second tap answers the same send time and queues nothing (docs/sms.md, "The same send is one text").
 */
export async function sendOrSchedule(ctx: TapContext, input: SendSmsInput & { messageType: TapKind; referralId?: number }): Promise<TapResult> {
  const checked = await checkText(ctx.send, input);
  const hold = await holdOf(ctx, input.businessId, checked.to);
  if (!hold) return { sent: await sendSms(ctx.send, input, checked), scheduled: null };
  const key = `tap:${input.messageType}:${sameSendKey({ kind: input.messageType, clientId: checked.clientId, to: checked.to, body: checked.body, until: hold.at })}`;
  const scheduled = { sent: null, scheduled: { at: hold.at, timeZone: hold.timeZone, local: hold.local } };
  if (await q.outboxKeyTaken(ctx.database.db, input.businessId, key)) return scheduled;
  await input.beforeSend?.();
  const activity = input.activity
    ? { ...input.activity, description: typeof input.activity.description === 'function' ? input.activity.description(checked.recipientName) : input.activity.description }
    : { type: 'sms_sent', description: `Text sent to ${checked.recipientName}` };
  const by = ctx.send.by;
  await queueTexts(
    ctx,
    input.businessId,
    async (tx) => {
      if (by) await recordAction(tx, by, { kind: 'text_sent', summary: `${activity.description} (scheduled for ${hold.local})`, object: recordObject(checked.clientId, activity.metadata) });
      return [{
        clientId: checked.clientId,
        toNumber: checked.clientId == null ? checked.to : null,
        recipientName: checked.clientId == null ? checked.recipientName : null,
        referralId: input.referralId ?? null,
        kind: input.messageType,
        key,
        // Rendered now, as the owner saw it (rendering again when it goes changes nothing).
        body: checked.body,
        held: { until: hold.until, reason: hold.reason, timeZone: hold.timeZone },
        ownerTap: { activity, reward: input.reward },
        sentBy: by?.personId ?? null,
      }];
    },
    { now: ctx.now },
  );
  return scheduled;
}

/** GET /api/sms/send-time: when a one-tap text to this client would go if sent now (null: at once, or it would be refused). */
export async function clientSendTime(ctx: TapContext, businessId: number, clientId: number): Promise<ScheduledSend | null> {
  const phone = await q.selectClientPhone(ctx.database.db, businessId, clientId);
  if (phone === undefined) throw new HttpError(404, 'Client not found');
  const to = normalizePhone(phone);
  const hold = to ? await holdOf(ctx, businessId, to) : null;
  return hold && { at: hold.at, timeZone: hold.timeZone, local: hold.local };
}
