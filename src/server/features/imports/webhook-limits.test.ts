import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { pruneWebhookLogsJob } from './jobs';
import { payloadExcerpt, WEBHOOK_BODY_LIMIT, WEBHOOK_CALLS_PER_MINUTE, WEBHOOK_LOG_EXCERPT_CHARS, WEBHOOK_LOG_KEEP_PER_BUSINESS } from './webhook-limits';
import { signedIn } from '../../testing/requests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hook = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/webhook/${token}`, payload: payload as any, headers });
const logCount = async (businessId: number) =>
  (await t.database.query<{ n: number }>('select count(*)::int n from webhook_logs where business_id = $1', [businessId]))[0].n;
const pending = (i: number) => ({ client_name: `Pending ${i}`, client_email: `p${i}@example.com`, appointment_date: '2024-05-01', status: 'Pending' });

describe('webhook rate limit', () => {
  it(`answers 429 with Retry-After after ${WEBHOOK_CALLS_PER_MINUTE} calls a minute on one token, and logs nothing past it`, async () => {
    const biz = await createBusiness(t.database);
    const other = await createBusiness(t.database);
    for (let i = 0; i < WEBHOOK_CALLS_PER_MINUTE; i += 1) {
      const res = await hook(biz.webhookToken, pending(i));
      expect(res.statusCode).toBe(200);
    }
    const over = await hook(biz.webhookToken, pending(999));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds? and try again\.$/) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await logCount(biz.id)).toBe(WEBHOOK_CALLS_PER_MINUTE);
    // Another business's token has its own budget.
    expect((await hook(other.webhookToken, pending(0))).statusCode).toBe(200);
  });

  it('accepts calls from another site (the webhook is called by Zapier, not by a page of this app)', async () => {
    const biz = await createBusiness(t.database);
    const res = await hook(biz.webhookToken, pending(1), { origin: 'https://hooks.zapier.com' });
    expect(res.statusCode).toBe(200);
  });
});

describe('webhook body cap and log excerpt', () => {
  it('refuses a body over the cap with 413 and a message, and logs nothing', async () => {
    const biz = await createBusiness(t.database);
    const res = await hook(biz.webhookToken, { ...pending(1), notes: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await logCount(biz.id)).toBe(0);
  });

  it('stores a bounded excerpt of a large payload that still names the client', async () => {
    const biz = await createBusiness(t.database);
    const payload = {
      client: { name: 'Big Payload', email: 'big@example.com' },
      job: { date: '2024-05-01', status: 'Completed', notes: '😀'.repeat(2000) },
      extra: Array.from({ length: 100 }, (_, i) => ({ i, deep: { deeper: { deepest: { x: i } } } })),
    };
    expect(JSON.stringify(payload).length).toBeGreaterThan(WEBHOOK_LOG_EXCERPT_CHARS);
    expect((await hook(biz.webhookToken, payload)).statusCode).toBe(200);
    const [row] = await t.database.query<{ n: number; payload: any }>(
      'select length(payload::text)::int n, payload from webhook_logs where business_id = $1',
      [biz.id],
    );
    expect(row.n).toBeLessThanOrEqual(WEBHOOK_LOG_EXCERPT_CHARS + 200);
    expect(row.payload.client.name).toBe('Big Payload');
    const logs = await signedIn(t.app, biz.cookie).get('/api/webhook-logs');
    expect(logs.json()[0]).toMatchObject({ clientName: 'Big Payload', status: 'success' });
  });

  it('keeps a small payload as it came, and cuts anything else to the excerpt size', () => {
    const small = { client_name: 'Small', status: 'Completed' };
    expect(payloadExcerpt(small)).toEqual(small);
    const flat = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'.repeat(50)]));
    expect(JSON.stringify(payloadExcerpt(flat)).length).toBeLessThanOrEqual(WEBHOOK_LOG_EXCERPT_CHARS + 100);
    const text = 'line\n'.repeat(2000);
    const cutText = payloadExcerpt(text) as string;
    expect(cutText.length).toBeLessThanOrEqual(201);
    // Never half a surrogate pair: PostgreSQL refuses a lone one in jsonb.
    const emoji = payloadExcerpt('😀'.repeat(3000)) as string;
    expect(emoji.endsWith('😀…')).toBe(true);
  });
});

describe('imports.prune-webhook-logs', () => {
  it(`drops logs older than 30 days and all but the newest ${WEBHOOK_LOG_KEEP_PER_BUSINESS} of each business`, async () => {
    const busy = await createBusiness(t.database);
    const quiet = await createBusiness(t.database);
    await t.database.query(
      `insert into webhook_logs (business_id, payload, status, created_at)
         select $1, jsonb_build_object('n', g), 'success', now() - g * interval '1 second' from generate_series(1, $2::int) g`,
      [busy.id, WEBHOOK_LOG_KEEP_PER_BUSINESS + 50],
    );
    await t.database.query(
      `insert into webhook_logs (business_id, payload, status, created_at) values
         ($1, '{"age":"old"}', 'success', now() - interval '31 days'), ($1, '{"age":"recent"}', 'success', now() - interval '29 days')`,
      [quiet.id],
    );

    await pruneWebhookLogsJob.handler({}, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs });

    expect(await logCount(busy.id)).toBe(WEBHOOK_LOG_KEEP_PER_BUSINESS);
    const [oldest] = await t.database.query<{ n: number }>(
      `select min((payload->>'n')::int) n from webhook_logs where business_id = $1`,
      [busy.id],
    );
    expect(oldest.n).toBe(1); // the newest rows stay
    const kept = await t.database.query<{ age: string }>(`select payload->>'age' age from webhook_logs where business_id = $1`, [quiet.id]);
    expect(kept).toEqual([{ age: 'recent' }]);
  });
});
