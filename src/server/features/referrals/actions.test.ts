import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, outreachSettings } from '../../db/schema';
import { SmsProviderError } from '../../providers/sms/types';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tenantSnapshot } from '../../testing/tenant-data';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../shared/schemas/sms';
import { NO_NUMBER_MESSAGE } from '../sms/service';
import { addClient, addReferral, count } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// The owner's actions: Follow Up (a reminder text to the referred friend) and Reward Given.

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let noNumber: TestBusiness;
let referrer: { id: number; referralCode: string };
const NUMBER = '+15125550160';

const post = (biz: TestBusiness, url: string) => signedIn(t.app, biz.cookie).post(url);
const put = (biz: TestBusiness, url: string, payload: unknown) => signedIn(t.app, biz.cookie).put(url, payload as object);
const remind = (biz: TestBusiness, id: number | string) => post(biz, `/api/referrals/send-reminder/${id}`);
const lastReminderAt = async (id: number) => (await t.database.query<{ at: Date | string | null }>('select last_reminder_at as at from referrals where id = $1', [id]))[0].at;

/** Refused: the answer, and not a row of the business changed, nor a text sent. */
async function refused(biz: TestBusiness, call: () => Promise<{ statusCode: number; json(): any }>, status: number, message: string) {
  const before = await tenantSnapshot(t.database, biz.id);
  const sent = t.sms.sent.length;
  const res = await call();
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await tenantSnapshot(t.database, biz.id)).toEqual(before);
  expect(t.sms.sent.length).toBe(sent);
}

beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://app.example.com' });
  a = await createBusiness(t.database, { name: 'Sparkle Homes', selectedPhoneNumber: NUMBER, twilioNumbers: [NUMBER] });
  await t.database.db.update(businesses).set({ selectedPhoneNumber: NUMBER }).where(eq(businesses.id, a.id));
  b = await createBusiness(t.database, { selectedPhoneNumber: '+15125550161', twilioNumbers: ['+15125550161'] });
  noNumber = await createBusiness(t.database);
  referrer = await addClient(t.app, a, 'Alice Stone');
});
afterAll(() => t.close());

