import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { QueuedJob } from '../../platform/jobs/testing';
import { jobIdFor } from '../../platform/jobs/index';
import { DEFAULT_FIELDS, REF_FIELD } from '../../../shared/schemas/forms';
import { NOTIFY_EMAIL_INVALID, NOTIFY_PHONE_INVALID } from '../../../shared/schemas/notifications';
import { notifyOwnerJob, sendDueDigests } from './jobs';
import { twilioSignature } from '../../providers/sms/signature';
import { SIMULATOR_AUTH_TOKEN } from '../../providers/sms/simulator';
import { signedIn } from '../../testing/requests';

// The owner hears about new business (docs/settings.md, "Notifications"), the Leads badge, the website link's
// credit (docs/referrals.md, "Referral credit") and lead e-mails sent in the business's name (docs/leads.md).

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let sid = 0;

/** A text to the business number, signed as the provider signs it. */
function postSigned(app: TestApp['app'], url: string, params: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SIMULATOR_AUTH_TOKEN, `${APP_URL}${url}`, params) },
    payload: new URLSearchParams(params).toString(),
  });
}
const textFrom = (from: string, to: string, body: string) => {
  const id = `SMnotify${++sid}${Math.random().toString(16).slice(2, 10)}`;
  return { MessageSid: id, SmsSid: id, AccountSid: 'ACtest', From: from, To: to, Body: body, NumMedia: '0' };
};
async function businessWithNumber(database: TestApp['database'], number: string, extra: { name: string }) {
  const b = await createBusiness(database, { name: extra.name, selectedPhoneNumber: number, twilioNumbers: [number], enableForwarding: false });
  await database.query('update outreach_settings set twilio_phone = $1 where business_id = $2', [number, b.id]);
  return { ...b, number };
}
let a: TestBusiness & { number: string };
let other: TestBusiness;
let form: { embedToken: string };
const queued = () => (t.jobs as unknown as { sent: QueuedJob[] }).sent.filter((j) => j.name === notifyOwnerJob.name);
const put = (biz: TestBusiness, payload: unknown) => signedIn(t.app, biz.cookie).put('/api/business/notifications', payload as object);
const get = (biz: TestBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const run = (data: { kind: 'lead' | 'claim' | 'reply'; id: number }) =>
  notifyOwnerJob.handler(data, { database: t.database, email: t.email, sms: t.sms, jobs: t.jobs, jobId: jobIdFor(notifyOwnerJob.name, `${data.kind}:${data.id}`), origin: APP_URL, appUrl: APP_URL });
let ip = 0;
const submit = (body: Record<string, unknown>, url = `/api/forms/${form.embedToken}/submit`) =>
  t.app.inject({ method: 'POST', url, payload: body, remoteAddress: `10.7.0.${++ip}` });

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  a = await businessWithNumber(t.database, '+15125550190', { name: 'Sparkle Homes' });
  other = await createBusiness(t.database, { name: 'Other Co' });
  const res = await signedIn(t.app, a.cookie).post('/api/forms', { name: 'Quote', fields: DEFAULT_FIELDS });
  form = res.json();
});
afterAll(() => t.close());

describe('notification settings', () => {
  it('start as an e-mail for each one and no texts; are saved and read back, the phone in E.164', async () => {
    expect((await get(a, '/api/business/notifications')).json()).toEqual({ email: 'each', phone: null });
    const res = await put(a, { email: 'each', phone: '(512) 555-0199' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'each', phone: '+15125550199' });
    expect((await get(a, '/api/business/notifications')).json()).toEqual({ email: 'each', phone: '+15125550199' });
    expect((await get(other, '/api/business/notifications')).json()).toEqual({ email: 'each', phone: null });
  });

  it('refuses a bad choice or phone, with a message, saving nothing', async () => {
    for (const [body, message] of [
      [{ email: 'hourly' }, NOTIFY_EMAIL_INVALID],
      [{}, NOTIFY_EMAIL_INVALID],
      [{ email: 'off', phone: '12' }, NOTIFY_PHONE_INVALID],
      [{ email: 'off', phone: 42 }, NOTIFY_PHONE_INVALID],
      [{ email: 'off', phone: '5'.repeat(31) }, NOTIFY_PHONE_INVALID],
    ] as const) {
      const res = await put(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await get(a, '/api/business/notifications')).json()).toEqual({ email: 'each', phone: '+15125550199' });
  });
});

