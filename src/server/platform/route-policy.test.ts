import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { installErrorHandler } from './errors';
import { installAccessRule, installRoutePolicy, policyOf } from './route-policy';

// The rules on a bare app (no database: a request without a session cookie never reaches it).
let app: FastifyInstance;
afterEach(() => app?.close());

async function appWith(register: (api: FastifyInstance) => void) {
  app = Fastify();
  app.decorateRequest('auth', null);
  await app.register(cookie);
  installErrorHandler(app);
  await installRoutePolicy(app, { appUrl: 'https://app.example.com' });
  await app.register(
    async (api) => {
      installAccessRule(api, {} as Db);
      register(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const ok = async () => ({ ok: true });

describe('access', () => {
  it('needs a session unless the route says public', async () => {
    await appWith((api) => {
      api.get('/private', ok);
      api.get('/open', { config: { access: 'public' } }, ok);
    });
    const res = await app.inject({ method: 'GET', url: '/api/private' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
  });

  it('refuses a route declared with an unknown rule when it is registered', async () => {
    await expect(appWith((api) => api.get('/odd', { config: { access: 'everyone' as never } }, ok))).rejects.toThrow(/config\.access/);
    await expect(appWith((api) => api.get('/odd', { config: { access: 'public', origin: 'all' as never } }, ok))).rejects.toThrow(/config\.origin/);
  });
});

describe('origin', () => {
  const foreign = { origin: 'https://evil.example', 'content-type': 'application/json' };

  it("refuses a state-changing request from another site unless the route says origin 'any'", async () => {
    await appWith((api) => {
      api.post('/form', { config: { access: 'public' } }, ok);
      api.post('/hook', { config: { access: 'public', origin: 'any' } }, ok);
    });
    const refused = await app.inject({ method: 'POST', url: '/api/form', headers: foreign, payload: '{}' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This request came from another site and was refused.' });
    expect((await app.inject({ method: 'POST', url: '/api/hook', headers: foreign, payload: '{}' })).statusCode).toBe(200);
    const own = { ...foreign, origin: 'https://app.example.com' };
    expect((await app.inject({ method: 'POST', url: '/api/form', headers: own, payload: '{}' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/form', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(200);
  });
});

describe('body limit and rate limit', () => {
  it('caps the body of a route that sets bodyLimit with a 413 message', async () => {
    await appWith((api) => api.post('/small', { config: { access: 'public', bodyLimit: 100 } }, ok));
    const res = await app.inject({ method: 'POST', url: '/api/small', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'y'.repeat(200) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 429 with Retry-After and a message past a route rate limit, counted per key', async () => {
    await appWith((api) =>
      api.post('/limited/:key', { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000, keyGenerator: (r) => (r.params as { key: string }).key } } }, ok),
    );
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'POST', url: '/api/limited/a' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/api/limited/a' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds? and try again\.$/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ method: 'POST', url: '/api/limited/b' })).statusCode).toBe(200);
  });
});

describe('policyOf', () => {
  it('shows the rules a route runs under, defaults filled in', async () => {
    const seen: Record<string, unknown>[] = [];
    await appWith((api) => {
      api.addHook('onRoute', (route) => {
        if (route.method === 'HEAD') return;
        seen.push({ url: route.url, ...policyOf(route.config) });
      });
      api.get('/private', ok);
      api.post('/hook', { config: { access: 'public', origin: 'any', bodyLimit: 1000 } }, ok);
    });
    expect(seen).toEqual([
      { url: '/api/private', access: 'session', role: 'manager', origin: 'same', bodyLimit: undefined, rateLimit: undefined },
      { url: '/api/hook', access: 'public', role: undefined, origin: 'any', bodyLimit: 1000, rateLimit: undefined },
    ]);
  });
});