describe('POST /api/referrals/send-reminder/:id', () => {
  it("texts the friend the business's follow-up template with the referrer's link, and stamps lastReminderAt", async () => {
    const id = await addReferral(t.database, a.id, { referrer, refereeName: 'Pia Friend', refereePhone: '(415) 555-0177', daysAgo: 4 });
    const res = await remind(a, id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Reminder sent successfully', sms: { to: '+14155550177', status: 'sent' } });
    const expected = DEFAULT_CUSTOM_MESSAGES.followUp.replace('{clientName}', 'Pia')
      .replace('{referralDiscount}', '$25 off')
      .replace('{referralLink}', `https://app.example.com/refer?code=${referrer.referralCode}`);
    expect(body.sms.body).toBe(expected);
    expect(t.sms.last('+14155550177')).toMatchObject({ from: NUMBER, body: expected });
    expect(new Date((await lastReminderAt(id)) as string).toISOString()).toBe(body.lastReminderAt);
    expect(Date.now() - Date.parse(body.lastReminderAt)).toBeLessThan(60_000);
    expect(await count(t.database, 'sms_messages', "business_id = $1 and to_number = '+14155550177' and message_type = 'followUp'", [a.id])).toBe(1);
    expect(await count(t.database, 'activity_logs', "business_id = $1 and type = 'referral_reminder' and description = 'Reminder texted to Pia Friend'", [a.id])).toBe(1);
    // The Pending Referrals list shows when the friend was reminded.
    const pending = (await signedIn(t.app, a.cookie).get('/api/activities/pending-referrals')).json();
    expect(pending.referrals.find((r: any) => r.id === id).lastReminderAt).toBe(body.lastReminderAt);
  });

  it("uses the business's own follow-up template", async () => {
    await t.database.db
      .update(outreachSettings)
      .set({ customMessages: { ...DEFAULT_CUSTOM_MESSAGES, followUp: 'Hey {clientName}, {businessName} is holding your {referralDiscount} off!' } })
      .where(eq(outreachSettings.businessId, a.id));
    const id = await addReferral(t.database, a.id, { referrer, refereeName: 'Quinn Custom', refereePhone: '4155550178' });
    const res = await remind(a, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().sms.body).toBe('Hey Quinn, Sparkle Homes is holding your $25 off!');
    await t.database.db.update(outreachSettings).set({ customMessages: null }).where(eq(outreachSettings.businessId, a.id));
  });

  it('refuses a friend without a phone, one who already booked, an unknown or foreign referral, writing nothing', async () => {
    const noPhone = await addReferral(t.database, a.id, { referrer, refereeName: 'No Phone' });
    await refused(a, () => remind(a, noPhone), 400, 'This friend has no phone number, so no reminder can be texted');
    const badPhone = await addReferral(t.database, a.id, { referrer, refereeName: 'Bad Phone', refereePhone: '12' });
    await refused(a, () => remind(a, badPhone), 400, "Bad Phone's phone number (12) is not a valid mobile number, so no reminder can be texted");
    const booked = await addReferral(t.database, a.id, { referrer, refereeName: 'Booked', refereePhone: '+14155550179', convertedDaysAgo: 0 });
    await refused(a, () => remind(a, booked), 409, 'This friend has already booked, so no reminder is needed');
    const foreign = await addReferral(t.database, b.id, { referrer: null, refereeName: 'Foreign', refereePhone: '+14155550180' });
    await refused(a, () => remind(a, foreign), 404, 'Referral not found');
    await refused(b, () => remind(b, booked), 404, 'Referral not found');
    for (const bad of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) await refused(a, () => remind(a, bad), 404, 'Referral not found');
  });

  it('one reminder a day per friend, the automatic follow-up included; two clicks at once send one text and answer it twice', async () => {
    const recent = await addReferral(t.database, a.id, { referrer, refereeName: 'Rae Recent', refereePhone: '+14155550181', lastReminderHoursAgo: 5 });
    await refused(a, () => remind(a, recent), 409, 'Rae Recent was already reminded in the last 24 hours, so no text was sent. Try again tomorrow.');
    const old = await addReferral(t.database, a.id, { referrer, refereeName: 'Olga Old', refereePhone: '+14155550182', lastReminderHoursAgo: 25 });
    expect((await remind(a, old)).statusCode).toBe(200);

    const twice = await addReferral(t.database, a.id, { referrer, refereeName: 'Tia Twice', refereePhone: '+14155550183' });
    const answers = await Promise.all([remind(a, twice), remind(a, twice)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[1].json().sms.id).toBe(answers[0].json().sms.id);
    expect(t.sms.sent.filter((m) => m.to === '+14155550183')).toHaveLength(1);
  });

  it('a text that does not go leaves lastReminderAt as it was: no number, opted out, provider failure', async () => {
    const id = await addReferral(t.database, noNumber.id, { referrer: null, refereeName: 'Nia Nonumber', refereePhone: '+14155550184' });
    await refused(noNumber, () => remind(noNumber, id), 409, NO_NUMBER_MESSAGE);

    const optedOut = await addReferral(t.database, a.id, { referrer, refereeName: 'Stop Sender', refereePhone: '+14155550185', lastReminderHoursAgo: 48 });
    await t.database.query("insert into sms_opt_outs (business_id, phone, opted_out, source) values ($1, '+14155550185', true, 'keyword')", [a.id]);
    const before = await lastReminderAt(optedOut);
    const res = await remind(a, optedOut);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('has opted out of texts');
    expect(await lastReminderAt(optedOut)).toEqual(before);

    const failing = await addReferral(t.database, a.id, { referrer, refereeName: 'Fay Failing', refereePhone: '+14155550186' });
    t.sms.failNextSend(new SmsProviderError('The SMS provider could not be reached', null, 0));
    const failed = await remind(a, failing);
    expect(failed.statusCode).toBe(502);
    expect(await lastReminderAt(failing)).toBeNull();
    // Once the provider is back, the owner can try again at once.
    expect((await remind(a, failing)).statusCode).toBe(200);
  });
});

describe('PUT /api/referrals/:id/reward', () => {
  const rewardOf = async (biz: TestBusiness, id: number) =>
    (await signedIn(t.app, biz.cookie).get('/api/activities/conversions')).json().find((c: any) => c.id === id)?.referralReward;

  it('ticks and unticks Reward Given: markedAt set when given (kept when ticked again), cleared when unticked', async () => {
    const id = await addReferral(t.database, a.id, { referrer, refereeName: 'Gina Reward', convertedDaysAgo: 1, reward: { amount: '$40' } });
    const given = await put(a, `/api/referrals/${id}/reward`, { rewardGiven: true });
    expect(given.statusCode).toBe(200);
    const reward = given.json().referralReward;
    expect(given.json()).toEqual({ referralId: id, referralReward: { rewardAmount: '$40', rewardGiven: true, markedAt: expect.stringMatching(/^\d{4}-/) } });
    expect(Date.now() - Date.parse(reward.markedAt)).toBeLessThan(60_000);
    expect(await rewardOf(a, id)).toEqual(reward);

    expect((await put(a, `/api/referrals/${id}/reward`, { rewardGiven: true })).json().referralReward).toEqual(reward);
    const unticked = await put(a, `/api/referrals/${id}/reward`, { rewardGiven: false });
    expect(unticked.json().referralReward).toEqual({ rewardAmount: '$40', rewardGiven: false, markedAt: null });
    expect(await rewardOf(a, id)).toEqual({ rewardAmount: '$40', rewardGiven: false, markedAt: null });
    expect(await count(t.database, 'referral_rewards', 'referral_id = $1', [id])).toBe(1);
  });

  it("a converted referral without a reward row gets one with the business's referral discount", async () => {
    await t.database.db.update(outreachSettings).set({ referralDiscount: '$35' }).where(eq(outreachSettings.businessId, a.id));
    const id = await addReferral(t.database, a.id, { referrer, refereeName: 'Norah Norow', convertedDaysAgo: 0 });
    const res = await put(a, `/api/referrals/${id}/reward`, { rewardGiven: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().referralReward).toMatchObject({ rewardAmount: '$35', rewardGiven: true });
    await t.database.db.update(outreachSettings).set({ referralDiscount: '$25' }).where(eq(outreachSettings.businessId, a.id));
  });

  it('refuses a pending referral, a bad body, an unknown or foreign referral, writing nothing', async () => {
    const pending = await addReferral(t.database, a.id, { referrer, refereeName: 'Still Pending' });
    await refused(a, () => put(a, `/api/referrals/${pending}/reward`, { rewardGiven: true }), 409, 'The reward is earned once the friend books: this referral is still pending');
    const converted = await addReferral(t.database, a.id, { referrer, refereeName: 'Bad Body', convertedDaysAgo: 0, reward: { amount: '$25' } });
    for (const body of [{}, { rewardGiven: 'yes' }, { rewardGiven: 1 }, { rewardGiven: null }, { rewardGiven: 'true' }]) {
      await refused(a, () => put(a, `/api/referrals/${converted}/reward`, body), 400, 'rewardGiven must be true or false');
    }
    await refused(b, () => put(b, `/api/referrals/${converted}/reward`, { rewardGiven: true }), 404, 'Referral not found');
    await refused(a, () => put(a, '/api/referrals/abc/reward', { rewardGiven: true }), 404, 'Referral not found');
    await refused(a, () => put(a, '/api/referrals/999999/reward', { rewardGiven: true }), 404, 'Referral not found');
    expect((await t.app.inject({ method: 'PUT', url: `/api/referrals/${converted}/reward`, payload: { rewardGiven: true } })).statusCode).toBe(401);
  });
});
