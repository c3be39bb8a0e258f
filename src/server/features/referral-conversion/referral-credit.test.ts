import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import { AMOUNT_INVALID, BOOKING_NOT_FOUND, ONE_WAY_TO_CONVERT, bookingCandidatesReplySchema, convertReferralReplySchema } from '../../../shared/schemas/referral-conversion';
import { daysBefore } from '../../testing/dates';
import { conversionHelpers } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// Referral credit (docs/referrals.md, "Referral credit"): Mark converted by booking or amount, the revenue a
// referral brought in the tracker, its CSV, Recent Conversions and Top Referrers, and the booking's date.

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

const get = (url: string, who = biz) => signedIn(t.app, who.cookie).get(url);
const bookingOf = async (email: string) =>
  (await h.query<{ id: number; client_id: number }>(
    `select b.id, b.client_id from bookings b join clients c on c.id = b.client_id where c.business_id = $1 and c.email = $2 order by b.service_date desc limit 1`,
    [biz.id, email],
  ))[0];
const snapshot = (businessId: number) =>
  h.query(
    `select (select json_agg(r order by r.id) from referrals r where r.business_id = $1) as referrals,
       (select json_agg(w order by w.id) from referral_rewards w where w.business_id = $1) as rewards,
       (select json_agg(json_build_object('id', c.id, 'ref', c.referral_id, 'is', c.is_referred_client) order by c.id) from clients c where c.business_id = $1) as clients`,
    [businessId],
  );

