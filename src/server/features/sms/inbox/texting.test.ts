import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { REMINDER_NO_CONSENT } from '../../../../shared/schemas/referrals';
import * as texts from '../../../../shared/schemas/referrals-public-texts';
import { SMS_COMPLIANCE_TEXT } from '../../../../shared/schemas/forms';
import { addClient, businessWithNumber, type InboxBusiness, postSigned } from './test-helpers.test-util';
import { emailFollowUpJob } from '../automations/follow-up-emails';
import { queueDueFollowUps } from '../automations/follow-ups';
import { memoryQueue } from '../../../platform/jobs/testing';
import { signedIn } from '../../../testing/requests';

// Delivery errors in an owner's words, the claim page's text consent, and who gets marketing texts
// (docs/sms.md "Delivery errors" and "Who gets marketing texts", docs/referrals.md "Text consent").

let t: TestApp;
let a: InboxBusiness;
let ann: number;
let bob: number;
let cal: number;
const ANN = '+14155550131';
const BOB = '+14155550132';
const CAL = '+14155550133';

beforeAll(async () => {
  t = await createTestApp();
  a = await businessWithNumber(t.database, '+15125550141', { name: 'Sparkle Cleaning' });
  ann = await addClient(t.app, a, 'Ann Landline', ANN);
  bob = await addClient(t.app, a, 'Bob Mobile', BOB);
  cal = await addClient(t.app, a, 'Cal Stop', CAL);
});
afterAll(() => t.close());

const get = (url: string) => signedIn(t.app, a.cookie).get(url);
const post = (url: string, payload: object) => signedIn(t.app, a.cookie).post(url, payload);
const status = (sid: string, params: Record<string, string>) => postSigned(t.app, '/api/sms/status', { MessageSid: sid, AccountSid: 'ACtest', ...params });
const count = async (sqlText: string, values: unknown[] = []) => Number((await t.database.query<{ n: number }>(sqlText, values))[0].n);
const texting = async (clientId: number) => {
  const { clients } = (await get('/api/clients?page=1&pageSize=50')).json();
  return clients.find((c: { id: number }) => c.id === clientId).texting;
};

async function reply(clientId: number, message: string) {
  return post('/api/sms/reply', { clientId, message });
}
async function lastSid(to: string): Promise<string> {
  const [m] = await t.database.query<{ twilio_sid: string }>(`select twilio_sid from sms_messages where to_number = $1 and direction = 'outbound' order by id desc limit 1`, [to]);
  return m.twilio_sid;
}

