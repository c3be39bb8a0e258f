import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { WEBHOOK_UNKNOWN_TOKENS_PER_IP } from './webhook-limits';

// docs/clients-api.md "Webhook limits": unknown tokens per address, counted in the database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hook = (token: string, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/webhook/${token}`, payload: { client_name: 'Zed', client_email: 'zed@example.com', appointment_date: '2025-01-02', status: 'Completed' }, remoteAddress: ip });
const WAIT = /^Too many requests\. Please wait (\d+) seconds? and try again\.$/;
const { limit } = WEBHOOK_UNKNOWN_TOKENS_PER_IP;

describe('unknown webhook tokens per address', () => {
  it(`answers 404 for ${limit} unknown tokens, then 429 with Retry-After for every call from that address, known tokens too`, async () => {
    const biz = await createBusiness(t.database);
    for (let i = 0; i < limit; i++) {
      const res = await hook(`guess-${i}`, '10.8.0.1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Unknown webhook' });
    }
    const over = await hook('guess-more', '10.8.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(WAIT);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(WEBHOOK_UNKNOWN_TOKENS_PER_IP.windowSeconds);
    // A real token from the same address is refused alike, so the answers cannot tell a token that exists.
    const known = await hook(biz.webhookToken, '10.8.0.1');
    expect(known.statusCode).toBe(429);
    const [logs] = await t.database.query<{ n: number }>('select count(*)::int as n from webhook_logs where business_id = $1', [biz.id]);
    expect(logs.n).toBe(0);
    // Other addresses go on, the real token included.
    expect((await hook('guess-x', '10.8.0.2')).statusCode).toBe(404);
    expect((await hook(biz.webhookToken, '10.8.0.2')).statusCode).toBe(200);
  });

  it('never counts calls with a known token', async () => {
    const biz = await createBusiness(t.database);
    for (let i = 0; i < limit + 5; i++) expect((await hook(biz.webhookToken, '10.8.1.1')).statusCode).toBe(200);
    expect((await hook('guess-y', '10.8.1.1')).statusCode).toBe(404);
  });

  it('lets the address call again once the window has passed', async () => {
    for (let i = 0; i <= limit; i++) await hook(`g-${i}`, '10.8.2.1');
    expect((await hook('g', '10.8.2.1')).statusCode).toBe(429);
    await t.database.query("update rate_limits set reset_at = now() - interval '1 second' where key = $1", ['webhook-unknown:ip:10.8.2.1']);
    expect((await hook('g', '10.8.2.1')).statusCode).toBe(404);
  });
});
