import { z } from 'zod';
import { defineJob, runEffect, type JobContext, type JobDefinition } from '../../platform/jobs/index';
import { normalizePhone } from '../../../shared/phone';
import { sendSms } from '../sms/service';
import { digestMessage, eventMessage } from './messages';
import * as q from './queries';

// The owner's notifications, off the request path (docs/settings.md, "Notifications").

/**
 * One new lead, referral claim or text: an e-mail to the owner when they chose one for each, and a text to their
 * personal number when they set one (not for a text already forwarded to that same phone). Each event is enqueued
 * once (its key), and each of the two is an effect of its own (runEffect, docs/jobs.md "Effects"): a text refused
 * by an app rule (the business not yet approved for texting, the number opted out) is recorded, not retried, and a
 * retry after an unreachable provider sends only what was not sent yet: the owner never gets the e-mail twice.
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
    if (owner.notifyEmail === 'each') {
      await runEffect(context, 'owner-email', () => context.email.send({ to: owner.email, subject: message.subject, text: message.text, replyTo: message.replyTo }));
    }
    const phone = owner.notifyPhone ? normalizePhone(owner.notifyPhone) : null;
    const forwarded = kind === 'reply' && owner.forwardingTo && normalizePhone(owner.forwardingTo) === phone;
    if (phone && !forwarded) await runEffect(context, 'owner-text', () => textOwner(context, owner.businessId, phone, message.sms));
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

/**
 * Each due owner's digest is an effect of its own (`digest:<business>`), marked sent before the next one starts: a
 * mail server that fails one owner's digest leaves the others to go out now, and the job's retry sends only what
 * did not go (docs/jobs.md "Effects").
 */
export async function sendDueDigests(context: Pick<JobContext, 'database' | 'email' | 'appUrl' | 'origin' | 'jobId' | 'log'>, now = new Date()) {
  const { db } = context.database;
  let failed: unknown = null;
  for (const owner of await q.selectDigestsDue(db)) {
    try {
      const message = digestMessage(await q.selectDigest(db, owner.businessId, owner.since, now), context.appUrl ?? context.origin ?? '');
      if (message) await runEffect(context, `digest:${owner.businessId}`, () => context.email.send({ to: owner.email, subject: message.subject, text: message.text }));
      await q.markDigestSent(db, owner.businessId, now);
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed) throw failed;
}

export const notificationJobs: JobDefinition[] = [notifyOwnerJob, sendDigestsJob];
