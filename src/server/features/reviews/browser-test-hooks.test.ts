import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The browser tests' hook (E2E_HOOKS=1): refused in production and with Twilio, absent unless turned on, and when on
// it only moves the signed-in business's own review requests.

describe('E2E_HOOKS', () => {
  it('is refused in production and with Twilio, and off by default', () => {
    expect(loadConfig({ E2E_HOOKS: '1' }).browserTestHooks).toBe(true);
    expect(loadConfig({}).browserTestHooks).toBe(false);
    expect(() => loadConfig({ E2E_HOOKS: '1', NODE_ENV: 'production' })).toThrow(/refused in production/);
    expect(() => loadConfig({ E2E_HOOKS: '1', TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32), TWILIO_AUTH_TOKEN: 'x' })).toThrow(/refused in production and with Twilio/);
  });
});

describe('POST /__e2e/reviews/days-pass', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ browserTestHooks: true });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });
  const post = (t: TestApp, cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/__e2e/reviews/days-pass', headers: cookie ? { cookie } : {}, payload: payload as object });
  const sentAt = async (t: TestApp, businessId: number) =>
    (await t.database.query<{ days: number }>(`select round(extract(epoch from now() - sent_at) / 86400)::int as days from review_requests where business_id = $1`, [businessId]))[0].days;
  const requestOf = async (t: TestApp, name: string) => {
    const b = await createBusiness(t.database, { name });
    const [client] = await t.database.query<{ id: number }>(`insert into clients (business_id, name, phone, referral_code) values ($1, 'Hook Client', '+15125550188', md5(random()::text)) returning id`, [b.id]);
    await t.database.query(`insert into review_requests (business_id, client_id, token, request_key, sent_at) values ($1, $2, md5(random()::text), 'review:hook', now())`, [b.id, client.id]);
    return b;
  };

  it('does not exist unless E2E_HOOKS is on', async () => {
    const b = await requestOf(off, 'Hook Off Co');
    expect((await post(off, b.cookie, { days: 4 })).statusCode).toBe(404);
    expect(await sentAt(off, b.id)).toBe(0);
  });

  it('moves only the signed-in business’s requests; refuses a visitor and bad days, writing nothing', async () => {
    const mine = await requestOf(on, 'Hook Mine Co');
    const other = await requestOf(on, 'Hook Other Co');
    expect((await post(on, undefined, { days: 4 })).statusCode).toBe(401);
    for (const payload of [{}, { days: 0 }, { days: 31 }, { days: '4' }, { days: 1.5 }, { days: 4, extra: 1 }]) {
      expect((await post(on, mine.cookie, payload)).statusCode).toBe(400);
    }
    expect(await sentAt(on, mine.id)).toBe(0);
    const res = await post(on, mine.cookie, { days: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reminders: 0, referralAsks: 0 });
    expect(await sentAt(on, mine.id)).toBe(4);
    expect(await sentAt(on, other.id)).toBe(0);
  });
});
