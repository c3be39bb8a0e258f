import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsProviderError } from '../../providers/sms/types';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tenantSnapshot } from '../../testing/tenant-data';
import { NO_NUMBER_MESSAGE } from '../sms/service';
import { addLeadRow, count } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// Texting and e-mailing a lead, and the lead's communications (docs/leads.md).

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let noNumber: TestBusiness;
const NUMBER = '+15125550170';

type Res = { statusCode: number; json(): any };
const post = (biz: TestBusiness, url: string, payload: unknown) => signedIn(t.app, biz.cookie).post(url, payload as object);
const comms = (biz: TestBusiness, id: number | string) => signedIn(t.app, biz.cookie).get(`/api/leads/${id}/communications`);

/** Refused: the answer, and nothing of any business changed, no text and no e-mail sent. */
async function refused(call: () => Promise<Res>, status: number, message: string) {
  const before = await tenantSnapshot(t.database, null);
  const texts = t.sms.sent.length;
  const mails = t.email.sent.length;
  const res = await call();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toEqual({ message });
  expect(await tenantSnapshot(t.database, null)).toEqual(before);
  expect(t.sms.sent.length).toBe(texts);
  expect(t.email.sent.length).toBe(mails);
}

beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://app.example.com' });
  a = await createBusiness(t.database, { name: 'Sparkle Homes', email: 'owner@sparkle.example', selectedPhoneNumber: NUMBER, twilioNumbers: [NUMBER] });
  b = await createBusiness(t.database, { selectedPhoneNumber: '+15125550171', twilioNumbers: ['+15125550171'] });
  noNumber = await createBusiness(t.database);
});
afterAll(() => t.close());

