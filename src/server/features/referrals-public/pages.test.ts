import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDALONE_PAGES } from '../../platform/web-app';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { signedIn } from '../../testing/requests';
import { createWebTestApp } from '../../testing/web-app';

// /refer is the referral page's own small page for everyone; /ref/CODE (the hosted share link) redirects to it.

let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;
let owner: TestBusiness;

beforeAll(async () => {
  web = await createWebTestApp({
    'index.html': '<!doctype html><div id="root"></div><!-- app shell -->',
    [STANDALONE_PAGES['/refer']]: '<!doctype html><main id="refer">Loading your reward…</main>',
  });
  app = web.app;
  owner = await createBusiness(web.t.database);
});
afterAll(() => web.close());

describe('the public referral page', () => {
  it.each([
    ['signed out, with a code', '/refer?code=ALICE-7K3QX', false],
    ['signed out, without a code', '/refer', false],
    ['an owner signed in', '/refer?code=ALICE-7K3QX', true],
  ])('%s: its own page, not the app', async (_label, url, signedIn) => {
    const res = await app.inject({ url, headers: signedIn ? { cookie: owner.cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Loading your reward');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('/ref/CODE redirects to /refer?code=CODE (302), unknown codes too', async () => {
    for (const [code, location] of [
      ['ALICE-7K3QX', '/refer?code=ALICE-7K3QX'],
      ['NOBODY', '/refer?code=NOBODY'],
      ['a b&c=d', '/refer?code=a%20b%26c%3Dd'],
    ]) {
      const res = await app.inject({ url: `/ref/${encodeURIComponent(code)}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
    }
  });

  it('other paths still get the app', async () => {
    const res = await signedIn(app, owner.cookie).get('/referrals');
    expect(res.body).toContain('app shell');
  });
});