describe('new business', () => {
  it('a form lead: queued once, e-mailed to the owner and texted to their phone; the Leads badge counts it', async () => {
    expect((await get(a, '/api/leads?new=true')).json()).toEqual({ count: 0 });
    const res = await submit({ name: 'Nora New', email: 'nora@example.com', phone: '(415) 555-0177' });
    expect(res.statusCode, res.body).toBe(200);
    const [job] = queued();
    expect(job.data).toMatchObject({ kind: 'lead' });
    await run(job.data as { kind: 'lead'; id: number });
    const mail = t.email.last(a.email)!;
    expect(mail.subject).toBe('New lead: Nora New');
    expect(mail.text).toContain('came in through your form "Quote"');
    expect(mail.text).toContain(`${APP_URL}/leads`);
    expect(t.sms.sent.at(-1)).toMatchObject({ to: '+15125550199', body: `New lead: Nora New. ${APP_URL}/leads` });
    expect((await get(a, '/api/leads?new=true')).json()).toEqual({ count: 1 });
    expect((await get(other, '/api/leads?new=true')).json()).toEqual({ count: 0 });
    // a lead the owner has handled is no longer new
    const [{ id }] = await t.database.query<{ id: number }>(`select id from leads where business_id = $1`, [a.id]);
    await signedIn(t.app, a.cookie).patch(`/api/leads/${id}/status`, { status: 'contacted' });
    expect((await get(a, '/api/leads?new=true')).json()).toEqual({ count: 0 });
    expect((await get(a, '/api/leads?new=maybe')).statusCode).toBe(400);
  });

  it('a referral claim and a text each notify; a keyword does not; "no emails" leaves only the text', async () => {
    const client = await signedIn(t.app, a.cookie).post('/api/clients', { name: 'Rita Ref', email: 'rita@example.com', phone: '(415) 555-0100', serviceDate: '2025-01-10', amount: 90 });
    const code = client.json().client.referralCode;
    const claim = await t.app.inject({ method: 'POST', url: '/api/public/referral', payload: { referralCode: code, name: 'Fay Friend', email: 'fay@example.com', phone: '(415) 555-0111', businessId: a.id }, remoteAddress: '10.8.0.1' });
    expect(claim.json().status).toBe('created');
    const claimJob = queued().find((j) => (j.data as { kind: string }).kind === 'claim')!;
    await run(claimJob.data as { kind: 'claim'; id: number });
    expect(t.email.last(a.email)!.subject).toBe("New referral: Fay Friend claimed Rita Ref's reward");

    await put(a, { email: 'off', phone: '(512) 555-0199' });
    const mails = t.email.sent.length;
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550100', a.number, 'Can we move to Tuesday?'))).statusCode).toBe(200);
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550100', a.number, 'HELP'))).statusCode).toBe(200);
    const replies = queued().filter((j) => (j.data as { kind: string }).kind === 'reply');
    expect(replies).toHaveLength(1);
    await run(replies[0].data as { kind: 'reply'; id: number });
    expect(t.email.sent.length).toBe(mails);
    expect(t.sms.sent.at(-1)).toMatchObject({ to: '+15125550199', body: 'Text from Rita Ref: Can we move to Tuesday?' });
  });

  it('the daily digest: once a day from 8 am in the business’s zone, what came in since the last one', async () => {
    // a zone where it is between 8 am and midnight now
    const utcHour = new Date().getUTCHours();
    const offset = Math.max(-12, Math.min(14, 12 - utcHour));
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    await put(a, { email: 'digest', phone: null });
    await t.database.query(`update businesses set time_zone = $1, notify_digest_until = now() - interval '2 days' where id = $2`, [zone, a.id]);
    const before = t.email.sent.length;
    await sendDueDigests({ database: t.database, email: t.email, appUrl: APP_URL, jobId: 'digests-1' });
    const digest = t.email.sent.slice(before).filter((m) => m.to === a.email);
    expect(digest).toHaveLength(1);
    // the claim brought a lead too; HELP is a keyword, not a text to answer
    expect(digest[0].subject).toBe('Since yesterday: 2 new leads, 1 referral claim, 1 text');
    expect(digest[0].text).toContain('- Nora New');
    // not twice the same day
    await sendDueDigests({ database: t.database, email: t.email, appUrl: APP_URL, jobId: 'digests-2' });
    expect(t.email.sent.slice(before).filter((m) => m.to === a.email)).toHaveLength(1);
    // with the digest chosen, a new lead e-mails nothing by itself
    await submit({ name: 'Dee Digest', email: 'dee@example.com' });
    const mails = t.email.sent.length;
    await run(queued().at(-1)!.data as { kind: 'lead'; id: number });
    expect(t.email.sent.length).toBe(mails);
  });
});

