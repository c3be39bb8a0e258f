import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tenantSnapshot } from '../../testing/tenant-data';
import { addLeadRow, count } from './test-helpers.test-util';
import { signedIn } from '../../testing/requests';

// The Lead Inbox's list, stats, Add Lead and status (docs/leads.md).

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Res = { statusCode: number; json(): any };
const get = (biz: TestBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const send = (biz: TestBusiness, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  signedIn(t.app, biz.cookie).send(method, url, payload as object);

async function refused(biz: TestBusiness, call: () => Promise<Res>, status: number, message: string) {
  const before = await tenantSnapshot(t.database, null);
  const res = await call();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toEqual({ message });
  expect(await tenantSnapshot(t.database, null)).toEqual(before);
  void biz;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Sparkle Homes' });
  b = await createBusiness(t.database);
});
afterAll(() => t.close());

describe('POST /api/leads', () => {
  it('adds a manual lead: source forced to manual, status new, the business from the session whatever the body says', async () => {
    const res = await send(a, 'POST', '/api/leads', {
      businessId: b.id,
      name: '  Nora Quinn ',
      email: 'Nora.Quinn@Example.com',
      phone: '(415) 555-0142',
      source: 'referral',
      notes: 'Wants a deep clean',
    });
    expect(res.statusCode).toBe(201);
    const lead = res.json();
    expect(lead).toEqual({
      id: expect.any(Number),
      businessId: a.id,
      name: 'Nora Quinn',
      email: 'nora.quinn@example.com',
      phone: '+14155550142',
      source: 'manual',
      status: 'new',
      referrerName: null,
      notes: 'Wants a deep clean',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      agreedToTexts: false,
    });
    expect(await count(t.database, 'leads', 'business_id = $1', [b.id])).toBe(0);
    const list = (await get(a, '/api/leads')).json();
    expect(list.leads[0]).toEqual(lead);
  });

  it('name alone is enough; blank e-mail, phone and notes are stored as nothing', async () => {
    const res = await send(a, 'POST', '/api/leads', { name: 'Only Name', email: '', phone: '  ', notes: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Only Name', email: null, phone: null, notes: null, source: 'manual' });
  });

  it('refuses a missing name, a bad e-mail or phone, wrong types and oversized text with a message, writing nothing', async () => {
    const post = (body: unknown) => () => send(a, 'POST', '/api/leads', body);
    await refused(a, post({}), 400, 'Name is required');
    await refused(a, post({ name: '   ' }), 400, 'Name is required');
    await refused(a, post({ name: 42 }), 400, 'Name is required');
    await refused(a, post({ name: ['x'] }), 400, 'Name is required');
    await refused(a, post({ name: 'x'.repeat(201) }), 400, 'Name is too long (200 characters at most)');
    await refused(a, post({ name: 'Ann', email: 'not-an-email' }), 400, 'Please enter a valid email');
    await refused(a, post({ name: 'Ann', email: { $ne: 1 } }), 400, 'Invalid input');
    await refused(a, post({ name: 'Ann', phone: '12' }), 400, 'Please enter a valid phone number');
    await refused(a, post({ name: 'Ann', phone: 'x'.repeat(41) }), 400, 'Please enter a valid phone number');
    await refused(a, post({ name: 'Ann', notes: 'n'.repeat(2001) }), 400, 'Notes are too long (2000 characters at most)');
    await refused(a, post({ name: 'Ann\u0000' }), 400, 'The request contains a character that is not allowed.');
    await refused(a, post('just text'), 415, 'Unsupported content type');
    await refused(a, post([{ name: 'Ann' }]), 400, 'Please send the details as a JSON object');
  });

  it('needs a session and the same origin', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/leads', payload: { name: 'Anon' } })).statusCode).toBe(401);
    const cross = await t.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie: a.cookie, origin: 'https://evil.example' }, payload: { name: 'Evil' } });
    expect(cross.statusCode).toBe(403);
    expect(await count(t.database, 'leads', "name in ('Anon', 'Evil')")).toBe(0);
  });
});

