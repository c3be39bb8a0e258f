import { z } from 'zod';
import { defineJob, type JobContext, type JobQueue } from '../../../platform/jobs/index';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../../shared/schemas/sms';
import { recordActivity } from '../../activity-log/service';
import { firstName, referralLink, renderMessage } from '../../../../shared/sms-template';
import * as q from './queries';

// The referral follow-up by e-mail (docs/sms-automations.md, "Referral follow-up"): a friend who did not
// agree to texts on the claim page (or gave no phone) but gave an e-mail gets the follow-up's words by
// e-mail instead, once per referral.

export const followUpEmailKey = (referralId: number) => `follow-up-email:referral:${referralId}`;

/** The e-mail: the follow-up template rendered as the text is, then why it came and that no more will. */
export function followUpEmail(f: q.EmailFollowUp, origin: string): { subject: string; text: string } | null {
  const rendered = renderMessage(f.template ?? DEFAULT_CUSTOM_MESSAGES.followUp, {
    clientName: firstName(f.refereeName),
    referralCode: f.referrerCode,
    referralLink: referralLink(origin, f.referrerCode),
    referralDiscount: f.referralDiscount ?? '$25',
    googleReviewLink: f.googleReviewLink,
    businessName: f.businessName,
  });
  if (rendered.missing.length > 0) return null;
  const why =
    `You got this e-mail because you claimed a referral reward from ${f.businessName} and did not ask for texts. ` +
    `It is the only reminder about this reward, so there is nothing to unsubscribe from; reply if you would rather not hear from ${f.businessName}.`;
  return { subject: `Your reward from ${f.businessName} is waiting`, text: `${rendered.text}\n\n--\n${why}\n` };
}

/**
 * Sends one referral's follow-up e-mail. The referral is claimed first (last_reminder_at), so a second run
 * sends nothing; a mail server that refuses gives the claim back and the job is retried.
 */
export const emailFollowUpJob = defineJob({
  name: 'sms-automations.email-follow-up',
  schema: z.object({ businessId: z.number().int().positive(), referralId: z.number().int().positive() }).strict(),
  retryLimit: 2,
  retryDelaySeconds: 300,
  async handler({ businessId, referralId }, context) {
    await sendFollowUpEmail(context, businessId, referralId);
  },
});

export async function sendFollowUpEmail(context: Pick<JobContext, 'database' | 'email' | 'origin' | 'appUrl'>, businessId: number, referralId: number): Promise<boolean> {
  const { db } = context.database;
  const claimed = await q.claimEmailFollowUp(db, businessId, referralId);
  if (!claimed) return false;
  const message = followUpEmail(claimed, context.origin ?? context.appUrl ?? 'http://localhost');
  if (!message) {
    // A placeholder without a value (a review link removed): the text would be refused the same way.
    await q.releaseEmailFollowUp(db, businessId, referralId);
    return false;
  }
  try {
    await context.email.send({ to: claimed.refereeEmail, subject: message.subject, text: message.text, replyTo: claimed.businessEmail ?? undefined, fromName: claimed.businessName });
  } catch (error) {
    await q.releaseEmailFollowUp(db, businessId, referralId);
    throw error;
  }
  await recordActivity(db, businessId, 'email_sent', `Follow-up e-mailed to ${claimed.refereeName}`, {
    message_type: 'followUp',
    email: claimed.refereeEmail,
    referral_id: referralId,
  });
  return true;
}

/** Enqueues the due e-mail follow-ups, one job per referral ever (its key); returns how many were new. */
export async function queueDueFollowUpEmails(ctx: { database: JobContext['database']; jobs: JobQueue }, now: Date, window: { minDays: number; maxDays: number; limit: number }): Promise<number> {
  const due = await q.selectDueEmailReferrals(ctx.database.db, now, window);
  let queued = 0;
  for (const r of due) {
    if (await ctx.jobs.send(emailFollowUpJob, { businessId: r.businessId, referralId: r.id }, { key: followUpEmailKey(r.id) })) queued += 1;
  }
  return queued;
}
