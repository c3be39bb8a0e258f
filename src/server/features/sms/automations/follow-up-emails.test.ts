import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../platform/jobs/testing';
import type { JobContext } from '../../../platform/jobs/index';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { jobDefinitions } from '../../index';
import { deliverTextJob } from '../outbox/jobs';
import { emailFollowUpJob, sendFollowUpEmail } from './follow-up-emails';
import { businessFollowUpsJob, queueFollowUpsJob } from './jobs';
import { businessWithNumber, createReferral, outboxOf } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';

// The referral follow-up by e-mail (docs/sms-automations.md, "Referral follow-up"): a friend without text
// consent (or without a phone) who gave an e-mail gets the follow-up once by e-mail, never a text; a friend
// who consented gets the text and no e-mail. Through the real queue, the due job run twice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smsSendWindow: 'off' }, { jobs: [deliverTextJob, emailFollowUpJob, businessFollowUpsJob] });
});
afterAll(() => t.close());

const jobContext = (): JobContext => ({ database: t.database, email: t.email, jobId: 'test', jobs: t.jobs, sms: t.sms, origin: 'http://localhost', smsSendWindowOff: true });
/** The hourly scan, then the per-business jobs it enqueued, run to the end by the queue. */
const runDueJob = async () => {
  await queueFollowUpsJob.handler({}, jobContext());
  await waitFor(async () => (await t.database.query(`select 1 from pgboss.job where name = $1 and state < 'completed' limit 1`, [businessFollowUpsJob.name])).length === 0, 20_000);
};
const mailTo = (to: string) => t.email.sent.filter((m) => m.to === to);
const textsTo = (businessId: number, to: string) =>
  t.database.query(`select 1 from sms_messages where business_id = $1 and direction = 'outbound' and to_number = $2`, [businessId, to]);
const reminderOf = async (id: number) =>
  (await t.database.query<{ last_reminder_at: Date | null }>('select last_reminder_at from referrals where id = $1', [id]))[0].last_reminder_at;
const emailJobs = (id: number) => t.database.query(`select 1 from pgboss.job where name = $1 and singleton_key = $2`, [emailFollowUpJob.name, `follow-up-email:referral:${id}`]);
const quiet = () => new Promise((r) => setTimeout(r, 1500));