describe('GET /api/leads', () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createBusiness(t.database);
    // Leads from every source: public claims (referral), forms, the website and by hand.
    await addLeadRow(t.database, biz.id, { name: 'Rita Referral', email: 'rita@example.com', phone: '+14155550101', source: 'referral', referrerName: 'Alice Stone', referrerCode: 'ALICE-1', agoMs: 5 * HOUR });
    await addLeadRow(t.database, biz.id, { name: 'Fred Form', email: 'fred@example.com', source: 'form', status: 'contacted', agoMs: 4 * HOUR });
    await addLeadRow(t.database, biz.id, { name: 'Wendy Web', phone: '+13125550199', source: 'website', status: 'converted', agoMs: 3 * HOUR });
    await addLeadRow(t.database, biz.id, { name: 'Manny Manual', source: 'manual', status: 'lost', agoMs: 2 * HOUR });
    await addLeadRow(t.database, biz.id, { name: '100%_Clean', source: 'manual', agoMs: HOUR });
  });

  const names = async (query: string) => {
    const res = await get(biz, `/api/leads${query}`);
    expect(res.statusCode).toBe(200);
    return { names: res.json().leads.map((l: any) => l.name), total: res.json().total };
  };

  it('the bare call answers page 1 of every lead, newest first, from every source', async () => {
    const res = await get(biz, '/api/leads');
    expect(res.json()).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(res.json().leads.map((l: any) => l.source)).toEqual(['manual', 'manual', 'website', 'form', 'referral']);
    expect(res.json().leads[4]).toMatchObject({ name: 'Rita Referral', referrerName: 'Alice Stone', phone: '+14155550101' });
  });

  it('filters by status and source, searches name, e-mail, phone digits and referrer, and pages', async () => {
    expect(await names('?status=contacted')).toEqual({ names: ['Fred Form'], total: 1 });
    expect(await names('?source=referral')).toEqual({ names: ['Rita Referral'], total: 1 });
    expect(await names('?source=manual&status=lost')).toEqual({ names: ['Manny Manual'], total: 1 });
    expect(await names('?status=new&source=website')).toEqual({ names: [], total: 0 });
    expect(await names('?search=WENDY')).toEqual({ names: ['Wendy Web'], total: 1 });
    expect(await names('?search=fred%40example')).toEqual({ names: ['Fred Form'], total: 1 });
    expect(await names('?search=(312)%20555')).toEqual({ names: ['Wendy Web'], total: 1 });
    expect(await names('?search=alice')).toEqual({ names: ['Rita Referral'], total: 1 });
    // % and _ are literal characters, not wildcards.
    expect(await names('?search=%25_')).toEqual({ names: ['100%_Clean'], total: 1 });
    // Within the name, the e-mail or the referrer, never from one into the next (one kept search text, a line each).
    for (const across of ['referral%20rita%40', 'referral%0Arita%40', 'example.com%0D%0Aalice', 'comalice']) {
      expect(await names(`?search=${across}`), across).toEqual({ names: [], total: 0 });
    }
    expect(await names('?pageSize=2&page=2')).toEqual({ names: ['Wendy Web', 'Fred Form'], total: 5 });
    expect(await names('?pageSize=2&page=9')).toEqual({ names: [], total: 5 });
  });

  it("another business sees none of them", async () => {
    expect((await get(b, '/api/leads?search=Rita')).json()).toMatchObject({ leads: [], total: 0 });
  });

  it('refuses bad query values with a message', async () => {
    for (const [query, message] of [
      ['?status=won', 'status must be one of all, new, contacted, converted, lost'],
      ['?source=tv', 'source must be one of all, referral, website, manual, form'],
      ['?page=0', 'page must be 1 or more'],
      ['?pageSize=500', 'pageSize must be between 1 and 100'],
      [`?search=${'x'.repeat(201)}`, 'search is too long (200 characters at most)'],
    ] as const) {
      const res = await get(biz, `/api/leads${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });
});

describe('PATCH /api/leads/:id/status', () => {
  it('sets any of new, contacted, converted, lost, freely and back', async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Stan Status' });
    for (const status of ['contacted', 'converted', 'new', 'lost', 'new']) {
      const res = await send(a, 'PATCH', `/api/leads/${id}/status`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status, name: 'Stan Status' });
    }
  });

  it('anything else is a 400; an unknown, foreign or malformed id a 404; nothing changes', async () => {
    const id = await addLeadRow(t.database, a.id, { name: 'Stay New' });
    for (const status of ['won', '', 'NEW', null, 1, ['new'], { status: 'new' }]) {
      await refused(a, () => send(a, 'PATCH', `/api/leads/${id}/status`, { status }), 400, 'Status must be one of new, contacted, converted, lost');
    }
    await refused(a, () => send(a, 'PATCH', `/api/leads/${id}/status`, {}), 400, 'Status must be one of new, contacted, converted, lost');
    await refused(b, () => send(b, 'PATCH', `/api/leads/${id}/status`, { status: 'lost' }), 404, 'Lead not found');
    for (const bad of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      await refused(a, () => send(a, 'PATCH', `/api/leads/${bad}/status`, { status: 'lost' }), 404, 'Lead not found');
    }
  });
});

describe('GET /api/leads/stats', () => {
  /** Monday 00:00 of this week in `zone`, as an instant (to the hour: DST never moves it by more). */
  function weekStart(zone: string, now = new Date()): number {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short', hourCycle: 'h23' })
        .formatToParts(now)
        .map((p) => [p.type, p.value]),
    );
    const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
    const offset = wall - Math.floor(now.getTime() / 1000) * 1000;
    const back = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday);
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - back) - offset;
  }

  it('an empty business: zeros and no referrers', async () => {
    const empty = await createBusiness(t.database);
    expect((await get(empty, '/api/leads/stats')).json()).toEqual({ totalLeadsThisWeek: 0, conversionRate: 0, referralPercentage: 0, topReferrers: [] });
  });

  it("counts this week from Monday 00:00 in the business's time zone; rates over every lead, to 1 decimal; top referrers by lead count", async () => {
    const zone = 'Pacific/Auckland';
    const biz = await createBusiness(t.database, { timeZone: zone });
    const start = weekStart(zone);
    const at = (ms: number) => new Date(ms);
    await addLeadRow(t.database, biz.id, { name: 'Just In', createdAt: at(start + 2 * HOUR), source: 'referral', referrerName: 'Alice Stone', referrerCode: 'ALICE-1', status: 'converted' });
    await addLeadRow(t.database, biz.id, { name: 'Also In', createdAt: at(start + 1 * HOUR), source: 'referral', referrerName: 'Alice Stone', referrerCode: 'ALICE-1' });
    await addLeadRow(t.database, biz.id, { name: 'Bob Friend', createdAt: at(start - 2 * HOUR), source: 'referral', referrerName: 'Bob Ray', referrerCode: 'BOB-2' });
    await addLeadRow(t.database, biz.id, { name: 'Alice Again', createdAt: at(start - 3 * DAY), source: 'form', referrerName: 'Alice Stone', referrerCode: 'ALICE-1', status: 'converted' });
    await addLeadRow(t.database, biz.id, { name: 'Cara Named', createdAt: at(start - 4 * DAY), source: 'referral', referrerName: 'Cara Lee' });
    await addLeadRow(t.database, biz.id, { name: 'Web One', createdAt: at(start - 8 * DAY), source: 'website' });
    // Someone else's leads never count.
    await addLeadRow(t.database, b.id, { name: 'Other', createdAt: at(start + HOUR), source: 'referral', referrerName: 'Alice Stone', referrerCode: 'ALICE-1' });

    const res = await get(biz, '/api/leads/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalLeadsThisWeek: 2,
      conversionRate: 33.3, // 2 of 6
      referralPercentage: 66.7, // 4 of 6
      topReferrers: [
        { name: 'Alice Stone', count: 3 },
        { name: 'Bob Ray', count: 1 },
        { name: 'Cara Lee', count: 1 },
      ],
    });
  });
});