describe('Mark converted by booking or amount', () => {
  it('lists the friend’s bookings to pick, and converts with the picked booking’s client', async () => {
    const day = await h.today(biz);
    // Nia booked twice under another e-mail; her name is the friend's, so her bookings are suggested.
    expect((await h.upload(biz, [`Nia Pick,nia.work@example.com,,${daysBefore(day, 3)},120`, `Nia Pick,nia.work@example.com,,${daysBefore(day, 1)},80`, `Zed Other,zed@example.com,,${day},55`])).statusCode).toBe(200);
    const claim = await h.pendingReferral(biz, ref, { name: 'Nia Pick', email: 'nia@example.com' }, new Date(Date.now() - 5 * 86_400_000));

    const list = await get(`/api/referrals/${claim.id}/bookings`);
    expect(list.statusCode).toBe(200);
    const { bookings } = bookingCandidatesReplySchema.parse(list.json());
    expect(bookings.map((b) => [b.client.name, b.suggested, b.amountCharged])).toEqual([['Nia Pick', true, '80.00'], ['Nia Pick', true, '120.00']]);
    // another client's booking is not offered unless the owner searches for that client
    // the referrer is never offered as the friend
    expect(bookings.map((b) => b.client.id)).not.toContain(ref.id);
    const searched = bookingCandidatesReplySchema.parse((await get(`/api/referrals/${claim.id}/bookings?search=zed`)).json()).bookings;
    expect(searched.map((b) => b.client.name)).toEqual(['Zed Other']);

    const res = await h.convert(biz, claim.id, { bookingId: bookings[0].id });
    expect(res.statusCode).toBe(200);
    const body = convertReferralReplySchema.parse(res.json());
    expect(body.referral).toMatchObject({ converted: true, convertedClientId: bookings[0].client.id, revenue: '200.00' });

    const conversions = (await get('/api/activities/conversions')).json();
    const nia = conversions.find((c: { id: number }) => c.id === claim.id);
    // the first completed booking since the claim, not "just now"
    expect(nia).toMatchObject({ bookedOn: daysBefore(day, 3), revenue: '200.00' });
  });

  it('lists only the friend’s bookings from the claim day on (in the business’s time zone), and none plainly', async () => {
    const day = await h.today(biz);
    await h.query(`update businesses set time_zone = 'America/Los_Angeles' where id = $1`, [biz.id]);
    expect(
      (await h.upload(biz, [`Cora Claim,cora@example.com,,${daysBefore(day, 10)},70`, `Cora Claim,cora@example.com,,${daysBefore(day, 2)},90`, `Otto Else,otto@example.com,,${day},40`])).statusCode,
    ).toBe(200);
    // Claimed 4 days ago at 8 pm in Los Angeles: the next day in UTC, still that day for the business.
    const [{ at }] = await h.query<{ at: Date }>(
      `select ((current_date - 4)::timestamp + interval '20 hours') at time zone 'America/Los_Angeles' as at`,
    );
    const claim = await h.pendingReferral(biz, ref, { name: 'Cora Claim', email: 'cora@example.com' }, new Date(at));
    const reply = bookingCandidatesReplySchema.parse((await get(`/api/referrals/${claim.id}/bookings`)).json());
    expect(reply.bookings.map((b) => [b.client.name, b.serviceDate])).toEqual([['Cora Claim', daysBefore(day, 2)]]);
    const [{ claimed }] = await h.query<{ claimed: string }>(`select ((current_date - 4)::date)::text as claimed`);
    expect(reply.claimedOn).toBe(claimed);
    // a search names other clients, still only from the claim day on
    expect(bookingCandidatesReplySchema.parse((await get(`/api/referrals/${claim.id}/bookings?search=otto`)).json()).bookings.map((b) => b.client.name)).toEqual(['Otto Else']);
    expect(bookingCandidatesReplySchema.parse((await get(`/api/referrals/${claim.id}/bookings?search=cora`)).json()).bookings).toHaveLength(1);

    // A friend with no booking since the claim: an empty list, not the business's other bookings.
    const early = await h.pendingReferral(biz, ref, { name: 'Nobody Yet', email: 'nobody.yet@example.com' });
    const none = bookingCandidatesReplySchema.parse((await get(`/api/referrals/${early.id}/bookings`)).json());
    expect(none.bookings).toEqual([]);
    await h.query(`update businesses set time_zone = 'America/New_York' where id = $1`, [biz.id]);
  });

  it('converts with an amount when the booking is not in the app', async () => {
    const claim = await h.pendingReferral(biz, ref, { name: 'Ava Amount', email: 'ava@example.com' });
    const res = await h.convert(biz, claim.id, { amount: '149.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().referral).toMatchObject({ converted: true, convertedClientId: null, revenue: '149.50' });
    const page = (await get('/api/referrals?search=ava')).json();
    expect(page.referrals[0]).toMatchObject({ id: claim.id, revenue: '149.50' });
    const conversions = (await get('/api/activities/conversions')).json();
    expect(conversions.find((c: { id: number }) => c.id === claim.id)).toMatchObject({ bookedOn: null, revenue: '149.50' });
  });

  it('shows revenue per referral in the tracker and the CSV, and per referrer in Top Referrers', async () => {
    const pending = await h.pendingReferral(biz, ref, { name: 'Pia Pending', email: 'pia@example.com' });
    const page = (await get('/api/referrals?pageSize=100')).json();
    const byId = new Map(page.referrals.map((r: { id: number; revenue: string | null }) => [r.id, r.revenue]));
    expect(byId.get(pending.id)).toBeNull();
    // each path of the page reads the same revenue (the index path, ids first, through the weeks)
    const deep = (await get('/api/referrals?pageSize=1&page=2&sort=oldest')).json();
    expect(deep.referrals[0].revenue).toBe(byId.get(deep.referrals[0].id));

    const csv = (await get('/api/referrals/export')).body;
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header.split(',').at(-1)).toBe('Revenue');
    expect(lines.find((l) => l.startsWith('Ava Amount'))!.split(',').at(-1)).toBe('149.50');
    expect(lines.find((l) => l.startsWith('Pia Pending'))!.split(',').at(-1)).toBe('');

    const top = (await get('/api/analytics/top-referrers')).json();
    expect(top[0]).toMatchObject({ client: { id: ref.id }, convertedReferrals: 2, revenue: '349.50' });

    // the revenue follows the friend's later bookings
    expect((await h.upload(biz, [`Nia Pick,nia.work@example.com,,${await h.today(biz)},25`])).statusCode).toBe(200);
    expect((await get('/api/analytics/top-referrers')).json()[0].revenue).toBe('374.50');
  });

  it('refuses a bad booking or amount, with a message, writing nothing', async () => {
    const other = await createBusiness(t.database);
    const otherRef = await h.referrer(other, 'Oz Ref', 'oz@example.com');
    const claim = await h.pendingReferral(biz, ref, { name: 'Val Pending', email: 'val@example.com' });
    const otherBooking = (await h.query<{ id: number }>('select id from bookings where business_id = $1 limit 1', [other.id]))[0];
    const own = await bookingOf('zed@example.com');
    const cases: [string, unknown, number, string][] = [
      ["another business's booking", { bookingId: otherBooking.id }, 404, BOOKING_NOT_FOUND],
      ['an unknown booking', { bookingId: 99999999 }, 404, BOOKING_NOT_FOUND],
      ['a booking id that is text', { bookingId: 'x' }, 400, 'bookingId must be a number'],
      ['a booking and an amount', { bookingId: own.id, amount: 10 }, 400, ONE_WAY_TO_CONVERT],
      ['a negative amount', { amount: -1 }, 400, AMOUNT_INVALID],
      ['an amount too large', { amount: 1_000_001 }, 400, AMOUNT_INVALID],
      ['an amount that is not a number', { amount: '12abc' }, 400, AMOUNT_INVALID],
      ['an amount that is a boolean', { amount: true }, 400, AMOUNT_INVALID],
    ];
    const before = [await snapshot(biz.id), await snapshot(other.id)];
    for (const [label, body, status, message] of cases) {
      const res = await h.convert(biz, claim.id, body);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toEqual({ message });
    }
    expect([await snapshot(biz.id), await snapshot(other.id)]).toEqual(before);
    expect((await get(`/api/referrals/${claim.id}/bookings`, other)).statusCode).toBe(404);
    expect((await get(`/api/referrals/${claim.id}/bookings`, other)).json()).toEqual({ message: REFERRAL_NOT_FOUND });
    expect((await get(`/api/referrals/${claim.id}/bookings?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect(otherRef.id).toBeGreaterThan(0);
  });
});