describe('referral follow-up by e-mail', () => {
  it('a friend without text consent gets exactly one e-mail, from the business, rendered like the text, and no text; a consenting friend gets the text and no e-mail', async () => {
    const b = await businessWithNumber(t.database, 'Mail Co');
    const refer = 'MAILREF1';
    const noConsent = await createReferral(t.database, b.id, { referrerCode: refer, refereeName: 'Nora Noconsent', refereePhone: '+15125550401', refereeEmail: 'nora@example.com', ageDays: 3.5, smsConsent: false });
    const consented = await createReferral(t.database, b.id, { referrerCode: refer, refereeName: 'Cara Consent', refereePhone: '+15125550402', refereeEmail: 'cara@example.com', ageDays: 3.5 });

    await runDueJob();
    await runDueJob();
    const [mail] = (await waitFor(() => (mailTo('nora@example.com').length ? mailTo('nora@example.com') : null), 20_000))!;
    await waitFor(async () => ((await outboxOf(t.database, b.id)).every((r) => r.status === 'sent') ? true : null), 20_000);
    await quiet();

    expect(mailTo('nora@example.com')).toHaveLength(1);
    expect(mail).toMatchObject({ subject: 'Your reward from Mail Co is waiting', fromName: 'Mail Co', replyTo: b.email });
    // Sent by the queue, whose origin is the test app's URL.
    expect(mail.text).toBe(
      `Hi Nora, just checking in! You still get $25 off when you book your first visit with your friend's link: http://localhost:3000/refer?code=${refer}\n\n--\n` +
        'You got this e-mail because you claimed a referral reward from Mail Co and did not ask for texts. ' +
        'It is the only reminder about this reward, so there is nothing to unsubscribe from; reply if you would rather not hear from Mail Co.\n',
    );
    expect(await textsTo(b.id, '+15125550401')).toEqual([]);
    expect(await reminderOf(noConsent)).not.toBeNull();
    expect(await emailJobs(noConsent)).toHaveLength(1);
    const [activity] = await t.database.query<{ description: string; metadata: Record<string, unknown> }>(
      `select description, metadata from activity_logs where business_id = $1 and type = 'email_sent'`,
      [b.id],
    );
    expect(activity).toEqual({ description: 'Follow-up e-mailed to Nora Noconsent', metadata: { message_type: 'followUp', email: 'nora@example.com', referral_id: noConsent } });

    expect(mailTo('cara@example.com')).toEqual([]);
    expect(await emailJobs(consented)).toEqual([]);
    expect(await textsTo(b.id, '+15125550402')).toHaveLength(1);
    expect(await reminderOf(consented)).not.toBeNull();
    expect(await outboxOf(t.database, b.id)).toEqual([expect.objectContaining({ kind: 'followUp', status: 'sent', to_number: '+15125550402' })]);
  });

  it('the send itself goes once: a second run of the same referral sends nothing; a consenting friend is never e-mailed', async () => {
    const b = await businessWithNumber(t.database, 'Twice Co');
    const id = await createReferral(t.database, b.id, { referrerCode: 'TWICE001', refereeName: 'Tia Twice', refereePhone: '+15125550411', refereeEmail: 'tia@example.com', ageDays: 4, smsConsent: false });
    expect(await sendFollowUpEmail(jobContext(), b.id, id)).toBe(true);
    expect(await sendFollowUpEmail(jobContext(), b.id, id)).toBe(false);
    expect(mailTo('tia@example.com')).toHaveLength(1);

    // A friend who consented is texted, never e-mailed, even if an e-mail job came for them.
    const texted = await createReferral(t.database, b.id, { referrerCode: 'TWICE001', refereeName: 'Cy Consent', refereePhone: '+15125550412', refereeEmail: 'cy@example.com', ageDays: 4 });
    expect(await sendFollowUpEmail(jobContext(), b.id, texted)).toBe(false);
    expect(mailTo('cy@example.com')).toEqual([]);
    expect(await reminderOf(texted)).toBeNull();
  });

  it('a friend with no phone but an e-mail gets the e-mail; one with neither consent nor e-mail gets nothing', async () => {
    const b = await businessWithNumber(t.database, 'Nophone Co');
    await createReferral(t.database, b.id, { referrerCode: 'NOPH0001', refereeName: 'Pat Nophone', refereePhone: null, refereeEmail: 'pat@example.com', ageDays: 4 });
    const neither = await createReferral(t.database, b.id, { referrerCode: 'NOPH0001', refereeName: 'Ned Neither', refereePhone: '+15125550421', ageDays: 4, smsConsent: false });
    await runDueJob();
    await waitFor(() => (mailTo('pat@example.com').length ? true : null), 20_000);
    await quiet();
    expect(mailTo('pat@example.com')).toHaveLength(1);
    expect(await textsTo(b.id, '+15125550421')).toEqual([]);
    expect(await outboxOf(t.database, b.id)).toEqual([]);
    expect(await emailJobs(neither)).toEqual([]);
    expect(await reminderOf(neither)).toBeNull();
  });

  it('not before 3 days, not after 7, not converted, not a client already, not after a reminder by hand', async () => {
    const b = await businessWithNumber(t.database, 'Rules Co');
    const made = async (name: string, email: string, ageDays: number, extra: { converted?: boolean } = {}) =>
      createReferral(t.database, b.id, { referrerCode: 'RULES001', refereeName: name, refereePhone: null, refereeEmail: email, ageDays, smsConsent: false, ...extra });
    await made('Young', 'young@example.com', 2.5);
    await made('Old', 'old@example.com', 8);
    await made('Conv', 'conv@example.com', 4, { converted: true });
    await t.database.query(`insert into clients (business_id, name, email, referral_code) values ($1, 'Known', 'KNOWN@example.com', 'KNOWN001')`, [b.id]);
    await made('Known', 'known@example.com', 4);
    const byHand = await made('Hand', 'hand@example.com', 4);
    await t.database.query('update referrals set last_reminder_at = now() where id = $1', [byHand]);
    await runDueJob();
    await quiet();
    expect(t.email.sent.filter((m) => /^(young|old|conv|known|hand)@/.test(m.to))).toEqual([]);
  });

  it('the automation turned off sends nothing, also when turned off after the e-mail was queued', async () => {
    const b = await businessWithNumber(t.database, 'Off Co');
    const current = (await signedIn(t.app, b.cookie).get('/api/outreach/settings')).json();
    const turn = async (on: boolean) => {
      const res = await signedIn(t.app, b.cookie).post('/api/outreach/settings', { ...current, autoMessageSettings: { autoSendFollowUp: on } });
      expect(res.statusCode).toBe(200);
    };
    await turn(false);
    const id = await createReferral(t.database, b.id, { referrerCode: 'OFF00001', refereeName: 'Olga Off', refereePhone: '+15125550431', refereeEmail: 'olga@example.com', ageDays: 4, smsConsent: false });
    await runDueJob();
    await quiet();
    expect(await emailJobs(id)).toEqual([]);
    expect(mailTo('olga@example.com')).toEqual([]);

    // Queued while on, turned off before the job ran.
    await turn(true);
    const later = await createReferral(t.database, b.id, { referrerCode: 'OFF00001', refereeName: 'Lara Later', refereePhone: null, refereeEmail: 'lara@example.com', ageDays: 4 });
    await turn(false);
    expect(await sendFollowUpEmail(jobContext(), b.id, later)).toBe(false);
    expect(mailTo('lara@example.com')).toEqual([]);
    expect(await reminderOf(later)).toBeNull();
  });

  it('a mail server that refuses gives the claim back, so the retry can send it', async () => {
    const b = await businessWithNumber(t.database, 'Refused Co');
    const id = await createReferral(t.database, b.id, { referrerCode: 'REFU0001', refereeName: 'Rex Refused', refereePhone: null, refereeEmail: 'rex@example.com', ageDays: 4 });
    const failing = { ...jobContext(), email: { name: 'outbox' as const, send: () => Promise.reject(new Error('421 try later')) } };
    await expect(sendFollowUpEmail(failing, b.id, id)).rejects.toThrow('421 try later');
    expect(await reminderOf(id)).toBeNull();
    expect(await sendFollowUpEmail(jobContext(), b.id, id)).toBe(true);
    expect(mailTo('rex@example.com')).toHaveLength(1);
  });

  it('is one of the app jobs', () => {
    expect(jobDefinitions).toContain(emailFollowUpJob);
  });
});
