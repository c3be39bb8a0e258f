import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { conversionHelpers } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// Conversion when a booking arrives (docs/referrals.md, "When a booking arrives"): import, webhook,
// Add Client; the effects, the revenue, one reward, the matching rule, tenancy.

let t: TestApp;
let h: ReturnType<typeof conversionHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = conversionHelpers(t);
});
afterAll(() => t.close());

const hook = (biz: TestBusiness, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/webhook/${biz.webhookToken}`, payload: { status: 'Completed', ...payload } });

describe('a booking for the friend of a pending referral', () => {
  it('converts the referral, links the client, converts the lead, creates one reward and counts the revenue', async () => {
    const biz = await createBusiness(t.database);
    await h.query(`update outreach_settings set referral_discount = '$40 off' where business_id = $1`, [biz.id]);
    const ref = await h.referrer(biz, 'Rita Ref', 'rita@example.com');
    const claim = await h.pendingReferral(biz, ref, { name: 'Fran Friend', email: 'Fran.Friend@Example.com', phone: '+14155550111' });
    // eight bookings every 14 days up to today: 8.0 (the claim, written directly, was not recomputed)
    expect((await h.client(ref.id)).score).toBe(8);
    const before = await h.stats(biz);
    expect(before).toMatchObject({ totalReferrals: 1, activeReferrals: 1, referralRevenue: 0, totalConvertedBookings: 0 });

    const day = await h.today(biz);
    const lines = [`Fran Friend,FRAN.FRIEND@example.COM,,${day},150`];
    expect((await h.upload(biz, lines)).statusCode).toBe(200);

    const r = await h.referral(claim.id);
    expect(r).toMatchObject({ converted: true, rewards: 1, reward_amount: '$40 off', reward_given: false });
    expect(r.converted_at).not.toBeNull();
    const friend = await h.client(r.converted_client_id);
    expect(friend).toMatchObject({ email: 'fran.friend@example.com', referred_by: ref.referral_code, is_referred_client: true, referral_id: claim.id });
    expect(await h.leadStatus(claim.leadId)).toBe('converted');
    // plus 1 for the converted referral
    expect((await h.client(ref.id)).score).toBe(9);
    expect(await h.stats(biz)).toMatchObject({
      totalReferrals: 1,
      activeReferrals: 0,
      referralRevenue: 150,
      monthlyReferralRevenue: 150,
      monthlyConvertedBookings: 1,
      totalConvertedBookings: 1,
    });

    // the same file again: nothing moves
    expect((await h.upload(biz, lines)).statusCode).toBe(200);
    expect(await h.referral(claim.id)).toEqual(r);
    expect(await h.stats(biz)).toMatchObject({ referralRevenue: 150, totalConvertedBookings: 1 });

    // a second booking of the friend: revenue, not a second reward
    const res = await hook(biz, { client_name: 'Fran Friend', client_email: 'fran.friend@example.com', appointment_date: day, amount_charged: '60', service_type: 'Windows' });
    expect(res.statusCode).toBe(200);
    expect(await h.referral(claim.id)).toEqual(r);
    expect(await h.query('select count(*)::int as n from referral_rewards where business_id = $1', [biz.id])).toEqual([{ n: 1 }]);
    expect(await h.stats(biz)).toMatchObject({ referralRevenue: 210, monthlyReferralRevenue: 210, monthlyConvertedBookings: 2, totalConvertedBookings: 2 });
  });

  it('matches by phone (E.164) through the webhook, unless both e-mails are known and differ', async () => {
    const biz = await createBusiness(t.database);
    const ref = await h.referrer(biz, 'Pat Ref', 'pat@example.com');
    const byPhone = await h.pendingReferral(biz, ref, { name: 'Phil Phone', phone: '+14155550122' });
    const otherPerson = await h.pendingReferral(biz, ref, { name: 'Olga Other', email: 'olga@example.com', phone: '+14155550133' });
    const day = await h.today(biz);
    expect((await hook(biz, { client_name: 'Phil P', client_email: 'phil@example.com', phone: '(415) 555-0122', appointment_date: day, amount_charged: '80' })).statusCode).toBe(200);
    expect((await hook(biz, { client_name: 'Someone Else', client_email: 'else@example.com', phone: '415.555.0133', appointment_date: day, amount_charged: '90' })).statusCode).toBe(200);

    const phil = await h.referral(byPhone.id);
    expect(phil).toMatchObject({ converted: true, rewards: 1 });
    expect(await h.client(phil.converted_client_id)).toMatchObject({ phone: '+14155550122', is_referred_client: true, referral_id: byPhone.id });
    expect(await h.leadStatus(byPhone.leadId)).toBe('converted');
    expect(await h.referral(otherPerson.id)).toMatchObject({ converted: false, rewards: 0 });
    expect(await h.leadStatus(otherPerson.leadId)).toBe('new');
    expect(await h.stats(biz)).toMatchObject({ activeReferrals: 1, referralRevenue: 80, totalConvertedBookings: 1 });
  });

  it('converts through Add Client', async () => {
    const biz = await createBusiness(t.database);
    const ref = await h.referrer(biz, 'Ada Ref', 'ada@example.com');
    const claim = await h.pendingReferral(biz, ref, { name: 'Nia New', email: 'nia@example.com' });
    const res = await signedIn(t.app, biz.cookie).post('/api/clients', { name: 'Nia New', email: 'Nia@Example.com', serviceDate: await h.today(biz), amount: 75 });
    expect(res.statusCode).toBe(201);
    expect(await h.referral(claim.id)).toMatchObject({ converted: true, converted_client_id: res.json().client.id, rewards: 1, reward_amount: '$25' });
    expect(res.json().client).toMatchObject({ isReferredClient: true, referredBy: ref.referral_code });
    expect(await h.stats(biz)).toMatchObject({ referralRevenue: 75, totalConvertedBookings: 1 });
  });

  it("leaves another business's referral with the same e-mail pending", async () => {
    const a = await createBusiness(t.database);
    const b = await createBusiness(t.database);
    const refB = await h.referrer(b, 'Bea Ref', 'bea@example.com');
    const claimB = await h.pendingReferral(b, refB, { name: 'Sam Shared', email: 'sam@example.com', phone: '+14155550144' });
    expect((await h.upload(a, [`Sam Shared,sam@example.com,4155550144,${await h.today(a)},120`])).statusCode).toBe(200);
    expect(await h.referral(claimB.id)).toMatchObject({ converted: false, rewards: 0 });
    expect(await h.leadStatus(claimB.leadId)).toBe('new');
    expect(await h.stats(b)).toMatchObject({ activeReferrals: 1, referralRevenue: 0 });
    expect(await h.stats(a)).toMatchObject({ totalReferrals: 0, referralRevenue: 0 });
  });

  it('gives a friend claimed twice to the oldest claim, and never converts the referrer themselves', async () => {
    const biz = await createBusiness(t.database);
    const first = await h.referrer(biz, 'First Ref', 'first@example.com');
    const second = await h.referrer(biz, 'Second Ref', 'second@example.com');
    const late = await h.pendingReferral(biz, second, { name: 'Dee Double', email: 'dee@example.com' }, new Date(Date.now() - 1000));
    const early = await h.pendingReferral(biz, first, { name: 'Dee Double', email: 'dee@example.com' }, new Date(Date.now() - 60_000));
    const self = await h.pendingReferral(biz, first, { name: 'First Ref', email: 'first@example.com' });
    const day = await h.today(biz);
    expect((await h.upload(biz, [`Dee Double,dee@example.com,,${day},50`, `First Ref,first@example.com,,${day},100`])).statusCode).toBe(200);
    expect(await h.referral(early.id)).toMatchObject({ converted: true, rewards: 1 });
    expect(await h.referral(late.id)).toMatchObject({ converted: false, rewards: 0 });
    expect(await h.referral(self.id)).toMatchObject({ converted: false, rewards: 0 });
    expect(await h.client(first.id)).toMatchObject({ is_referred_client: false, referral_id: null });
  });
});
