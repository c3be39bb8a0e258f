import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { QueuedJob } from '../../platform/jobs/testing';
import { jobIdFor } from '../../platform/jobs/index';
import { DEFAULT_FIELDS } from '../../../shared/schemas/forms';
import { OutboxEmail } from '../../providers/email/outbox';
import { signedIn } from '../../testing/requests';
import { notifyOwnerJob } from './jobs';
import { quoted, replyToOf } from './messages';

// The owner's e-mail about new business says who to answer and what they wrote (docs/settings.md,
// "Notifications"): Reply-To is the person's own address where known, and their words are quoted, never markup.

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let biz: TestBusiness;
let embedToken: string;
beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  biz = await createBusiness(t.database, { name: 'Sparkle Homes', selectedPhoneNumber: '+15125550290', twilioNumbers: ['+15125550290'], enableForwarding: false });
  await t.database.query('update outreach_settings set twilio_phone = $1 where business_id = $2', ['+15125550290', biz.id]);
  embedToken = (await signedIn(t.app, biz.cookie).post('/api/forms', { name: 'Quote', fields: DEFAULT_FIELDS })).json().embedToken;
});
afterAll(() => t.close());

const jobs = (kind: string) => (t.jobs as unknown as { sent: QueuedJob[] }).sent.filter((j) => j.name === notifyOwnerJob.name && (j.data as { kind: string }).kind === kind);
const run = (data: { kind: 'lead' | 'claim' | 'reply'; id: number }) =>
  notifyOwnerJob.handler(data, { database: t.database, email: t.email, sms: t.sms, jobs: t.jobs, jobId: jobIdFor(notifyOwnerJob.name, `${data.kind}:${data.id}`), origin: APP_URL, appUrl: APP_URL });
let ip = 0;
const submit = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/forms/${embedToken}/submit`, payload: body, remoteAddress: `10.9.0.${++ip}` });

describe("the owner's e-mail about a new lead, claim or text", () => {
  it('a form lead: Reply-To is the lead, and what they wrote is quoted in the body, hostile text as text', async () => {
    const message = 'Need a deep clean <script>alert(1)</script>\nOpen your Lead Inbox: https://evil.example/leads\u0007';
    expect((await submit({ name: 'Nora New', email: 'nora@example.com', phone: '(415) 555-0177', message })).statusCode).toBe(200);
    await run(jobs('lead').at(-1)!.data as { kind: 'lead'; id: number });
    const mail = t.email.last(biz.email)!;
    expect(mail.subject).toBe('New lead: Nora New');
    expect(mail.replyTo).toBe('nora@example.com');
    expect(mail.html).toBeUndefined();
    expect(mail.text).toContain(
      'What they wrote:\n> Message: Need a deep clean <script>alert(1)</script>\n> Open your Lead Inbox: https://evil.example/leads\n\nReply to this e-mail to answer Nora New.',
    );
    expect(mail.text).not.toContain('\u0007');
    expect(mail.text).toContain(`Open your Lead Inbox: ${APP_URL}/leads`);
  });

  it('a lead who wrote nothing: no quote, still Reply-To', async () => {
    await submit({ name: 'Quiet Quinn', email: 'quinn@example.com' });
    await run(jobs('lead').at(-1)!.data as { kind: 'lead'; id: number });
    const mail = t.email.last(biz.email)!;
    expect(mail.replyTo).toBe('quinn@example.com');
    expect(mail.text).not.toContain('What they wrote');
  });

  it("a referral claim: Reply-To is the friend's e-mail", async () => {
    const client = await signedIn(t.app, biz.cookie).post('/api/clients', { name: 'Rita Ref', email: 'rita@example.com', phone: '(415) 555-0100', serviceDate: '2025-01-10', amount: 90 });
    const code = client.json().client.referralCode;
    const claim = await t.app.inject({ method: 'POST', url: '/api/public/referral', payload: { referralCode: code, name: 'Fay Friend', email: 'fay@example.com', phone: '(415) 555-0111', businessId: biz.id }, remoteAddress: '10.9.1.1' });
    expect(claim.json().status).toBe('created');
    await run(jobs('claim').at(-1)!.data as { kind: 'claim'; id: number });
    const mail = t.email.last(biz.email)!;
    expect(mail.subject).toBe("New referral: Fay Friend claimed Rita Ref's reward");
    expect(mail.replyTo).toBe('fay@example.com');
    expect(mail.text).toContain('Reply to this e-mail to answer Fay Friend.');
  });

  it("a client's text: quoted, Reply-To the client's e-mail; a stranger's number has none", async () => {
    const clientId = (await signedIn(t.app, biz.cookie).get('/api/clients')).json().find((c: { name: string }) => c.name === 'Rita Ref').id;
    const sms = await signedIn(t.app, biz.cookie).post('/api/sms/simulate-inbound', { clientId, message: 'Can we move to Tuesday?\n<b>thanks</b>' });
    expect(sms.statusCode, sms.body).toBe(201);
    await run({ kind: 'reply', id: sms.json().sms.id });
    const mail = t.email.last(biz.email)!;
    expect(mail.subject).toBe('New text from Rita Ref');
    expect(mail.replyTo).toBe('rita@example.com');
    expect(mail.text).toContain('texted your business number:\n\n> Can we move to Tuesday?\n> <b>thanks</b>\n\nAnswer it:');

    const [{ id }] = await t.database.query<{ id: number }>(
      `insert into sms_messages (business_id, direction, from_number, to_number, message_body, status) values ($1, 'inbound', '+14155550999', '+15125550290', 'Who is this?', 'received') returning id`,
      [biz.id],
    );
    await run({ kind: 'reply', id });
    expect(t.email.last(biz.email)!.replyTo).toBeUndefined();
  });
});

describe('Reply-To and the quote', () => {
  it('takes one plain address only, never a list, a display name or a header', () => {
    expect(replyToOf({ who_email: 'nora@example.com' })).toBe('nora@example.com');
    for (const bad of ['a@b.co, c@d.co', 'x@y.co\r\nBcc: z@evil.example', 'Nora <nora@example.com>', 'nora', `${'a'.repeat(250)}@b.co`, null, 42])
      expect(replyToOf({ who_email: bad }), String(bad)).toBeUndefined();
  });

  it('quotes every line, drops control characters and keeps 2,000 characters', () => {
    expect(quoted('one\r\ntwo\n\nthree')).toBe('> one\n> two\n>\n> three');
    expect(quoted('x'.repeat(2100))).toBe(`> ${'x'.repeat(2000)}…`);
  });

  it('the local mail driver writes the Reply-To header', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'owner-mail-'));
    await new OutboxEmail(dir, 'Referloop <no-reply@referloop.test>').send({ to: 'owner@example.com', subject: 'New lead: Nora New', text: 'Hi', replyTo: 'nora@example.com' });
    const [file] = await fs.readdir(dir);
    expect(await fs.readFile(path.join(dir, file), 'utf8')).toMatch(/^Reply-To: nora@example\.com$/m);
    await fs.rm(dir, { recursive: true });
  });
});
