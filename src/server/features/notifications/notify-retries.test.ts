import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';
import { jobIdFor } from '../../platform/jobs/index';
import { waitFor } from '../../platform/jobs/testing';
import type { EmailMessage } from '../../providers/email/types';
import { notifyOwnerJob, sendDueDigests } from './jobs';

// A notice job does two things, an e-mail and a text (docs/jobs.md "Effects"): the text refused by an app rule
// or failing at an unreachable provider never sends the e-mail again on the job's retries; the digests of several
// owners are one effect each.

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let ip = 0;

beforeAll(async () => {
  // The job's own retries (2), without its 60 s wait between them.
  t = await createTestApp({ appUrl: APP_URL }, { jobs: [{ ...notifyOwnerJob, retryDelaySeconds: 0 }] });
});
afterAll(() => t.close());

async function ownerWithNotices(name: string, number: string) {
  const b = await createBusiness(t.database, { name, selectedPhoneNumber: number, twilioNumbers: [number], enableForwarding: false });
  await t.database.query('update outreach_settings set twilio_phone = $1 where business_id = $2', [number, b.id]);
  const res = await signedIn(t.app, b.cookie).put('/api/business/notifications', { email: 'each', phone: '(512) 555-0199' });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

/** A friend's referral claim (the route enqueues the notice), then the notice job once it has finished, retries included. */
async function claimAndSettle(b: TestBusiness) {
  const client = await signedIn(t.app, b.cookie).post('/api/clients', { name: 'Rita Ref', email: `rita.${b.id}@example.com`, phone: '(415) 555-0100', serviceDate: '2025-01-10', amount: 90 });
  const referralCode = client.json().client.referralCode;
  const claim = await t.app.inject({
    method: 'POST',
    url: '/api/public/referral',
    payload: { referralCode, name: 'Fay Friend', email: `fay.${b.id}@example.com`, phone: '(415) 555-0111', businessId: b.id },
    remoteAddress: `10.9.0.${++ip}`,
  });
  expect(claim.json().status).toBe('created');
  const id = jobIdFor(notifyOwnerJob.name, `claim:${claim.json().referralId}`);
  const job = await waitFor(async () => {
    const [row] = await t.database.query<{ state: string; retries: number }>(
      `select state, retry_count as retries from pgboss.job where id = $1 and state in ('completed', 'failed')`,
      [id],
    );
    return row;
  }, 30_000);
  return { ...job, id };
}
const claimMails = (b: TestBusiness) => t.email.sent.filter((m) => m.to === b.email && m.subject.startsWith('New referral'));
const ownerTexts = () => t.sms.sent.filter((m) => m.to === '+15125550199');

describe('notifications.notify-owner: the e-mail once, whatever happens to the text', () => {
  it('a text refused by the registration gate is recorded as refused: one e-mail, no retry', async () => {
    const b = await ownerWithNotices('Gated Cleaning', '+15125550301');
    await t.database.query('delete from sms_registrations where business_id = $1', [b.id]);
    const texts = ownerTexts().length;
    const job = await claimAndSettle(b);
    expect(job).toMatchObject({ state: 'completed', retries: 0 });
    expect(claimMails(b)).toHaveLength(1);
    expect(ownerTexts()).toHaveLength(texts);
    const effects = await t.database.query<{ effect: string; outcome: string; detail: string }>(
      'select effect, outcome, detail from job_effects where job_id = $1 order by effect',
      [job.id],
    );
    expect(effects.map((e) => [e.effect, e.outcome])).toEqual([['owner-email', 'done'], ['owner-text', 'refused']]);
    expect(effects[1].detail).toMatch(/text/i);
  });

  it('a text whose provider could not be reached is retried alone: one e-mail, one text', async () => {
    const b = await ownerWithNotices('Reachable Later', '+15125550302');
    t.sms.failNextSend();
    const texts = ownerTexts().length;
    expect(await claimAndSettle(b)).toMatchObject({ state: 'completed', retries: 1 });
    expect(claimMails(b)).toHaveLength(1);
    expect(ownerTexts()).toHaveLength(texts + 1);
  });
});

describe('notifications.send-digests: one effect per owner', () => {
  it("an owner whose mail fails holds up no other owner's digest, and the retry sends only the one that failed", async () => {
    // Both owners' digests are due (8 am has passed in a zone where it is between 8 am and midnight now).
    const utcHour = new Date().getUTCHours();
    const offset = Math.max(-12, Math.min(14, 12 - utcHour));
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const owners = [await createBusiness(t.database, { name: 'Digest One' }), await createBusiness(t.database, { name: 'Digest Two' })];
    for (const o of owners) {
      await t.database.query(`update businesses set notify_email = 'digest', time_zone = $1, notify_digest_until = now() - interval '2 days' where id = $2`, [zone, o.id]);
      await t.database.query(`insert into leads (business_id, name, email, source) values ($1, 'Dee Digest', 'dee@example.com', 'manual')`, [o.id]);
    }
    const [down] = owners;
    const sent: EmailMessage[] = [];
    let downReachable = false;
    const email = {
      name: 'outbox' as const,
      async send(message: EmailMessage) {
        if (message.to === down.email && !downReachable) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
        sent.push(message);
      },
    };
    const context = { database: t.database, email, appUrl: APP_URL, jobId: 'digests-retried' };
    await expect(sendDueDigests(context)).rejects.toThrow('ECONNREFUSED');
    expect(sent.map((m) => m.to)).toEqual([owners[1].email]);
    downReachable = true;
    await sendDueDigests(context); // pg-boss's retry: the same job id
    expect(sent.map((m) => m.to).sort()).toEqual([owners[0].email, owners[1].email].sort());
  });
});
