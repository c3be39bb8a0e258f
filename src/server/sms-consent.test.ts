import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from './db/schema';
import { createBusiness, type TestBusiness } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { signedIn } from './testing/requests';
import { APP_URL, postSigned, textFrom } from './features/sms/inbox/test-helpers.test-util';
import { addLeadRow } from './features/leads/test-helpers.test-util';
import { addClient, addReferral } from './features/referrals/test-helpers.test-util';
import { noConsentMessage, NO_CONSENT_LABEL } from '../shared/schemas/texting';
import { REMINDER_NO_CONSENT } from '../shared/schemas/referrals';

// Every path that texts a person asks the send service, which refuses a number without a consent basis
// (docs/sms.md, "Consent to text"): no booking, no opt-in on a form or the referral page, no text from them.

let t: TestApp;
let biz: TestBusiness;
const NUMBER = '+15125550150';
const FRIEND = '+14155550161';
const NEWCOMER = '+14155550162';

const post = (url: string, payload: unknown = {}) => signedIn(t.app, biz.cookie).post(url, payload as object);
const outbound = async () => (await t.database.query<{ n: number }>(`select count(*)::int as n from sms_messages where business_id = $1 and direction = 'outbound'`, [biz.id]))[0].n;

let friendLead: number;
let friendReferral: number;
let newcomer: number;

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  biz = await createBusiness(t.database, { name: 'Sparkle Homes', selectedPhoneNumber: NUMBER, twilioNumbers: [NUMBER] });
  const referrer = await addClient(t.app, biz, 'Rita Referrer', '+14155550160');
  // A friend who claimed without ticking "Text me about my reward…": her referral and the lead it made.
  friendReferral = await addReferral(t.database, biz.id, { referrer, refereeName: 'Fern Friend', refereePhone: FRIEND, smsConsent: false });
  friendLead = await addLeadRow(t.database, biz.id, { name: 'Fern Friend', phone: FRIEND, source: 'referral' });
  // A client the owner added by hand, with no booking yet.
  const [row] = await t.database.db.insert(clients).values({ businessId: biz.id, name: 'Nina Newcomer', phone: NEWCOMER, referralCode: 'NINA-0001' }).returning({ id: clients.id });
  newcomer = row.id;
});
afterAll(() => t.close());

describe('a number without a consent basis', () => {
  it('is refused by every route that texts it, and nothing reaches the provider', async () => {
    const calls: [string, unknown, string][] = [
      [`/api/leads/${friendLead}/sms`, { message: 'Hi Fern, want to book?' }, noConsentMessage('Fern Friend')],
      [`/api/referrals/send-reminder/${friendReferral}`, {}, REMINDER_NO_CONSENT],
      ['/api/admin/send-thanks', { clientId: newcomer, message: 'Thanks Nina!' }, noConsentMessage('Nina Newcomer')],
      ['/api/admin/send-gift', { clientId: newcomer, giftType: 'discount', amount: 25 }, `${noConsentMessage('Nina Newcomer')} The gift was not recorded.`],
      ['/api/outreach/send-sms', { clientId: newcomer, messageContent: 'Know anyone who needs a clean?', messageType: 'referral' }, noConsentMessage('Nina Newcomer')],
      ['/api/sms/reply', { clientId: newcomer, message: 'Hello Nina' }, noConsentMessage('Nina Newcomer')],
    ];
    for (const [url, payload, message] of calls) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(409);
      expect(res.json(), url).toEqual({ message });
    }
    // Bulk: the batch leaves her out with the reason, and sends nothing.
    const bulk = await post('/api/sms/bulk', { clientIds: [newcomer], message: 'Spring special!' });
    expect(bulk.statusCode, bulk.body).toBeLessThan(300);
    expect(JSON.stringify(bulk.json())).toContain('No basis to text');
    expect(t.sms.sent).toHaveLength(0);
    expect(await outbound()).toBe(0);
  });

  it('is shown on the lead and the referral as "Did not agree to texts" (agreedToTexts false)', async () => {
    const leads = (await signedIn(t.app, biz.cookie).get('/api/leads')).json().leads;
    expect(leads.find((l: { id: number }) => l.id === friendLead)).toMatchObject({ agreedToTexts: false });
    const referrals = (await signedIn(t.app, biz.cookie).get('/api/referrals?page=1')).json().referrals;
    expect(referrals.find((r: { id: number }) => r.id === friendReferral)).toMatchObject({ agreedToTexts: false });
    expect(NO_CONSENT_LABEL).toBe('Did not agree to texts');
  });

  it('may be answered once the person texts the business first', async () => {
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom(NEWCOMER, NUMBER, 'Hi, is Tuesday free?'))).statusCode).toBe(200);
    const res = await post('/api/sms/reply', { clientId: newcomer, message: 'Yes, Tuesday at 10?' });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.sms.last(NEWCOMER)).toMatchObject({ body: 'Yes, Tuesday at 10?' });
  });
});
