import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { API_CONTRACT_DIR, API_CONTRACT_FILE, openApiPath, renderApiContract } from './api-contract';
import { API_REFERENCE_URL, OPENAPI_URL } from './openapi';
import { routeKey, type RouteEntry } from './route-table';

// One contract (docs/api-reference.md): every route declares its reply, the served OpenAPI document lists every
// route, and the web app's generated types are the document's as it is now.

let t: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp();
  // The API's routes; public pages in the table (the review link /r/:token) are the browser's, not the document's.
  routes = t.app.routeTable().filter((r) => r.url.startsWith('/api/'));
});
afterAll(() => t.close());

type Doc = { openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> };

describe('the API contract', () => {
  it('has a reply schema on every route', () => {
    const withoutReply = routes.filter((r) => !(r.schema as { response?: unknown } | undefined)?.response);
    expect(withoutReply.map(routeKey)).toEqual([]);
  });

  it('is served as an OpenAPI 3.1 document that lists every route, with its access', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(routes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
    for (const r of routes) {
      const op = doc.paths[openApiPath(r.url)][r.method.toLowerCase()];
      expect(op.security?.length ? 'session' : 'public', routeKey(r)).toBe(r.access);
    }
  });

  it('is current in the web app: run `npm run routes:index` after changing a route or its schemas', async () => {
    const contract = await renderApiContract(t.app.swagger(), routes);
    const written = [API_CONTRACT_FILE, ...fs.readdirSync(API_CONTRACT_DIR).map((f) => `${API_CONTRACT_DIR}/${f}`)];
    expect(written.sort()).toEqual([...contract.keys()].sort());
    for (const [file, text] of contract) {
      expect(fs.readFileSync(file, 'utf8'), file).toBe(text);
      expect(text.split('\n').length, file).toBeLessThanOrEqual(400);
    }
  });

  it('has a reference page that lists every route and keeps the app\'s Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_REFERENCE_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');
    for (const r of routes) expect(res.body, routeKey(r)).toContain(`<code>${openApiPath(r.url)}</code>`);
  });
});
