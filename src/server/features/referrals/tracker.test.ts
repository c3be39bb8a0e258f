import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addClient, addReferral } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// The owner's reads: the Referral Tracker's page, badge count and export, Top Referrers, and the
// Activity Dashboard's Recent Conversions and Pending Referrals.

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let empty: TestBusiness;
const ids: Record<string, number> = {};
let alice: { id: number; referralCode: string };
let bob: { id: number; referralCode: string };
let carol: { id: number; referralCode: string };

const get = (biz: TestBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const names = (list: { refereeName: string }[]) => list.map((r) => r.refereeName);

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database);
  b = await createBusiness(t.database);
  empty = await createBusiness(t.database);
  alice = await addClient(t.app, a, 'Alice Stone');
  bob = await addClient(t.app, a, 'Bob Marsh');
  carol = await addClient(t.app, a, 'Carol Vance');
  // Alice: 3 referrals (2 converted: reward given, reward owed), Bob: 2 pending, Carol: 1 converted without a
  // reward row; one pending referral whose referrer was deleted, 10 days old.
  ids.gina = await addReferral(t.database, a.id, { referrer: alice, refereeName: 'Gina Given', refereeEmail: 'gina@example.com', daysAgo: 6, convertedDaysAgo: 4, reward: { amount: '$25', given: true } });
  ids.owen = await addReferral(t.database, a.id, { referrer: alice, refereeName: 'Owen Owed', daysAgo: 5, convertedDaysAgo: 1, reward: { amount: '$30' } });
  ids.pia = await addReferral(t.database, a.id, { referrer: alice, refereeName: 'Pia Pending', refereePhone: '+14155550177', daysAgo: 3 });
  ids.quinn = await addReferral(t.database, a.id, { referrer: bob, refereeName: 'quinn lower', refereeEmail: 'Quinn.Q@Example.com', daysAgo: 2, flagReason: '4th claim from the same internet address within 24 hours' });
  ids.rae = await addReferral(t.database, a.id, { referrer: bob, refereeName: 'Rae Recent', refereePhone: '+14155550188', daysAgo: 0 });
  ids.sam = await addReferral(t.database, a.id, { referrer: carol, refereeName: 'Sam Norow', daysAgo: 4, convertedDaysAgo: 2 });
  ids.gone = await addReferral(t.database, a.id, { referrer: null, referrerCode: 'GONE-CODE', refereeName: 'Theo Orphan', daysAgo: 10 });
  const zed = await addClient(t.app, b, 'Zed Other');
  ids.other = await addReferral(t.database, b.id, { referrer: zed, refereeName: 'Other Friend', daysAgo: 1, convertedDaysAgo: 0, reward: { amount: '$99' } });
});
afterAll(() => t.close());

