import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import { CLIENT_ALREADY_LINKED, CLIENT_NOT_FOUND, CONVERTED_WITH_ANOTHER_CLIENT, CONVERTED_WITHOUT_CLIENT, SELF_REFERRAL, convertReferralReplySchema } from '../../../shared/schemas/referral-conversion';
import { conversionHelpers } from './test-helpers.test-util';

// POST /api/referrals/:id/convert (docs/referrals.md, "By hand").

let t: TestApp;
let h: ReturnType<typeof conversionHelpers>;
let biz: TestBusiness;
let ref: { id: number; referral_code: string };
beforeAll(async () => {
  t = await createTestApp();
  h = conversionHelpers(t);
  biz = await createBusiness(t.database);
  ref = await h.referrer(biz, 'Rex Ref', 'rex@example.com');
});
afterAll(() => t.close());

/** Every row a conversion may write, to check a refused request wrote nothing. */
const snapshot = (businessId: number) =>
  h.query(
    `select (select json_agg(r order by r.id) from referrals r where r.business_id = $1) as referrals,
       (select json_agg(w order by w.id) from referral_rewards w where w.business_id = $1) as rewards,
       (select json_agg(json_build_object('id', c.id, 'ref', c.referral_id, 'by', c.referred_by, 'is', c.is_referred_client, 'score', c.loyalty_score) order by c.id)
          from clients c where c.business_id = $1) as clients,
       (select json_agg(l.status order by l.id) from leads l where l.business_id = $1) as leads,
       (select row_to_json(f) from business_figures f where f.business_id = $1) as figures`,
    [businessId],
  );

describe('POST /api/referrals/:id/convert', () => {
  it('converts a pending referral with the matching client, once', async () => {
    const day = await h.today(biz);
    // the friend is a client already (booked before claiming): no booking arrives to convert it
    expect((await h.upload(biz, [`Mo Match,mo@example.com,,${day},70`])).statusCode).toBe(200);
    const claim = await h.pendingReferral(biz, ref, { name: 'Mo Match', email: 'MO@example.com' });
    const res = await h.convert(biz, claim.id);
    expect(res.statusCode).toBe(200);
    const body = convertReferralReplySchema.parse(res.json());
    const [mo] = await h.query<{ id: number }>(`select id from clients where business_id = $1 and email = 'mo@example.com'`, [biz.id]);
    expect(body.referral).toMatchObject({ id: claim.id, converted: true, convertedClientId: mo.id, referralReward: { rewardAmount: '$25', rewardGiven: false, markedAt: null } });
    expect(await h.client(mo.id)).toMatchObject({ is_referred_client: true, referred_by: ref.referral_code, referral_id: claim.id });
    expect(await h.leadStatus(claim.leadId)).toBe('converted');
    expect((await h.client(ref.id)).score).toBe(9);
    expect(await h.stats(biz)).toMatchObject({ activeReferrals: 0, referralRevenue: 70, totalConvertedBookings: 1 });

    const again = await h.convert(biz, claim.id, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await h.referral(claim.id)).toMatchObject({ rewards: 1 });
    const same = await h.convert(biz, claim.id, { clientId: mo.id });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(res.json());
  });

  it('converts without a client when none matches, and links the client the owner names', async () => {
    const lone = await h.pendingReferral(biz, ref, { name: 'Lou Lone', email: 'lou@example.com' });
    const res = await h.convert(biz, lone.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().referral).toMatchObject({ converted: true, convertedClientId: null, referralReward: { rewardAmount: '$25' } });

    const day = await h.today(biz);
    expect((await h.upload(biz, [`Kim Named,kim.other@example.com,,${day},40`])).statusCode).toBe(200);
    const [kim] = await h.query<{ id: number }>(`select id from clients where business_id = $1 and email = 'kim.other@example.com'`, [biz.id]);
    const named = await h.pendingReferral(biz, ref, { name: 'Kim', email: 'kim@example.com' });
    const linked = await h.convert(biz, named.id, { clientId: kim.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().referral).toMatchObject({ converted: true, convertedClientId: kim.id });
    expect(await h.client(kim.id)).toMatchObject({ is_referred_client: true, referral_id: named.id });
  });

  it('refuses what it cannot do, with a message, writing nothing', async () => {
    const other = await createBusiness(t.database);
    const otherRef = await h.referrer(other, 'Oz Ref', 'oz@example.com');
    const otherClaim = await h.pendingReferral(other, otherRef, { name: 'Ola', email: 'ola@example.com' });
    const claim = await h.pendingReferral(biz, ref, { name: 'Val Pending', email: 'val@example.com' });
    const [taken] = await h.query<{ id: number }>('select id from clients where business_id = $1 and is_referred_client limit 1', [biz.id]);
    expect((await h.upload(biz, [`Fay Fresh,fay@example.com,,${await h.today(biz)},30`])).statusCode).toBe(200);
    const [fresh] = await h.query<{ id: number }>(`select id from clients where business_id = $1 and email = 'fay@example.com'`, [biz.id]);
    const converted = (await h.query<{ id: number }>('select id from referrals where business_id = $1 and converted_client_id is not null limit 1', [biz.id]))[0];
    const noClient = (await h.query<{ id: number }>('select id from referrals where business_id = $1 and converted and converted_client_id is null limit 1', [biz.id]))[0];

    const cases: [string, number | string, unknown, number, string][] = [
      ["another business's referral", otherClaim.id, {}, 404, REFERRAL_NOT_FOUND],
      ['an unknown referral', 999999, {}, 404, REFERRAL_NOT_FOUND],
      ['a referral id that is not a number', 'abc', {}, 404, REFERRAL_NOT_FOUND],
      ["another business's client", claim.id, { clientId: otherRef.id }, 404, CLIENT_NOT_FOUND],
      ['the referrer as the friend', claim.id, { clientId: ref.id }, 400, SELF_REFERRAL],
      ['a client linked to another referral', claim.id, { clientId: taken.id }, 409, CLIENT_ALREADY_LINKED],
      ['another client for a converted referral', converted.id, { clientId: fresh.id }, 409, CONVERTED_WITH_ANOTHER_CLIENT],
      ['a client for a referral converted without one', noClient.id, { clientId: fresh.id }, 409, CONVERTED_WITHOUT_CLIENT],
      ['a client id that is text', claim.id, { clientId: 'seven' }, 400, 'clientId must be a number'],
      ['a client id below 1', claim.id, { clientId: 0 }, 400, 'clientId must be a positive number'],
    ];
    const before = [await snapshot(biz.id), await snapshot(other.id)];
    for (const [label, id, body, status, message] of cases) {
      const res = await h.convert(biz, id, body);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toEqual({ message });
    }
    expect([await snapshot(biz.id), await snapshot(other.id)]).toEqual(before);
    expect(await h.referral(otherClaim.id)).toMatchObject({ converted: false, rewards: 0 });
  });
});
