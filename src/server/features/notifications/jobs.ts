import { z } from 'zod';
import { defineJob, type JobContext, type JobDefinition } from '../../platform/jobs/index';
import { normalizePhone } from '../../../shared/phone';
import { sendSms } from '../sms/service';
import { digestMessage, eventMessage } from './messages';
import * as q from './queries';

// The owner's notifications, off the request path (docs/settings.md, "Notifications").

/**
 * One new lead, referral claim or text: an e-mail to the owner when they chose one for each, and a text to their
 * personal number when they set one (not for a text already forwarded to that same phone). Each event is enqueued
 * once (its key), so a retry after a failed text may e-mail again but never twice for a success.
 */
export const notifyOwnerJob = defineJob({
  name: 'notifications.notify-owner',
  schema: z.object({ kind: z.enum(['lead', 'claim', 'reply']), id: z.number().int().positive() }).strict(),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 120,
  async handler({ kind, id }, context) {
    const found = await q.selectEvent(context.database.db, kind, id);
    if (!found) return;
    const { owner, row } = found;
    const origin = context.appUrl ?? context.origin ?? '';
    const message = eventMessage(kind, row, origin);
    if (owner.notifyEmail === 'each') await context.email.send({ to: owner.email, subject: message.subject, text: message.text });
    const phone = owner.notifyPhone ? normalizePhone(owner.notifyPhone) : null;
    const forwarded = kind === 'reply' && owner.forwardingTo && normalizePhone(owner.forwardingTo) === phone;
    if (phone && !forwarded) await textOwner(context, owner.businessId, phone, message.sms);
  },
});

async function textOwner(context: JobContext, businessId: number, to: string, body: string) {
  if (!context.sms) throw new Error('The job queue was started without the SMS provider');
  await sendSms(
    { database: context.database, sms: context.sms, origin: context.origin ?? '', appUrl: context.appUrl },
    { businessId, to, body, messageType: 'owner_notice', render: false, toOwner: true, activity: { type: 'owner_notified', description: 'New business texted to your phone' } },
  );
}

/** Hourly: the daily digest of each business that chose it, at 8 am or the first hour after in its time zone. */
export const sendDigestsJob = defineJob({
  name: 'notifications.send-digests',
  schema: z.object({}).strict(),
  schedule: { cron: '7 * * * *', tz: 'UTC' },
  expireInSeconds: 10 * 60,
  async handler(_data, context) {
    await sendDueDigests(context);
  },
});

export async function sendDueDigests(context: Pick<JobContext, 'database' | 'email' | 'appUrl' | 'origin'>, now = new Date()) {
  const { db } = context.database;
  for (const owner of await q.selectDigestsDue(db)) {
    const message = digestMessage(await q.selectDigest(db, owner.businessId, owner.since, now), context.appUrl ?? context.origin ?? '');
    if (message) await context.email.send({ to: owner.email, subject: message.subject, text: message.text });
    await q.markDigestSent(db, owner.businessId, now);
  }
}

export const notificationJobs: JobDefinition[] = [notifyOwnerJob, sendDigestsJob];