describe('GET /api/referrals', () => {
  it('a page newest first, each row with its referrer and reward, and the whole business summary', async () => {
    const res = await get(a, '/api/referrals');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body.referrals)).toEqual(['Rae Recent', 'quinn lower', 'Pia Pending', 'Sam Norow', 'Owen Owed', 'Gina Given', 'Theo Orphan']);
    expect(body).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(body.summary).toEqual({ totalReferrals: 7, convertedReferrals: 3, pendingReferrals: 4, conversionRate: 3 / 7, rewardsGiven: 1, rewardsOwed: 2 });
    const gina = body.referrals.find((r: any) => r.id === ids.gina);
    expect(gina).toMatchObject({
      refereeName: 'Gina Given',
      refereeEmail: 'gina@example.com',
      refereePhone: null,
      referrerCode: alice.referralCode,
      referrerClient: { id: alice.id, name: 'Alice Stone' },
      converted: true,
      lastReminderAt: null,
      flagReason: null,
      referralReward: { rewardAmount: '$25', rewardGiven: true },
    });
    // A claim the public side flagged says why, for the owner to review.
    expect(body.referrals.find((r: any) => r.id === ids.quinn).flagReason).toBe('4th claim from the same internet address within 24 hours');
    expect(Date.parse(gina.convertedAt)).toBeLessThan(Date.now() - 3 * 86_400_000);
    expect(gina.referralReward.markedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const theo = body.referrals.find((r: any) => r.id === ids.gone);
    expect(theo).toMatchObject({ referrerCode: 'GONE-CODE', referrerClient: null, converted: false, convertedAt: null, referralReward: null });
  });

  it('pages, and past the end answers no rows with the total', async () => {
    const p2 = (await get(a, '/api/referrals?page=2&pageSize=2')).json();
    expect(names(p2.referrals)).toEqual(['Pia Pending', 'Sam Norow']);
    expect(p2).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    const past = (await get(a, '/api/referrals?page=9&pageSize=2')).json();
    expect(past.referrals).toEqual([]);
    expect(past.total).toBe(7);
  });

  it('filters by status', async () => {
    expect(names((await get(a, '/api/referrals?status=pending')).json().referrals)).toEqual(['Rae Recent', 'quinn lower', 'Pia Pending', 'Theo Orphan']);
    const converted = (await get(a, '/api/referrals?status=converted')).json();
    expect(names(converted.referrals)).toEqual(['Sam Norow', 'Owen Owed', 'Gina Given']);
    expect(converted.total).toBe(3);
    // The summary is the whole business's, whatever the filter.
    expect(converted.summary.totalReferrals).toBe(7);
  });

  it('searches the friend (name, e-mail, phone digits), the referrer name and the code, in any case', async () => {
    const search = async (s: string) => names((await get(a, `/api/referrals?search=${encodeURIComponent(s)}`)).json().referrals);
    expect(await search('QUINN')).toEqual(['quinn lower']);
    expect(await search('quinn.q@example')).toEqual(['quinn lower']);
    expect(await search('(415) 555-0177')).toEqual(['Pia Pending']);
    expect(await search('bob mar')).toEqual(['Rae Recent', 'quinn lower']);
    expect(await search(carol.referralCode.toLowerCase())).toEqual(['Sam Norow']);
    expect(await search('%')).toEqual([]);
    const both = (await get(a, '/api/referrals?search=alice&status=pending')).json();
    expect(names(both.referrals)).toEqual(['Pia Pending']);
    expect(both.total).toBe(1);
  });

  it('sorts oldest first, by friend name, by conversion date', async () => {
    expect(names((await get(a, '/api/referrals?sort=oldest')).json().referrals)[0]).toBe('Theo Orphan');
    expect(names((await get(a, '/api/referrals?sort=refereeName')).json().referrals)).toEqual([
      'Gina Given', 'Owen Owed', 'Pia Pending', 'quinn lower', 'Rae Recent', 'Sam Norow', 'Theo Orphan',
    ]);
    expect(names((await get(a, '/api/referrals?sort=convertedAt')).json().referrals).slice(0, 3)).toEqual(['Owen Owed', 'Sam Norow', 'Gina Given']);
  });

  it('?new=true counts the referrals of the last 7 days', async () => {
    expect((await get(a, '/api/referrals?new=true')).json()).toEqual({ count: 6 });
    expect((await get(a, '/api/referrals?new=1')).json()).toEqual({ count: 6 });
    expect((await get(empty, '/api/referrals?new=true')).json()).toEqual({ count: 0 });
    expect(names((await get(a, '/api/referrals?new=false')).json().referrals)).toHaveLength(7);
  });

  it('refuses bad queries with a message', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page must be 1 or more'],
      ['page=abc', 'page must be a number'],
      ['pageSize=500', 'pageSize must be between 1 and 100'],
      ['status=won', 'status must be one of all, pending, converted'],
      ['sort=amount', 'sort must be one of newest, oldest, refereeName, convertedAt'],
      ['new=maybe', 'new must be true or false'],
      [`search=${'x'.repeat(201)}`, 'search is too long (200 characters at most)'],
    ];
    for (const [query, message] of cases) {
      const res = await get(a, `/api/referrals?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it("another business sees only its own, an empty one none, and signed out is refused", async () => {
    const other = (await get(b, '/api/referrals')).json();
    expect(names(other.referrals)).toEqual(['Other Friend']);
    expect(other.summary.totalReferrals).toBe(1);
    expect((await get(empty, '/api/referrals')).json()).toEqual({
      referrals: [], total: 0, page: 1, pageSize: 25,
      summary: { totalReferrals: 0, convertedReferrals: 0, pendingReferrals: 0, conversionRate: 0, rewardsGiven: 0, rewardsOwed: 0 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals' })).statusCode).toBe(401);
  });
});

describe('GET /api/referrals/export', () => {
  it('a spreadsheet-safe CSV of every referral, downloaded as referrals-export.csv', async () => {
    await addReferral(t.database, empty.id, { referrer: null, refereeName: '=HYPERLINK("http://evil.example","x")', refereeEmail: '+1@example.com', refereePhone: '+14155550199', daysAgo: 1 });
    const res = await get(empty, '/api/referrals/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="referrals-export.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Friend,Friend Email,Friend Phone,Referred By,Referral Code,Status,Shared At,Converted At,Reward,Reward Given,Reward Marked At,Flagged For Review,Revenue');
    expect(lines[1].startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")",'+1@example.com,(415) 555-0199,,GONE-CODE,Pending,`)).toBe(true);

    const mine = (await get(a, '/api/referrals/export')).body.trimEnd().split('\r\n');
    expect(mine).toHaveLength(8);
    expect(mine.find((l) => l.startsWith('Gina Given'))).toMatch(/^Gina Given,gina@example\.com,,Alice Stone,[A-Z0-9-]+,Converted,[^,]+,[^,]+,\$25,Yes,\d{4}-[^,]*,,$/);
    expect(mine.join('\n')).not.toContain('Other Friend');
    expect(mine.find((l) => l.startsWith('quinn lower'))).toMatch(/,4th claim from the same internet address within 24 hours,$/);
  });
});