describe('delivery errors', () => {
  it('a 30006 status keeps the code, says why and what to do, and marks the client "Landline: can\'t receive texts"', async () => {
    expect((await reply(ann, 'Hi Ann, thanks!')).statusCode).toBe(200);
    const sid = await lastSid(ANN);
    expect((await status(sid, { MessageStatus: 'undelivered', ErrorCode: '30006' })).statusCode).toBe(200);
    const [m] = await t.database.query<{ status: string; error_code: number }>('select status, error_code from sms_messages where twilio_sid = $1', [sid]);
    expect(m).toEqual({ status: 'undelivered', error_code: 30006 });
    const { messages } = (await get('/api/sms/messages')).json();
    expect(messages.find((x: { toNumber: string }) => x.toNumber === ANN).error).toEqual({
      code: 30006,
      label: "Landline: can't receive texts",
      advice: "This is a landline or a number that can't receive texts. Call instead, or ask the client for a mobile number.",
    });
    expect((await texting(ann)).unreachable).toMatchObject({ code: 30006, label: "Landline: can't receive texts" });
    expect(await texting(bob)).toEqual({ optedOut: false, unreachable: null, basis: 'booking' });
  });

  it('a landline is not texted again: a reply is refused with the reason and nothing is stored; bulk leaves it out with the reason', async () => {
    const before = await count('select count(*)::int as n from sms_messages where to_number = $1', [ANN]);
    const res = await reply(ann, 'Hello again');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "No text was sent to Ann Landline: Landline: can't receive texts. This is a landline or a number that can't receive texts. Call instead, or ask the client for a mobile number.",
    );
    expect(await count('select count(*)::int as n from sms_messages where to_number = $1', [ANN])).toBe(before);
    const bulk = await post('/api/sms/bulk', { clientIds: [ann, bob], message: 'Spring slots are open, {clientName}!' });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().batch).toMatchObject({
      total: 2,
      skipped: 1,
      problems: [{ clientId: ann, status: 'skipped', reason: expect.stringMatching(/^Landline: can't receive texts\. /) }],
    });
  });

  it('other codes say why without marking the number; a delivery clears a mark; a hostile ErrorCode changes nothing', async () => {
    expect((await reply(bob, 'Hi Bob')).statusCode).toBe(200);
    const sid = await lastSid(BOB);
    await status(sid, { MessageStatus: 'failed', ErrorCode: '30003' });
    const { messages } = (await get('/api/sms/messages')).json();
    expect(messages.find((x: { toNumber: string }) => x.toNumber === BOB).error).toMatchObject({ code: 30003, label: 'Unreachable' });
    expect((await texting(bob)).unreachable).toBeNull();

    for (const code of ['abc', '1e99', '-1', '9'.repeat(40), '']) {
      expect((await reply(bob, `Hi ${code}`)).statusCode).toBe(200);
      const res = await status(await lastSid(BOB), { MessageStatus: 'failed', ErrorCode: code });
      expect(res.statusCode, code).toBe(200);
      const [m] = await t.database.query<{ error_code: number | null }>('select error_code from sms_messages where twilio_sid = $1', [await lastSid(BOB)]);
      expect(m.error_code, code).toBeNull();
    }

    // The number became a mobile: a delivered text to it clears the mark.
    await t.database.query(`insert into sms_unreachable_numbers (business_id, phone, error_code) values ($1, $2, 21211)`, [a.id, BOB]);
    expect((await texting(bob)).unreachable).toMatchObject({ code: 21211, label: 'Not a valid number' });
    const [{ twilio_sid }] = await t.database.query<{ twilio_sid: string }>(
      `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, twilio_sid, status)
       values ($1, $2, 'outbound', $3, $4, 'x', 'SMclear0001', 'sent') returning twilio_sid`,
      [a.id, bob, a.number, BOB],
    );
    await status(twilio_sid, { MessageStatus: 'delivered' });
    expect((await texting(bob)).unreachable).toBeNull();
  });

  it('an opted-out client carries the mark and is left out of bulk', async () => {
    await t.database.query(`insert into sms_opt_outs (business_id, phone, opted_out, source, detail) values ($1, $2, true, 'keyword', 'STOP')`, [a.id, CAL]);
    expect(await texting(cal)).toEqual({ optedOut: true, unreachable: null, basis: 'booking' });
    const { batch } = (await post('/api/sms/bulk', { clientIds: [cal], message: 'Hi' })).json();
    expect(batch).toMatchObject({ skipped: 1, problems: [{ clientId: cal, reason: 'Opted out of texts (replied STOP).' }] });
  });
});

describe('basis to text', () => {
  it('a client with no booking, no form and no claim opt-in has no basis and is left out of bulk; a claim opt-in is one', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(
      `insert into clients (business_id, name, phone, referral_code) values ($1, 'Dee Nobooking', '+14155550134', 'DEE-TEXT1') returning id`,
      [a.id],
    );
    expect(await texting(id)).toEqual({ optedOut: false, unreachable: null, basis: null });
    const { batch } = (await post('/api/sms/bulk', { clientIds: [id], message: 'Hi' })).json();
    expect(batch.problems).toEqual([
      expect.objectContaining({ clientId: id, reason: 'No basis to text: no booking with you, and no opt-in on a form or the referral page.' }),
    ]);
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referee_name, referee_phone, sms_consent_at, sms_consent_text) values ($1, 'X', 'Dee', '+14155550134', now(), 'ok')`,
      [a.id],
    );
    expect((await texting(id)).basis).toBe('claim');
    const [{ lead }] = await t.database.query<{ lead: number }>(`insert into leads (business_id, name, phone, source) values ($1, 'Eve', '+14155550135', 'form') returning id as lead`, [a.id]);
    await t.database.query(`insert into lead_consents (business_id, lead_id, phone, consent_text) values ($1, $2, '+14155550135', 'ok')`, [a.id, lead]);
    const [{ id: eve }] = await t.database.query<{ id: number }>(
      `insert into clients (business_id, name, phone, referral_code) values ($1, 'Eve Form', '+14155550135', 'EVE-TEXT1') returning id`,
      [a.id],
    );
    expect((await texting(eve)).basis).toBe('form');
  });
});

describe('claim page text consent', () => {
  let referrer: { referralCode: string };
  beforeAll(async () => {
    const res = await post('/api/clients', { name: 'Rita Referrer', email: 'rita@example.com', phone: '+14155550140', serviceDate: '2025-03-01', amount: 90 });
    referrer = res.json().client;
  });
  const claim = (n: string, extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      remoteAddress: `10.9.0.${n}`,
      payload: { referralCode: referrer.referralCode, name: `Friend ${n}`, email: `f${n}@example.com`, phone: `(415) 555-02${n.padStart(2, '0')}`, businessId: a.id, ...extra },
    });
  const consentOf = async (phone: string) =>
    (await t.database.query<{ at: Date | null; text: string | null; ip: string | null }>(
      'select sms_consent_at as at, sms_consent_text as text, sms_consent_ip as ip from referrals where business_id = $1 and referee_phone = $2',
      [a.id, phone],
    ))[0];

  it('a ticked box keeps a consent record (when, the words shown, the address); unticked or left out keeps none', async () => {
    expect((await claim('1', { smsConsent: true })).statusCode).toBe(200);
    const yes = await consentOf('+14155550201');
    expect(yes.at).not.toBeNull();
    expect(yes.text).toBe(`${texts.claimConsentText('Sparkle Cleaning')} ${SMS_COMPLIANCE_TEXT}`);
    expect(yes.ip).toBe('10.9.0.1');
    expect(texts.SMS_COMPLIANCE).toBe(SMS_COMPLIANCE_TEXT);
    expect((await claim('2', { smsConsent: false })).statusCode).toBe(200);
    expect(await consentOf('+14155550202')).toEqual({ at: null, text: null, ip: null });
    expect((await claim('3', {})).statusCode).toBe(200);
    expect((await consentOf('+14155550203')).at).toBeNull();
  });

  it('a consent that is not true or false is refused with a message and writes nothing', async () => {
    for (const [i, value] of (['yes', 1, 'true', null, { a: 1 }, ['x']] as unknown[]).entries()) {
      const res = await claim(String(10 + i), { smsConsent: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().message).toBe(texts.INVALID_SMS_CONSENT);
      expect(await consentOf(`+141555502${10 + i}`)).toBeUndefined();
    }
  });

  it('the follow-up text goes only to a friend who consented, the other gets an e-mail; Follow Up is refused without consent', async () => {
    await t.database.query(`update referrals set created_at = now() - interval '4 days' where business_id = $1 and referee_phone in ('+14155550201', '+14155550202')`, [a.id]);
    await queueDueFollowUps({ database: t.database, jobs: t.jobs, origin: 'http://localhost' });
    const keys = await t.database.query<{ to_number: string }>(`select to_number from sms_outbox where business_id = $1 and kind = 'followUp'`, [a.id]);
    expect(keys.map((k) => k.to_number)).toEqual(['+14155550201']);
    // The one who did not consent gets it by e-mail instead (docs/sms-automations.md), to the claim's e-mail.
    const queued = (t.jobs as ReturnType<typeof memoryQueue>).sent.filter((j) => j.name === emailFollowUpJob.name);
    expect(queued).toHaveLength(1);
    await emailFollowUpJob.handler(queued[0].data as { businessId: number; referralId: number }, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs, origin: 'http://localhost' });
    expect(t.email.sent.filter((m) => m.to === 'f2@example.com')).toEqual([expect.objectContaining({ text: expect.stringContaining('Hi Friend,') })]);
    const [{ id }] = await t.database.query<{ id: number }>(`select id from referrals where business_id = $1 and referee_phone = '+14155550202'`, [a.id]);
    const res = await post(`/api/referrals/send-reminder/${id}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REMINDER_NO_CONSENT);
  });
});
