import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfileSchema, businessSchema, PROFILE_MESSAGES } from '../../../shared/schemas/business';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

let t: TestApp;
let biz: TestBusiness;
let other: TestBusiness;
beforeAll(async () => {
  t = await createTestApp({ support: { phone: '+15125550100', email: 'help@referloop.example' } });
  biz = await createBusiness(t.database, { selectedPhoneNumber: '+15005550006' });
  other = await createBusiness(t.database, { email: 'Taken.Owner@example.com' });
});
afterAll(() => t.close());

const profile = (app: TestApp, cookie: string, headers: Record<string, string> = {}) =>
  signedIn(app.app, cookie, headers).get('/api/business/profile');
const patch = (payload: unknown, cookie = biz.cookie, headers: Record<string, string> = {}) =>
  signedIn(t.app, cookie, headers).patch('/api/business/profile', payload as object);
const valid = { name: 'Sparkle & Shine', email: 'sparkle@example.com', websiteUrl: 'https://www.sparkle.example.com' };
const row = async (id: number) =>
  (await t.database.query<Record<string, unknown>>('select name, email, website_url, time_zone from businesses where id = $1', [id]))[0];

describe('GET /api/business/profile', () => {
  it('is the business of /api/auth/me (webhookUrl the token segment) plus the full webhook URL, time zone and support contacts', async () => {
    const res = await profile(t, biz.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const me = (await signedIn(t.app, biz.cookie).get('/api/auth/me')).json().business;
    expect(body).toEqual({
      ...me,
      webhookEndpoint: `http://localhost:3000/api/webhook/${biz.webhookToken}`,
      timeZone: 'America/New_York',
      supportPhone: '+15125550100',
      supportEmail: 'help@referloop.example',
    });
    expect(body).toMatchObject({ id: biz.id, email: biz.email, webhookUrl: biz.webhookToken, twilioPhoneNumber: '+15005550006', selectedPhoneNumber: '+15005550006' });
    // Exactly the shared contract's fields, in both replies.
    expect(Object.keys(body).sort()).toEqual(Object.keys(businessProfileSchema.shape).sort());
    expect(Object.keys(me).sort()).toEqual(Object.keys(businessSchema.shape).sort());
    expect(businessProfileSchema.parse(body)).toEqual(body);
  });

  it('builds the full URL on the request origin without APP_URL', async () => {
    const app = await createTestApp({ appUrl: undefined });
    try {
      const b = await createBusiness(app.database);
      const res = await profile(app, b.cookie, { host: 'crm.example.com' });
      expect(res.json()).toMatchObject({ webhookUrl: b.webhookToken, webhookEndpoint: `http://crm.example.com/api/webhook/${b.webhookToken}` });
    } finally {
      await app.close();
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/business/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('PATCH /api/business/profile', () => {
  it('saves name, e-mail (lower-cased), website and time zone; /api/auth/me and the profile read them back', async () => {
    const res = await patch({ ...valid, email: '  Sparkle@Example.COM ', timeZone: 'America/Los_Angeles' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Sparkle & Shine', email: 'sparkle@example.com', websiteUrl: 'https://www.sparkle.example.com', timeZone: 'America/Los_Angeles' });
    expect(await row(biz.id)).toEqual({ name: 'Sparkle & Shine', email: 'sparkle@example.com', website_url: 'https://www.sparkle.example.com', time_zone: 'America/Los_Angeles' });
    const me = (await signedIn(t.app, biz.cookie).get('/api/auth/me')).json().business;
    expect(me).toMatchObject({ name: 'Sparkle & Shine', email: 'sparkle@example.com', websiteUrl: 'https://www.sparkle.example.com' });
    expect((await profile(t, biz.cookie)).json().timeZone).toBe('America/Los_Angeles');
  });

  it('keeps the website and time zone when they are absent, and clears the website with an empty string or null', async () => {
    await patch({ ...valid, timeZone: 'America/Chicago' });
    expect(await patch({ name: 'Sparkle Two', email: 'sparkle@example.com' })).toHaveProperty('statusCode', 200);
    expect(await row(biz.id)).toMatchObject({ name: 'Sparkle Two', website_url: 'https://www.sparkle.example.com', time_zone: 'America/Chicago' });
    await patch({ ...valid, websiteUrl: '' });
    expect((await row(biz.id)).website_url).toBeNull();
    await patch({ ...valid, websiteUrl: 'https://www.sparkle.example.com' });
    await patch({ ...valid, websiteUrl: null });
    expect((await row(biz.id)).website_url).toBeNull();
  });

  it('signs in with the new e-mail afterwards, not with the old one', async () => {
    const own = await createBusiness(t.database, { email: 'before@example.com', password: 'secret123' });
    expect((await patch({ name: 'Moved', email: 'after@example.com' }, own.cookie)).statusCode).toBe(200);
    const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
    expect((await login('after@example.com')).statusCode).toBe(200);
    expect((await login('before@example.com')).statusCode).toBe(401);
  });

  it("refuses an e-mail another business's person signs in with (409)", async () => {
    const own = await createBusiness(t.database);
    const other = await createBusiness(t.database);
    const [person] = await t.database.query<{ email: string }>("insert into people (business_id, email, name, password_hash, role) values ($1, 'crew.lead@example.com', 'Crew', 'x', 'staff') returning email", [other.id]);
    const res = await patch({ name: 'Taken', email: person.email }, own.cookie);
    expect(res.statusCode).toBe(409);
  });

  it('a changed e-mail voids reset links sent to the old one; an unchanged one keeps them', async () => {
    const own = await createBusiness(t.database, { email: 'resets@example.com' });
    const addToken = () =>
      t.database.query("insert into password_reset_tokens (business_id, person_id, token, expires_at) values ($1, $2, md5(random()::text), now() + interval '1 hour')", [own.id, own.ownerId]);
    const tokens = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from password_reset_tokens where business_id = $1', [own.id]))[0].n;
    await addToken();
    await patch({ name: 'Same Mail', email: 'RESETS@example.com' }, own.cookie);
    expect(await tokens()).toBe(1);
    await patch({ name: 'New Mail', email: 'resets2@example.com' }, own.cookie);
    expect(await tokens()).toBe(0);
  });

  it('refuses an e-mail another business has, whatever its case (409), and changes nothing', async () => {
    const before = await row(biz.id);
    for (const email of ['taken.owner@example.com', 'TAKEN.OWNER@EXAMPLE.COM']) {
      const res = await patch({ ...valid, name: 'Thief', email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PROFILE_MESSAGES.emailTaken });
    }
    expect(await row(biz.id)).toEqual(before);
    expect((await row(other.id)).email).toBe('taken.owner@example.com');
  });

  it.each([
    [{ ...valid, name: '' }, 'Business name is required'],
    [{ ...valid, name: '   ' }, 'Business name is required'],
    [{ email: valid.email }, 'Business name is required'],
    [{ ...valid, name: 42 }, 'Business name is required'],
    [{ ...valid, name: 'x'.repeat(121) }, 'Business name must be at most 120 characters'],
    [{ ...valid, email: 'not-an-email' }, 'Invalid email address'],
    [{ ...valid, email: '' }, 'Invalid email address'],
    [{ name: 'Sparkle' }, 'Invalid email address'],
    [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, 'Invalid email address'],
    [{ ...valid, email: ['a@example.com'] }, 'Invalid email address'],
    [{ ...valid, websiteUrl: 'http://www.sparkle.example.com' }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, websiteUrl: 'www.sparkle.example.com' }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, websiteUrl: 'https://localhost:3000' }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, websiteUrl: 'javascript:alert(1)' }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, websiteUrl: 'https://exa mple.com' }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, websiteUrl: `https://example.com/${'x'.repeat(500)}` }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, websiteUrl: 7 }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...valid, timeZone: 'Mars/Olympus_Mons' }, 'Please choose a time zone from the list'],
    [{ ...valid, timeZone: '' }, 'Please choose a time zone from the list'],
    [{ ...valid, timeZone: null }, 'Please choose a time zone from the list'],
    [{ ...valid, timeZone: "America/New_York'; drop table businesses; --" }, 'Please choose a time zone from the list'],
    [[], 'Request body must be a JSON object'],
  ])('refuses %j: %s, writing nothing', async (body, message) => {
    const before = await row(biz.id);
    const res = await patch(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await row(biz.id)).toEqual(before);
  });

  it('needs a session and a same-site Origin', async () => {
    const anon = await t.app.inject({ method: 'PATCH', url: '/api/business/profile', payload: valid });
    expect(anon.statusCode).toBe(401);
    const before = await row(biz.id);
    const cross = await patch({ ...valid, name: 'From elsewhere' }, biz.cookie, { origin: 'https://evil.example.com' });
    expect(cross.statusCode).toBe(403);
    expect(await row(biz.id)).toEqual(before);
  });
});
