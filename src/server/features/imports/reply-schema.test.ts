import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from '../../demo/seed-demo';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// Upload history and webhook logs are read back from jsonb written by other code (the demo seed, earlier
// versions): their reply schemas (shared/schemas/imports.ts) must accept what is kept, not only what an
// upload writes today, or the Data Sources screen gets a 500.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.database);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  cookie = String(login.headers['set-cookie']).split(';')[0];
});
afterAll(() => t.close());

describe('imports replies of the demo business', () => {
  it('list the seeded upload, whose previews have no service date or amount', async () => {
    const res = await signedIn(t.app, cookie).get('/api/csv-uploads');
    expect(res.statusCode).toBe(200);
    const [upload] = res.json();
    expect(upload).toMatchObject({ fileName: 'jobber-export-2026.csv', failureReason: null });
    expect(upload.clientPreviews.length).toBeGreaterThan(0);
    expect(upload.clientPreviews[0]).not.toHaveProperty('serviceDate');
  });

  it('list the seeded webhook calls on both paths', async () => {
    for (const url of ['/api/webhook-logs', '/api/webhook/logs']) {
      const res = await signedIn(t.app, cookie).get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(3);
      expect(res.json()[0]).toMatchObject({ status: 'success', errorMessage: null });
    }
  });
});