describe('the website link (?ref=CODE)', () => {
  it('credits a form lead to the referrer and writes a pending referral that converts at the friend’s booking', async () => {
    const [{ referral_code: code }] = await t.database.query<{ referral_code: string }>(`select referral_code from clients where business_id = $1 and email = 'rita@example.com'`, [a.id]);
    const page = await t.app.inject({ method: 'GET', url: `/api/forms/${form.embedToken}/embed?ref=${code}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain(`name="${REF_FIELD}" value="${code}"`);
    expect((await submit({ name: 'Wes Website', email: 'wes@example.com', [REF_FIELD]: code })).statusCode).toBe(200);
    const [lead] = await t.database.query<{ referrer_code: string; referrer_name: string; source: string }>(`select referrer_code, referrer_name, source from leads where business_id = $1 and email = 'wes@example.com'`, [a.id]);
    expect(lead).toEqual({ referrer_code: code, referrer_name: 'Rita Ref', source: 'form' });
    const [referral] = await t.database.query<{ id: number; converted: boolean }>(`select id, converted from referrals where business_id = $1 and referee_email = 'wes@example.com'`, [a.id]);
    expect(referral.converted).toBe(false);
    // the friend books: the referral converts and the lead with it
    await signedIn(t.app, a.cookie).post('/api/clients', { name: 'Wes Website', email: 'wes@example.com', serviceDate: '2025-02-01', amount: 120 });
    const [after] = await t.database.query<{ converted: boolean }>(`select converted from referrals where id = $1`, [referral.id]);
    expect(after.converted).toBe(true);
    const [status] = await t.database.query<{ status: string }>(`select status from leads where business_id = $1 and email = 'wes@example.com'`, [a.id]);
    expect(status.status).toBe('converted');
  });

  it('reads the code from the page the form was on; an unknown code, the referrer themselves or an existing client credit nothing', async () => {
    const [{ referral_code: code }] = await t.database.query<{ referral_code: string }>(`select referral_code from clients where business_id = $1 and email = 'rita@example.com'`, [a.id]);
    await submit({ name: 'Pam Page', email: 'pam@example.com', _rf_page: `https://sparkle.example/?ref=${code.toLowerCase()}` });
    await submit({ name: 'Una Unknown', email: 'una@example.com', [REF_FIELD]: 'NOPE-0000' });
    await submit({ name: 'Rita Again', email: 'RITA@example.com', [REF_FIELD]: code });
    await submit({ name: 'Wes Again', email: 'wes@example.com', phone: '(415) 555-0155', [REF_FIELD]: code });
    const rows = await t.database.query<{ email: string; referrer_code: string | null; referral: boolean }>(
      `select lower(l.email) as email, l.referrer_code, exists (select 1 from referrals r where r.business_id = l.business_id and lower(r.referee_email) = lower(l.email) and not r.converted) as referral
       from leads l where l.business_id = $1 and lower(l.email) in ('pam@example.com', 'una@example.com', 'rita@example.com', 'wes@example.com') and l.status = 'new' order by l.id`,
      [a.id],
    );
    expect(rows).toEqual([
      { email: 'pam@example.com', referrer_code: code, referral: true },
      { email: 'una@example.com', referrer_code: null, referral: false },
      { email: 'rita@example.com', referrer_code: code, referral: false },
      { email: 'wes@example.com', referrer_code: code, referral: false },
    ]);
  });
});

describe('lead e-mails', () => {
  it('go out in the business’s name, answers to the owner', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(`select id from leads where business_id = $1 and email = 'nora@example.com'`, [a.id]);
    const res = await signedIn(t.app, a.cookie).post(`/api/leads/${id}/email`, { subject: 'Your quote', message: 'Hi Nora' });
    expect(res.statusCode).toBe(200);
    expect(t.email.last('nora@example.com')).toMatchObject({ fromName: 'Sparkle Homes', replyTo: a.email });
  });
});
