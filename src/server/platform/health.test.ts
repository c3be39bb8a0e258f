import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the app and the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', kind: t.database.kind } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });

  it('answers 503 when the database is gone', async () => {
    const broken = { ...t.database, query: async () => Promise.reject(new Error('down')) };
    const { buildApp } = await import('../app');
    const app = await buildApp({ ...t.app.deps, database: broken });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ message: 'The database is not answering', database: { status: 'down' } });
    await app.close();
  });

  it('on PostgreSQL answers 503 when the database does not answer in time; PGlite (in-process, busy rather than down) is waited for', async () => {
    const { HEALTH_DATABASE_TIMEOUT_MS } = await import('./health');
    const hung = { ...t.database, query: () => new Promise<never>(() => {}) };
    const slow = {
      ...t.database,
      query: () => new Promise<never[]>((resolve) => setTimeout(() => resolve([]), HEALTH_DATABASE_TIMEOUT_MS + 200)),
    };
    const { buildApp } = await import('../app');
    const app = await buildApp({ ...t.app.deps, database: t.database.kind === 'pg' ? hung : slow });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    if (t.database.kind === 'pg') {
      expect(res.statusCode).toBe(503);
      expect(res.json().database).toEqual({ kind: 'pg', status: 'down' });
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.json().database).toMatchObject({ kind: 'pglite', status: 'ok' });
    }
    await app.close();
  });
});
