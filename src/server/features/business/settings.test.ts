import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_REVIEW_LINK_MESSAGE, WEBHOOK_REGENERATED } from '../../../shared/schemas/business';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// PUT /api/business/settings (the Google review link) and POST /api/business/webhook/regenerate (docs/settings.md).

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Sparkle Clean' });
});
afterAll(() => t.close());

const put = (payload: unknown, cookie = biz.cookie, headers: Record<string, string> = {}) =>
  signedIn(t.app, cookie, headers).put('/api/business/settings', payload as object);
const stored = async (id = biz.id) =>
  (
    await t.database.query<{ b: string | null; o: string | null }>(
      'select b.google_review_link as b, o.google_review_link as o from businesses b left join outreach_settings o on o.business_id = b.id where b.id = $1',
      [id],
    )
  )[0];
const outreach = () => signedIn(t.app, biz.cookie).get('/api/outreach/settings');

describe('PUT /api/business/settings', () => {
  it('states the allowed beginnings in its message', () => {
    expect(GOOGLE_REVIEW_LINK_MESSAGE).toBe(
      'Please enter a valid Google review link starting with https://g.page/r/, https://g.page/, https://www.google.com/maps/ or https://search.google.com/local/writereview',
    );
  });

  it.each([
    'https://g.page/r/CabcXYZ123/review',
    'https://g.page/sparkle-clean',
    'https://www.google.com/maps/place/Sparkle+Clean/@30.2,-97.7,15z',
    'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    'HTTPS://G.PAGE/r/CabcXYZ123/review',
  ])('saves %s in the business and in its outreach settings (one value); profile, /api/auth/me and outreach settings read it', async (link) => {
    const res = await put({ googleReviewLink: `  ${link} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, googleReviewLink: link });
    expect(await stored()).toEqual({ b: link, o: link });
    expect((await signedIn(t.app, biz.cookie).get('/api/business/profile')).json().googleReviewLink).toBe(link);
    expect((await signedIn(t.app, biz.cookie).get('/api/auth/me')).json().business.googleReviewLink).toBe(link);
    expect((await outreach()).json().googleReviewLink).toBe(link);
  });

  it('clears the link with an empty string or null (optional)', async () => {
    await put({ googleReviewLink: 'https://g.page/r/abc/review' });
    expect((await put({ googleReviewLink: '' })).json()).toEqual({ success: true, googleReviewLink: null });
    expect(await stored()).toEqual({ b: null, o: null });
    await put({ googleReviewLink: 'https://g.page/r/abc/review' });
    await put({ googleReviewLink: null });
    expect(await stored()).toEqual({ b: null, o: null });
  });

  it('the SMS templates path saves the same one value, so a {googleReviewLink} text renders what Settings shows', async () => {
    await put({ googleReviewLink: 'https://g.page/r/first/review' });
    const current = (await outreach()).json();
    const res = await signedIn(t.app, biz.cookie).post('/api/outreach/settings', {
      referralDiscount: current.referralDiscount,
      customMessages: current.customMessages,
      googleReviewLink: 'https://g.page/r/second/review',
    });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toEqual({ b: 'https://g.page/r/second/review', o: 'https://g.page/r/second/review' });
    expect((await signedIn(t.app, biz.cookie).get('/api/business/profile')).json().googleReviewLink).toBe('https://g.page/r/second/review');
  });

  it.each([
    [{ googleReviewLink: 'https://example.com/review' }],
    [{ googleReviewLink: 'https://g.page/' }],
    [{ googleReviewLink: 'https://www.google.com/maps' }],
    [{ googleReviewLink: 'http://g.page/r/abc/review' }],
    [{ googleReviewLink: 'https://g.page.evil.example/r/abc' }],
    [{ googleReviewLink: 'https://evil.example/https://g.page/r/abc' }],
    [{ googleReviewLink: 'https://g.page/r/a b' }],
    [{ googleReviewLink: `https://g.page/r/${'x'.repeat(500)}` }],
    [{ googleReviewLink: 'javascript:alert(1)//https://g.page/r/' }],
    [{ googleReviewLink: 42 }],
    [{ googleReviewLink: ['https://g.page/r/abc'] }],
    [{}],
  ])('refuses %j with the message, writing nothing', async (body) => {
    await put({ googleReviewLink: 'https://g.page/r/kept/review' });
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: GOOGLE_REVIEW_LINK_MESSAGE });
    expect(await stored()).toEqual({ b: 'https://g.page/r/kept/review', o: 'https://g.page/r/kept/review' });
  });

  it('refuses a body that is not an object', async () => {
    const res = await put([]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body must be a JSON object' });
  });

  it('needs a session and a same-site Origin', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/business/settings', payload: { googleReviewLink: null } })).statusCode).toBe(401);
    await put({ googleReviewLink: 'https://g.page/r/kept/review' });
    expect((await put({ googleReviewLink: null }, biz.cookie, { origin: 'https://evil.example.com' })).statusCode).toBe(403);
    expect((await stored()).b).toBe('https://g.page/r/kept/review');
  });
});

describe('POST /api/business/webhook/regenerate', () => {
  const hook = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhook/${token}`,
      payload: { client_name: 'Hook Client', client_email: 'hook@example.com', appointment_date: '2025-02-03', status: 'Completed' },
    });
  const tokenOf = async (id: number) => (await t.database.query<{ w: string }>('select webhook_url as w from businesses where id = $1', [id]))[0].w;
  const logCount = async (id: number) => (await t.database.query<{ n: number }>('select count(*)::int as n from webhook_logs where business_id = $1', [id]))[0].n;

  it('gives a new random token: the old URL stops working at once, the new one works, the log is kept', async () => {
    const b = await createBusiness(t.database);
    expect((await hook(b.webhookToken)).statusCode).toBe(200);
    const logsBefore = await logCount(b.id);
    expect(logsBefore).toBe(1);

    const res = await signedIn(t.app, b.cookie).post('/api/business/webhook/regenerate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: WEBHOOK_REGENERATED });
    const fresh = await tokenOf(b.id);
    expect(fresh).not.toBe(b.webhookToken);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await hook(b.webhookToken)).statusCode).toBe(404);
    expect((await hook(fresh)).statusCode).toBe(200);
    expect(await logCount(b.id)).toBe(logsBefore + 1);
    const profile = (await signedIn(t.app, b.cookie).get('/api/business/profile')).json();
    expect(profile.webhookUrl).toBe(fresh);
    expect(profile.webhookEndpoint).toBe(`http://localhost:3000/api/webhook/${fresh}`);
  });

  it("changes only the caller's token", async () => {
    const a = await createBusiness(t.database);
    const b = await createBusiness(t.database);
    await signedIn(t.app, b.cookie).post('/api/business/webhook/regenerate');
    expect(await tokenOf(a.id)).toBe(a.webhookToken);
  });

  it('needs a session and a same-site Origin', async () => {
    const b = await createBusiness(t.database);
    expect((await t.app.inject({ method: 'POST', url: '/api/business/webhook/regenerate' })).statusCode).toBe(401);
    const cross = await t.app.inject({ method: 'POST', url: '/api/business/webhook/regenerate', headers: { cookie: b.cookie, origin: 'https://evil.example.com' } });
    expect(cross.statusCode).toBe(403);
    expect(await tokenOf(b.id)).toBe(b.webhookToken);
  });
});