describe('POST /api/leads/:id/sms', () => {
  it("texts the lead through the SMS send service ({clientName} is the lead's first name) and records the communication", async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Lena Lead', phone: '(415) 555-0190', source: 'form', smsConsent: true });
    const res = await post(a, `/api/leads/${id}/sms`, { message: '  Hi {clientName}, {businessName} here. When suits you?  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'SMS sent successfully',
      communication: {
        id: expect.any(Number),
        leadId: id,
        type: 'sms',
        direction: 'outbound',
        subject: null,
        content: 'Hi Lena, Sparkle Homes here. When suits you?',
        status: 'sent',
        sentAt: expect.stringMatching(/^\d{4}-/),
      },
    });
    expect(t.sms.last('+14155550190')).toMatchObject({ from: NUMBER, body: 'Hi Lena, Sparkle Homes here. When suits you?' });
    expect(await count(t.database, 'sms_messages', "business_id = $1 and to_number = '+14155550190' and message_type = 'lead' and status = 'sent'", [a.id])).toBe(1);
    expect(await count(t.database, 'activity_logs', "business_id = $1 and description = 'Text sent to Lena Lead (lead)'", [a.id])).toBe(1);
    expect((await comms(a, id)).json()).toEqual([body.communication]);
  });

  it('refuses an empty message, no phone, a bad phone, an unknown or foreign lead, writing nothing', async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Pat Phone', phone: '+14155550191' });
    for (const payload of [{}, { message: '' }, { message: '   \n ' }, { message: null }, { message: 5 }, { message: ['hi'] }]) {
      await refused(() => post(a, `/api/leads/${id}/sms`, payload), 400, 'Please enter a message');
    }
    await refused(() => post(a, `/api/leads/${id}/sms`, { message: 'x'.repeat(1601) }), 400, 'The message is too long (1600 characters at most)');
    const noPhone = await addLeadRow(t.database, a.id, { name: 'No Phone', email: 'np@example.com' });
    await refused(() => post(a, `/api/leads/${noPhone}/sms`, { message: 'Hi' }), 400, 'This lead has no phone number, so no text was sent');
    const badPhone = await addLeadRow(t.database, a.id, { name: 'Bad Phone', phone: '12' });
    await refused(() => post(a, `/api/leads/${badPhone}/sms`, { message: 'Hi' }), 400, "Bad Phone's phone number (12) is not a valid mobile number, so no text was sent");
    await refused(() => post(b, `/api/leads/${id}/sms`, { message: 'Hi' }), 404, 'Lead not found');
    for (const bad of ['999999', 'abc', '0', '-1', '99999999999']) await refused(() => post(a, `/api/leads/${bad}/sms`, { message: 'Hi' }), 404, 'Lead not found');
    // A placeholder the send service cannot fill for a lead.
    const res = await post(a, `/api/leads/${id}/sms`, { message: 'Your link: {referralLink}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('no text was sent');
    expect(await count(t.database, 'lead_communications', 'lead_id = $1', [id])).toBe(0);
  });

  it('a text that does not go records no communication and says so: no business number, opted out, provider failure', async () => {
    const lone = await addLeadRow(t.database, noNumber.id, { name: 'Nia Nonumber', phone: '+14155550192', smsConsent: true });
    await refused(() => post(noNumber, `/api/leads/${lone}/sms`, { message: 'Hi' }), 409, NO_NUMBER_MESSAGE);

    const stopped = await addLeadRow(t.database, a.id, { name: 'Stop Sender', phone: '+14155550193', smsConsent: true });
    await t.database.query("insert into sms_opt_outs (business_id, phone, opted_out, source) values ($1, '+14155550193', true, 'keyword')", [a.id]);
    const optedOut = await post(a, `/api/leads/${stopped}/sms`, { message: 'Hi' });
    expect(optedOut.statusCode).toBe(409);
    expect(optedOut.json().message).toContain('has opted out of texts');

    const failing = await addLeadRow(t.database, a.id, { name: 'Fay Failing', phone: '+14155550194', smsConsent: true });
    t.sms.failNextSend(new SmsProviderError('The SMS provider could not be reached', null, 0));
    const failed = await post(a, `/api/leads/${failing}/sms`, { message: 'Hi' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toContain('was not sent');
    expect(await count(t.database, 'lead_communications', 'lead_id in ($1, $2, $3)', [lone, stopped, failing])).toBe(0);
    // Once the provider is back it goes, and only then is it recorded.
    expect((await post(a, `/api/leads/${failing}/sms`, { message: 'Hi again' })).statusCode).toBe(200);
    expect((await comms(a, failing)).json().map((c: any) => c.content)).toEqual(['Hi again']);
  });
});

describe('POST /api/leads/:id/email', () => {
  it("e-mails the lead through the mail provider, replies going to the business, and records it", async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Erin Email', email: 'erin@example.com' });
    const res = await post(a, `/api/leads/${id}/email`, { subject: '  Your\r\nquote ', message: '  Hi Erin,\n\nHere is your quote.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Email sent successfully',
      communication: { leadId: id, type: 'email', direction: 'outbound', subject: 'Your quote', content: 'Hi Erin,\n\nHere is your quote.', status: 'sent' },
    });
    expect(t.email.last('erin@example.com')).toEqual({ to: 'erin@example.com', subject: 'Your quote', text: 'Hi Erin,\n\nHere is your quote.', replyTo: 'owner@sparkle.example', fromName: 'Sparkle Homes' });
    expect((await comms(a, id)).json()).toEqual([res.json().communication]);
  });

  it('refuses an empty subject or message, no e-mail, an unknown or foreign lead, writing nothing and sending nothing', async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Sam Subject', email: 'sam@example.com' });
    const url = `/api/leads/${id}/email`;
    for (const payload of [{ message: 'Hi' }, { subject: '', message: 'Hi' }, { subject: ' \n\t ', message: 'Hi' }, { subject: 3, message: 'Hi' }]) {
      await refused(() => post(a, url, payload), 400, 'Please enter a subject');
    }
    for (const payload of [{ subject: 'Hello' }, { subject: 'Hello', message: '   ' }, { subject: 'Hello', message: { text: 'x' } }]) {
      await refused(() => post(a, url, payload), 400, 'Please enter a message');
    }
    await refused(() => post(a, url, { subject: 's'.repeat(201), message: 'Hi' }), 400, 'The subject is too long (200 characters at most)');
    await refused(() => post(a, url, { subject: 'Hi', message: 'm'.repeat(10_001) }), 400, 'The message is too long (10,000 characters at most)');
    const noEmail = await addLeadRow(t.database, a.id, { name: 'No Email', phone: '+14155550195' });
    await refused(() => post(a, `/api/leads/${noEmail}/email`, { subject: 'Hi', message: 'Hi' }), 400, 'This lead has no email address, so no email was sent');
    await refused(() => post(b, url, { subject: 'Hi', message: 'Hi' }), 404, 'Lead not found');
    await refused(() => post(a, '/api/leads/abc/email', { subject: 'Hi', message: 'Hi' }), 404, 'Lead not found');
  });

  it('a mail server that refuses it: 502, it was not sent, nothing recorded', async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Mo Mailfail', email: 'mo@example.com' });
    const original = t.email.send.bind(t.email);
    t.email.send = async () => {
      throw new Error('421 service not available');
    };
    try {
      const res = await post(a, `/api/leads/${id}/email`, { subject: 'Hi', message: 'Hi' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'The email to Mo Mailfail was not sent: the mail server did not accept it. Please try again.' });
    } finally {
      t.email.send = original;
    }
    expect(await count(t.database, 'lead_communications', 'lead_id = $1', [id])).toBe(0);
  });
});

describe('GET /api/leads/:id/communications', () => {
  it('lists the lead’s messages newest first; another business gets 404; an empty lead an empty list', async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Cora Comms', email: 'cora@example.com', phone: '+14155550196', smsConsent: true });
    expect((await comms(a, id)).json()).toEqual([]);
    await post(a, `/api/leads/${id}/sms`, { message: 'First, a text' });
    await post(a, `/api/leads/${id}/email`, { subject: 'Then', message: 'an e-mail' });
    const list = (await comms(a, id)).json();
    expect(list.map((c: any) => [c.type, c.content])).toEqual([
      ['email', 'an e-mail'],
      ['sms', 'First, a text'],
    ]);
    for (const res of [await comms(b, id), await comms(a, 999999), await comms(a, 'abc')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Lead not found' });
    }
  });
});
