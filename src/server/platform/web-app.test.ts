import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../testing/factories';
import { IMMUTABLE, PRERENDERED, SIGNED_IN_PAGES } from './web-app';
import { signedIn } from '../testing/requests';
import { createWebTestApp } from '../testing/web-app';

// A built web app in miniature: the page, the prerendered landing page and one hashed script.
const script = `export const words = ${JSON.stringify('referral '.repeat(400))};\n`;
let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;
let owner: TestBusiness;

beforeAll(async () => {
  web = await createWebTestApp({
    'index.html': '<!doctype html><div id="root"></div><!-- app shell -->',
    [PRERENDERED['/']]: '<!doctype html><div id="root"><h1>Turn happy clients</h1></div>',
    [SIGNED_IN_PAGES['/clients']]: '<!doctype html><link rel="preload" as="fetch" href="/api/auth/me"><div id="root"></div>',
    'assets/main-AbC123xy.js': script,
  });
  app = web.app;
  owner = await createBusiness(web.t.database);
});
afterAll(() => web.close());

describe('serving the web app', () => {
  it('sends hashed files compressed and cacheable for a year', async () => {
    const br = await app.inject({ url: '/assets/main-AbC123xy.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/main-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('answers a missing script with a 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/gone-ZZ999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves the page for app routes, revalidated on every use', async () => {
    const res = await app.inject({ url: '/clients?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('app shell');
  });

  it('serves the prerendered landing page at / to visitors, and the app to signed-in owners', async () => {
    const visitor = await app.inject({ url: '/' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toMatch(/Cookie/i);
    expect(visitor.body).toContain('Turn happy clients');

    const owners = await signedIn(app, owner.cookie).get('/');
    expect(owners.body).toContain('app shell');
    // A query string can change what the screen shows: the app renders it.
    const withQuery = await app.inject({ url: '/?ref=text' });
    expect(withQuery.body).toContain('app shell');
  });

  it('serves the dashboard with its reads preloaded to a visitor with a session cookie only', async () => {
    const owned = await signedIn(app, owner.cookie).get('/clients');
    expect(owned.headers['cache-control']).toBe('no-cache');
    expect(owned.headers.vary).toMatch(/Cookie/i);
    expect(owned.body).toContain('rel="preload" as="fetch"');
    // /dashboard is the Activity Dashboard: the plain app shell, not the client dashboard's preloads.
    expect((await signedIn(app, owner.cookie).get('/dashboard')).body).toContain('app shell');

    const visitor = await app.inject({ url: '/clients' });
    expect(visitor.body).toContain('app shell');
    expect(visitor.headers.vary).toMatch(/Cookie/i);
    const withQuery = await signedIn(app, owner.cookie).get('/clients?page=2');
    expect(withQuery.body).toContain('app shell');
  });

  it('serves a real robots.txt', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
  });
});

describe('API replies', () => {
  it('are never stored by a cache, and are compressed when large', async () => {
    const res = await app.inject({
      url: '/api/analytics/booking-trends?days=365',
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveLength(365);
  });

  it('send no-store on errors and signed-out answers too', async () => {
    const me = await app.inject({ url: '/api/auth/me' });
    expect(me.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
