import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { INVALID_REFERRAL_LINK } from '../../../shared/schemas/referrals-public-texts';
import { LOOKUPS_PER_MINUTE } from './limits';
import { shortName } from './service';
import { signedIn } from '../../testing/requests';

// GET /api/public/referral/:code: docs/referrals.md "Public claim".

let t: TestApp;
let a: TestBusiness;
let code: string;

const get = (c: string, ip = '10.2.0.1') => t.app.inject({ method: 'GET', url: `/api/public/referral/${encodeURIComponent(c)}`, remoteAddress: ip });

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Sparkle Cleaning' });
  const res = await signedIn(t.app, a.cookie).post('/api/clients', { name: 'Alice van der Mendez', email: 'alice.private@example.com', phone: '4155550101', serviceDate: '2025-03-01', amount: 100 });
  code = res.json().client.referralCode;
});
afterAll(() => t.close());

describe('looking up a code', () => {
  it('answers the first name and last initial, the business and its reward — nothing else about the client', async () => {
    const res = await get(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ referrerName: 'Alice M.', businessId: a.id, businessName: 'Sparkle Cleaning', referralDiscount: '$25', referrerReward: null, serviceWord: 'cleaning' });
    for (const secret of ['alice.private', '555', 'van der', 'Mendez', code]) expect(res.body).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the reward is the outreach settings’; another kind of business books a "service"', async () => {
    await t.database.db.update(s.outreachSettings).set({ referralDiscount: 'A free add-on service' }).where(eq(s.outreachSettings.businessId, a.id));
    await t.database.db.update(s.businesses).set({ businessType: 'landscaping' }).where(eq(s.businesses.id, a.id));
    expect((await get(code)).json()).toMatchObject({ referralDiscount: 'A free add-on service', serviceWord: 'service' });
    await t.database.db.update(s.outreachSettings).set({ referralDiscount: '  ' }).where(eq(s.outreachSettings.businessId, a.id));
    expect((await get(code)).json()).toMatchObject({ referralDiscount: '$25' });
    await t.database.db.update(s.businesses).set({ businessType: 'cleaning' }).where(eq(s.businesses.id, a.id));
  });

  it('a code typed in lower case still works', async () => {
    expect((await get(code.toLowerCase())).statusCode).toBe(200);
  });

  it.each([['an unknown code', 'NOBODY-ZZZZZ'], ['a blank code', ' '], ['a code with a quote', "x' or 1=1 --"], ['a long code', 'A'.repeat(90)]])('%s: 404 with the spec’s message', async (_label, c) => {
    const res = await get(c);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: INVALID_REFERRAL_LINK });
  });

  it('the path without a code is no route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/referral/' });
    expect(res.statusCode).toBe(404);
  });

  it(`more than ${LOOKUPS_PER_MINUTE} look-ups a minute from one address: 429`, async () => {
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i += 1) expect((await get('NOBODY-ZZZZZ', '10.2.9.9')).statusCode).toBe(404);
    const res = await get(code, '10.2.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    expect((await get(code, '10.2.9.10')).statusCode).toBe(200);
  });
});

describe('shortName', () => {
  it.each([
    ['Alice Mendez', 'Alice M.'],
    ['  alice   mendez  ', 'alice M.'],
    ['Cher', 'Cher'],
    ['Jean-Luc Émile Picard', 'Jean-Luc P.'],
    ['Zoë 😀', 'Zoë 😀.'],
  ])('%s -> %s', (name, short) => expect(shortName(name)).toBe(short));
});
