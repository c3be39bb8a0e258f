import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsProviderError } from '../../../providers/sms/types';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { ownServiceSid } from '../../../testing/registration-details';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { signedIn } from '../../../testing/requests';
import { addClient as addClientThroughApi } from '../../../testing/clients';

// Thanks and Gift (client dashboard) go through the send service: recorded only when the text went.

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Sparkle Clean' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = biz.cookie) => signedIn(t.app, cookie).post(url, payload as object);
const clientRow = async (id: number) =>
  (await t.database.query<{ has_reward: boolean; reward_earned: string | null; thank_you_sent: boolean }>(
    'select has_reward, reward_earned, thank_you_sent from clients where id = $1',
    [id],
  ))[0];
const addClient = async (name: string, phone: string | null) => (await addClientThroughApi(t.app, biz, name, phone, { serviceDate: '2025-01-05', amount: 80 })).id;

describe('without a business number', () => {
  it('thanks and gift answer 409 saying nothing was sent (and the gift not recorded), and record nothing', async () => {
    const id = await addClient('Ann Early', '5125550101');
    const thanks = await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks Ann!' });
    expect(thanks.statusCode).toBe(409);
    expect(thanks.json()).toEqual({ message: 'Your business has no SMS number yet, so no text was sent. Choose one under SMS Management (Setup) first.' });
    const gift = await post('/api/admin/send-gift', { clientId: id, giftType: 'discount', amount: 25 });
    expect(gift.statusCode).toBe(409);
    expect(gift.json().message).toBe('Your business has no SMS number yet, so no text was sent. Choose one under SMS Management (Setup) first. The gift was not recorded.');
    expect(await clientRow(id)).toEqual({ has_reward: false, reward_earned: null, thank_you_sent: false });
    expect(t.sms.sent).toHaveLength(0);
  });
});

describe('with a number (bought through the API)', () => {
  beforeAll(async () => {
    const numbers = (await post('/api/sms/search-numbers', { areaCode: '512' })).json().numbers;
    expect((await post('/api/sms/purchase-number', { phoneNumber: numbers[0].phoneNumber })).statusCode).toBe(200);
    // Registered for A2P with its own approved messaging service (docs/sms-registration.md).
    expect((await post('/api/sms/registration/existing', { messagingServiceSid: ownServiceSid() })).statusCode).toBe(200);
  });

  it('a thank-you is a text to the client and sets thankYouSent', async () => {
    const id = await addClient('Ann Lee', '(512) 555-0102');
    const res = await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks Ann! Share {referralLink}' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Thank you message sent!', client: { id, thankYouSent: true }, sms: { to: '+15125550102', status: 'sent' } });
    expect(body.sms.body).toMatch(/^Thanks Ann! Share http:\/\/localhost:3000\/refer\?code=/);
    expect(t.sms.last('+15125550102')).toMatchObject({ from: '+15125550110', body: body.sms.body });
    const [log] = await t.database.query<any>(`select description, metadata from activity_logs where business_id = $1 and type = 'thank_you_sent'`, [biz.id]);
    expect(log).toMatchObject({ description: 'Thank-you message sent to Ann Lee', metadata: { client_id: id, message_type: 'thankYou', twilio_sid: body.sms.sid } });
  });

  it('a gift records the reward and texts it', async () => {
    const id = await addClient('Ben Gift', '5125550103');
    const res = await post('/api/admin/send-gift', { clientId: id, giftType: 'gift_card', amount: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Gift sent successfully!', client: { hasReward: true, rewardEarned: '$50 Gift Card' } });
    expect(t.sms.last('+15125550103')?.body).toBe('Hi Ben! As a thank-you, Sparkle Clean has a $50 Gift Card for you. Just mention it when you book your next visit.');
    const [log] = await t.database.query<any>(`select description, metadata from activity_logs where business_id = $1 and type = 'gift_sent'`, [biz.id]);
    expect(log).toMatchObject({ description: '$50 Gift Card sent to Ben Gift', metadata: { client_id: id, reward: '$50 Gift Card', gift_type: 'gift_card', amount: 50 } });
  });

  it('a client without a phone, or a provider failure: not sent, not recorded, and the answer says so', async () => {
    const nophone = await addClient('Cal Nophone', null);
    const res = await post('/api/admin/send-gift', { clientId: nophone, giftType: 'discount', amount: 25 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cal Nophone has no valid mobile number, so no text was sent. Add one to the client first. The gift was not recorded.');
    const id = await addClient('Dee Down', '5125550104');
    t.sms.failNextSend(new SmsProviderError('Service unavailable', null, 503));
    const failed = await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks Dee!' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('The text to Dee Down was not sent: Service unavailable. It is kept as failed in Message History; please try again.');
    expect(await clientRow(id)).toMatchObject({ thank_you_sent: false });
    const [stored] = await t.database.query<any>('select status from sms_messages where client_id = $1', [id]);
    expect(stored.status).toBe('failed');
  });
});
