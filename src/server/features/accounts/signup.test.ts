import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../shared/schemas/sms';
import { count, landingBody, me, post, screenBody, sessionCookie } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (body: unknown) => post(t, '/api/auth/signup', body);

describe('POST /api/auth/signup from the landing modal', () => {
  it('creates the business with its owner, phone and type, signs in and answers 201', async () => {
    const body = landingBody({ email: '  Dana.Owner@Example.COM ' });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const { business } = res.json();
    expect(business).toMatchObject({
      name: 'Sparkle Cleaning',
      ownerName: 'Dana Owner',
      email: 'dana.owner@example.com',
      phone: '+14155552671',
      businessType: 'cleaning',
      selectedPhoneNumber: null,
      twilioPhoneNumber: null,
    });
    expect(business).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(business)).not.toContain('argon2');
    expect(business.webhookUrl.length).toBeGreaterThanOrEqual(40);

    const signedIn = await me(t, sessionCookie(res));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().business.id).toBe(business.id);
  });

  it('makes the one who signed up its owner, with an argon2id hash, and default outreach settings', async () => {
    const body = landingBody();
    const res = await signup(body);
    const id = res.json().business.id;
    expect(res.json().person).toMatchObject({ name: 'Dana Owner', email: body.email, role: 'owner' });
    const [row] = await t.database.query<{ password_hash: string; role: string }>('select password_hash, role from people where business_id = $1', [id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.role).toBe('owner');
    const settings = await t.database.query<any>('select * from outreach_settings where business_id = $1', [id]);
    expect(settings).toHaveLength(1);
    expect(settings[0].referral_discount).toBe('$25');
    expect(settings[0].custom_messages).toEqual(DEFAULT_CUSTOM_MESSAGES);
    expect(settings[0].auto_message_settings).toEqual({ autoSendThankYou: true, autoSendFollowUp: true });
    for (const template of Object.values(DEFAULT_CUSTOM_MESSAGES)) expect(template).toContain('{clientName}');
    expect(DEFAULT_CUSTOM_MESSAGES.referral).toContain('{referralLink}');
    expect(DEFAULT_CUSTOM_MESSAGES.referral).toContain('{referralDiscount}');
    expect(DEFAULT_CUSTOM_MESSAGES.review).toContain('{googleReviewLink}');
  });

  it('gives every business its own webhook token', async () => {
    const a = (await signup(landingBody())).json().business.webhookUrl;
    const b = (await signup(landingBody())).json().business.webhookUrl;
    expect(a).not.toBe(b);
  });

  it.each([
    [{ name: '' }, 'Your name is required'],
    [{ name: undefined }, 'Your name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ phone: '' }, 'Phone number is required'],
    [{ phone: 'call me' }, 'Please enter a valid phone number'],
    [{ businessName: '   ' }, 'Business name is required'],
    [{ businessType: 'bakery' }, 'Please choose a business type'],
    [{ businessType: undefined }, 'Please choose a business type'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ confirmPassword: 'secret124' }, "Passwords don't match"],
    [{ name: 'x'.repeat(121) }, 'Your name must be at most 120 characters'],
    [{ businessName: 'x'.repeat(121) }, 'Business name must be at most 120 characters'],
    [{ phone: 12345 }, 'Phone number is required'],
  ])('refuses %j with "%s" and writes nothing', async (override, message) => {
    const before = await count(t, 'businesses');
    const res = await signup(landingBody(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(res.cookies).toHaveLength(0);
    expect(await count(t, 'businesses')).toBe(before);
  });
});

describe('POST /api/auth/signup from the signup screen', () => {
  it('uses name as the business name', async () => {
    const res = await signup(screenBody({ name: '  Green Lawns  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().business).toMatchObject({ name: 'Green Lawns', ownerName: null, phone: null, businessType: null });
    expect(sessionCookie(res)).toMatch(/^rl_session=/);
  });

  it.each([
    [{ name: '' }, 'Business name is required'],
    [{ email: 'a@' }, 'Please enter a valid email'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
    [{ password: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) }, 'Password must be at most 200 characters'],
    [{ confirmPassword: '' }, 'Please confirm your password'],
    [{ confirmPassword: undefined }, 'Please confirm your password'],
    [{ confirmPassword: 'secret999' }, "Passwords don't match"],
    [{ email: ['a@b.co'] }, 'Please enter a valid email'],
    [{ password: 123456, confirmPassword: 123456 }, 'Password must be at least 6 characters'],
    [{ name: { first: 'x' } }, 'Business name is required'],
  ])('refuses %j with "%s"', async (override, message) => {
    const before = await count(t, 'businesses');
    const res = await signup(screenBody(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await count(t, 'businesses')).toBe(before);
  });
});

describe('signup edge cases', () => {
  it('refuses a second account for the same e-mail in another case with 409', async () => {
    await signup(screenBody({ email: 'owner@dup.example' }));
    const before = await count(t, 'businesses');
    const res = await signup(landingBody({ email: 'OWNER@Dup.Example' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    expect(await count(t, 'businesses')).toBe(before);
  });

  it('lets only one of two simultaneous signups with one e-mail through', async () => {
    const results = await Promise.all([
      signup(screenBody({ email: 'race@example.com' })),
      signup(screenBody({ email: 'Race@example.com' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.query("select id from businesses where email = 'race@example.com'");
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('answers 400 for a JSON body that is %s', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 400 for broken JSON and for no body at all', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'Request body is not valid JSON' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/signup' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Business name is required' });
  });
});