describe('GET /api/analytics/top-referrers', () => {
  it('clients by referrals made, with converted count and conversion rate; a deleted referrer is left out', async () => {
    const res = await get(a, '/api/analytics/top-referrers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { client: { id: alice.id, name: 'Alice Stone', referralCode: alice.referralCode }, totalReferrals: 3, convertedReferrals: 2, conversionRate: 2 / 3, revenue: expect.stringMatching(/^\d+\.\d{2}$/) },
      { client: { id: bob.id, name: 'Bob Marsh', referralCode: bob.referralCode }, totalReferrals: 2, convertedReferrals: 0, conversionRate: 0, revenue: '0.00' },
      { client: { id: carol.id, name: 'Carol Vance', referralCode: carol.referralCode }, totalReferrals: 1, convertedReferrals: 1, conversionRate: 1, revenue: expect.stringMatching(/^\d+\.\d{2}$/) },
    ]);
    expect((await get(a, '/api/analytics/top-referrers?limit=1')).json()).toHaveLength(1);
    expect((await get(b, '/api/analytics/top-referrers')).json().map((r: any) => r.client.name)).toEqual(['Zed Other']);
  });

  it('refuses a bad limit', async () => {
    for (const q of ['limit=0', 'limit=51', 'limit=x']) {
      const res = await get(a, `/api/analytics/top-referrers?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('limit must be between 1 and 50');
    }
  });
});

describe('Activity Dashboard lists', () => {
  it('Recent Conversions: converted referrals, latest conversion first, with the referrer and reward', async () => {
    const res = await get(a, '/api/activities/conversions');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(names(list)).toEqual(['Owen Owed', 'Sam Norow', 'Gina Given']);
    expect(list[0]).toEqual({
      id: ids.owen,
      refereeName: 'Owen Owed',
      referrerClient: { id: alice.id, name: 'Alice Stone' },
      referrerCode: alice.referralCode,
      convertedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      bookedOn: expect.toSatisfy((v: unknown) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(String(v))),
      revenue: expect.toSatisfy((v: unknown) => v === null || /^\d+\.\d{2}$/.test(String(v))),
      referralReward: { rewardAmount: '$30', rewardGiven: false, markedAt: null },
    });
    expect(list[1].referralReward).toBeNull();
  });

  it('Recent Conversions: the 10 newest', async () => {
    const biz = await createBusiness(t.database);
    const ref = await addClient(t.app, biz, 'Many Referrer');
    for (let i = 0; i < 12; i += 1) await addReferral(t.database, biz.id, { referrer: ref, refereeName: `Friend ${i}`, daysAgo: 20, convertedDaysAgo: i });
    const list = (await get(biz, '/api/activities/conversions')).json();
    expect(names(list)).toEqual(Array.from({ length: 10 }, (_, i) => `Friend ${i}`));
  });

  it('Pending Referrals: the newest 5, the total for "+N more", days since shared, the referrer', async () => {
    const biz = await createBusiness(t.database);
    const ref = await addClient(t.app, biz, 'Pending Referrer');
    for (let i = 0; i < 7; i += 1) await addReferral(t.database, biz.id, { referrer: ref, refereeName: `Pending ${i}`, refereePhone: i === 0 ? null : `+1415555020${i}`, daysAgo: i * 2 });
    await addReferral(t.database, biz.id, { referrer: ref, refereeName: 'Booked Already', daysAgo: 0, convertedDaysAgo: 0 });
    const res = await get(biz, '/api/activities/pending-referrals');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(7);
    expect(names(body.referrals)).toEqual(['Pending 0', 'Pending 1', 'Pending 2', 'Pending 3', 'Pending 4']);
    expect(body.referrals.map((r: any) => r.daysSinceShared)).toEqual([0, 2, 4, 6, 8]);
    expect(body.referrals[1]).toEqual({
      id: expect.any(Number),
      refereeName: 'Pending 1',
      refereePhone: '+14155550201',
      refereeEmail: null,
      referrerCode: ref.referralCode,
      referrerClient: { id: ref.id, name: 'Pending Referrer' },
      daysSinceShared: 2,
      createdAt: expect.stringMatching(/^\d{4}-/),
      lastReminderAt: null,
      flagReason: null,
      agreedToTexts: true,
    });
    expect(body.referrals[0].refereePhone).toBeNull();
  });

  it('a business without referrals gets empty lists; another business never sees these', async () => {
    expect((await get(empty, '/api/activities/conversions')).json()).toEqual([]);
    const none = await createBusiness(t.database);
    expect((await get(none, '/api/activities/pending-referrals')).json()).toEqual({ referrals: [], total: 0 });
    expect(names((await get(b, '/api/activities/conversions')).json())).toEqual(['Other Friend']);
    expect((await get(b, '/api/activities/pending-referrals')).json()).toEqual({ referrals: [], total: 0 });
  });
});
