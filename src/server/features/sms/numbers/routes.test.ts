import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { ownServiceSid } from '../../../testing/registration-details';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { BLOCKED } from './registration';
import { signedIn } from '../../../testing/requests';

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Sparkle Clean' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = biz.cookie) => signedIn(t.app, cookie).post(url, payload as object);
const get = (url: string, cookie = biz.cookie) => signedIn(t.app, cookie).get(url);

describe('number set-up', () => {
  it.each([
    [{}, 'Area code or ZIP code required'],
    [{ areaCode: '', businessZipCode: '' }, 'Area code or ZIP code required'],
    [{ areaCode: '5123' }, 'Area code must be 3 digits at most'],
    [{ businessZipCode: '787011' }, 'ZIP code must be 5 digits at most'],
    [{ areaCode: '5a2' }, 'Area code must be digits only'],
  ])('search refuses %j: %s', async (body, message) => {
    const res = await post('/api/sms/search-numbers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('search answers success, numbers and message (by area code, then by ZIP)', async () => {
    const res = await post('/api/sms/search-numbers', { areaCode: '512' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Found 5 available numbers' });
    expect(body.numbers[0]).toEqual({ phoneNumber: '+15125550110', friendlyName: '(512) 555-0110', locality: null, region: null });
    const byZip = (await post('/api/sms/search-numbers', { businessZipCode: '78701' })).json();
    expect(byZip.numbers[0]).toMatchObject({ locality: 'Austin', region: 'TX' });
  });

  it('search without numbers answers the spec message', async () => {
    const res = await post('/api/sms/search-numbers', { areaCode: '111' });
    expect(res.json()).toEqual({ success: false, numbers: [], message: 'No available numbers in this area code. Please try a nearby one.' });
  });

  it('the business has no number before; purchase answers friendlyNumber and the profile then shows the number', async () => {
    expect((await get('/api/business/profile')).json()).toMatchObject({ twilioPhoneNumber: null });
    expect((await get('/api/sms/usage')).json()).toEqual({ used: 0, free: 100, freeRemaining: 100, phoneNumber: null, simulator: true });
    const res = await post('/api/sms/purchase-number', { phoneNumber: '+15125550127', areaCode: '512' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, friendlyNumber: '(512) 555-0127', phoneNumber: '+15125550127', message: 'SMS number ready!' });
    expect((await get('/api/business/profile')).json()).toMatchObject({ twilioPhoneNumber: '+15125550127', selectedPhoneNumber: '+15125550127' });
    expect((await get('/api/outreach/settings')).json()).toMatchObject({ twilioPhone: '+15125550127' });
    const [row] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select twilio_numbers, twilio_sid, preferred_area_code from businesses where id = ${biz.id}`),
    );
    expect(row).toMatchObject({ twilio_numbers: ['+15125550127'], preferred_area_code: '512', twilio_sid: expect.stringMatching(/^PN/) });
  });

  it('a second purchase is refused and buys nothing', async () => {
    const res = await post('/api/sms/purchase-number', { phoneNumber: '+15125550144' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Your business already has the SMS number (512) 555-0127.' });
  });

  it('two purchases at once buy one number', async () => {
    const other = await createBusiness(t.database);
    const [a, b] = await Promise.all([
      post('/api/sms/purchase-number', { phoneNumber: '+13035550110' }, other.cookie),
      post('/api/sms/purchase-number', { phoneNumber: '+13035550127' }, other.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it("another business's number is not offered and cannot be bought", async () => {
    const [first, second] = [await createBusiness(t.database), await createBusiness(t.database)];
    const search = async (b: TestBusiness) =>
      (await post('/api/sms/search-numbers', { areaCode: '617' }, b.cookie)).json().numbers.map((n: { phoneNumber: string }) => n.phoneNumber) as string[];
    const before = await search(second);
    expect(before).toHaveLength(5);
    expect((await post('/api/sms/purchase-number', { phoneNumber: before[0] }, first.cookie)).statusCode).toBe(200);
    const after = await search(second);
    expect(after).toHaveLength(5);
    expect(after).not.toContain(before[0]);
    const res = await post('/api/sms/purchase-number', { phoneNumber: before[0] }, second.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This number is no longer available. Please search again and choose another.' });
  });

  it('two businesses buying the same number at once: one gets it', async () => {
    const [x, y] = [await createBusiness(t.database), await createBusiness(t.database)];
    const answers = await Promise.all([x, y].map((b) => post('/api/sms/purchase-number', { phoneNumber: '+12145550110' }, b.cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('a number bought but not recorded (the database refused the write) is given back to the provider', async () => {
    const owner = await createBusiness(t.database, { name: 'Unlucky Co' });
    await t.database.query(`create function refuse_number() returns trigger language plpgsql as $$
      begin if new.id = ${owner.id} and new.selected_phone_number is not null then raise exception 'disk full'; end if; return new; end $$`);
    await t.database.query('create trigger refuse_number before update on businesses for each row execute function refuse_number()');
    try {
      const released = t.sms.released.length;
      const res = await post('/api/sms/purchase-number', { phoneNumber: '+17375550111' }, owner.cookie);
      expect(res.statusCode).toBe(500);
      expect(t.sms.released.length).toBe(released + 1);
      expect((await get('/api/business/profile', owner.cookie)).json().twilioPhoneNumber ?? null).toBeNull();
    } finally {
      await t.database.query('drop trigger refuse_number on businesses');
      await t.database.query('drop function refuse_number()');
    }
  });

  it('two businesses given a local number for one area code at once: each gets one, not the same', async () => {
    const owners = [await createBusiness(t.database), await createBusiness(t.database), await createBusiness(t.database)];
    const answers = await Promise.all(owners.map((b) => post('/api/sms/assign-local-number', { preferredAreaCode: '971', enableForwarding: false }, b.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const numbers = answers.map((a) => a.json().twilioPhoneNumber);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((n) => n.startsWith('+1971555'))).toBe(true);
  });

  it('assign-local-number needs an area code or ZIP, and a forwarding number when forwarding is on', async () => {
    const other = await createBusiness(t.database);
    const refuse = async (body: unknown, message: string) => {
      const res = await post('/api/sms/assign-local-number', body, other.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    };
    await refuse({ enableForwarding: false }, 'Area code or ZIP code required');
    await refuse({ preferredAreaCode: '512', enableForwarding: true }, 'Please enter your personal phone number to forward replies to');
    await refuse({ preferredAreaCode: '512', enableForwarding: true, forwardingNumber: '12' }, 'Please enter a valid phone number to forward replies to');
    const res = await post('/api/sms/assign-local-number', { preferredAreaCode: '', businessZipCode: '78701', forwardingNumber: '(415) 555-0100', enableForwarding: true }, other.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, twilioPhoneNumber: '+15125550110', friendlyNumber: '(512) 555-0110', message: 'SMS Number Assigned!' });
    const [row] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select forwarding_number, enable_forwarding, business_zip_code, selected_phone_number from businesses where id = ${other.id}`),
    );
    expect(row).toEqual({ forwarding_number: '+14155550100', enable_forwarding: true, business_zip_code: '78701', selected_phone_number: '+15125550110' });
    // Again: keeps the number, updates forwarding.
    const again = await post('/api/sms/assign-local-number', { preferredAreaCode: '303', enableForwarding: false }, other.cookie);
    expect(again.json()).toMatchObject({ twilioPhoneNumber: '+15125550110' });
  });
});

describe('outreach settings', () => {
  const valid = {
    referralDiscount: '$30',
    googleReviewLink: 'https://g.page/r/sparkle/review',
    customMessages: { referral: 'Share {referralLink} today', thankYou: 'Thank you {clientName}!', followUp: 'Checking in {clientName}', review: 'Review us: {googleReviewLink}' },
  };

  it('starts with the defaults', async () => {
    const other = await createBusiness(t.database);
    const body = (await get('/api/outreach/settings', other.cookie)).json();
    expect(body).toMatchObject({ referralDiscount: '$25', googleReviewLink: null, autoMessageSettings: { autoSendThankYou: true, autoSendFollowUp: true }, twilioPhone: null });
    expect(body.customMessages.thankYou).toContain('{referralLink}');
  });

  it.each([
    [{ ...valid, referralDiscount: '  ' }, 'Referral discount is required'],
    [{ ...valid, customMessages: { ...valid.customMessages, referral: 'short' } }, 'Referral message must be at least 10 characters'],
    [{ ...valid, customMessages: { ...valid.customMessages, thankYou: 'Thanks!' } }, 'Thank you message must be at least 10 characters'],
    [{ ...valid, customMessages: { ...valid.customMessages, followUp: '' } }, 'Follow up message must be at least 10 characters'],
    [{ ...valid, customMessages: { ...valid.customMessages, review: 'Review' } }, 'Review request message must be at least 10 characters'],
    [{ ...valid, googleReviewLink: 'not a url' }, 'Must be a valid URL'],
  ])('refuses %j with the spec text', async (body, message) => {
    const res = await post('/api/outreach/settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('saves, answers the saved settings, and the templates follow them', async () => {
    const res = await post('/api/outreach/settings', { ...valid, googleReviewLink: '', autoMessageSettings: { autoSendFollowUp: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, referralDiscount: '$30', googleReviewLink: null, autoMessageSettings: { autoSendThankYou: true, autoSendFollowUp: false } });
    await post('/api/outreach/settings', valid);
    expect((await get('/api/outreach/settings')).json()).toMatchObject({ referralDiscount: '$30', googleReviewLink: valid.googleReviewLink, customMessages: valid.customMessages });
    const templates = (await get('/api/sms/templates')).json();
    expect(templates[0]).toEqual({ id: 'thankYou', name: 'Thank You', content: 'Thank you {clientName}!', variables: ['clientName'] });
    expect(templates.length).toBeGreaterThanOrEqual(3);
  });
});

describe('POST /api/outreach/send-sms', () => {
  it('sends the rendered follow-up and counts it in usage', async () => {
    const c = (await post('/api/clients', { name: 'Maria Lopez', email: 'maria@example.com', phone: '5125550199', serviceDate: '2025-01-05', amount: 90 })).json().client;
    // Not registered for A2P yet: nothing is sent, in plain words (docs/sms-registration.md).
    const refused = await post('/api/outreach/send-sms', { clientId: c.id, messageType: 'followUp', messageContent: 'Hi {clientName}!' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BLOCKED.none);
    expect(t.sms.last('+15125550199')).toBeUndefined();
    expect((await post('/api/sms/registration/existing', { messagingServiceSid: ownServiceSid() })).statusCode).toBe(200);
    const res = await post('/api/outreach/send-sms', { clientId: c.id, messageType: 'followUp', messageContent: 'Hi {clientName}, {referralDiscount} for friends!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Text sent to Maria Lopez', sms: { to: '+15125550199', body: 'Hi Maria, $30 off for friends!', status: 'sent', segments: 1 } });
    expect(t.sms.last('+15125550199')?.from).toBe('+15125550127');
    expect((await get('/api/sms/usage')).json()).toMatchObject({ used: 1, freeRemaining: 99, phoneNumber: '+15125550127' });
  });

  it('refuses an empty message and an unknown client', async () => {
    expect((await post('/api/outreach/send-sms', { clientId: 1, messageContent: '   ' })).json()).toEqual({ message: 'Please enter a message' });
    expect((await post('/api/outreach/send-sms', { clientId: 999999, messageContent: 'Hello there' })).statusCode).toBe(404);
  });
});
