import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../../platform/jobs/index';
import { waitFor } from '../../../platform/jobs/testing';
import { approveRegistration, createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { queueTexts } from './enqueue';
import { deliverTextJob } from './jobs';
import { signedIn } from '../../../testing/requests';

// Fair queue (docs/sms-outbox.md): one business's bulk whose texts fall due together never holds another
// business's thank-you behind it. Through the real queue: business A's number may send 1,000 segments a second,
// so its whole bulk is due at once; business B's thank-you is queued right after it.

// 100 texts: five of the queue's fetches of 20, enough to tell "at most two fetches ahead" (fair) from "the whole
// bulk ahead" (oldest first). The queue fetches every half second, so a round drains in about 3 s alone; each
// round is a test of its own, and one that has not drained by DRAIN_MS fails as the wait's, within the suite's 30 s.
const BULK = 100;
const DRAIN_MS = 25_000;
const post = (t: TestApp, cookie: string, url: string, payload: unknown) => signedIn(t.app, cookie).post(url, payload as object);

async function withNumber(t: TestApp, name: string, areaCode: string): Promise<TestBusiness & { number: string }> {
  const biz = await createBusiness(t.database, { name });
  const numbers = (await post(t, biz.cookie, '/api/sms/search-numbers', { areaCode })).json().numbers;
  const bought = await post(t, biz.cookie, '/api/sms/purchase-number', { phoneNumber: numbers[0].phoneNumber });
  expect(bought.statusCode).toBe(200);
  await approveRegistration(t.database, biz.id);
  return { ...biz, number: numbers[0].phoneNumber };
}

async function addClients(t: TestApp, biz: TestBusiness, n: number, code: string): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `insert into clients (business_id, name, phone, referral_code, total_bookings)
     select $1::int, 'Client ' || g, '+1' || $2 || '55' || lpad(g::text, 5, '0'), 'F' || $1::int || 'X' || g, 1 from generate_series(1, $3::int) g
     returning id`,
    [biz.id, code, n],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The queue as it was before fair ordering: every delivery job fetched oldest first. */
const withoutPriority = (jobs: JobQueue): JobQueue => ({
  send: (definition, data, options) => jobs.send(definition, data, { ...options, priority: undefined }),
  sendMany: (definition, items) => jobs.sendMany(definition, items.map((item) => ({ ...item, priority: undefined }))),
});

type FairnessRun = { aheadOfThankYou: number; thankYouMs: number; bulkMs: number };

async function bulkThenThankYou(t: TestApp, jobs: JobQueue, round: number): Promise<FairnessRun> {
  const a = await withNumber(t, `Bulk Co ${round}`, '512');
  const b = await withNumber(t, `Thanks Co ${round}`, '737');
  await t.database.query(`insert into sms_number_pacing (number, next_free_at, segments_per_second) values ($1, now(), 1000)`, [a.number]);
  const aClients = await addClients(t, a, BULK, `51${round}`);
  const [bClient] = await addClients(t, b, 1, `73${round}`);
  const ctx = { database: t.database, jobs };
  const started = Date.now();
  await queueTexts(ctx, a.id, aClients.map((clientId) => ({ clientId, kind: 'bulk' as const, key: `bulk:fair:${clientId}`, body: 'Spring special' })));
  const thankYouQueued = Date.now();
  const [thankYou] = await queueTexts(ctx, b.id, [{ clientId: bClient, kind: 'thankYou', key: `thank-you:fair:${bClient}`, body: 'Thank you!' }]);
  const statusOf = async (id: number) => (await t.database.query<{ status: string }>('select status from sms_outbox where id = $1', [id]))[0].status;
  await waitFor(async () => (await statusOf(thankYou.id)) === 'sent', DRAIN_MS);
  const sentCount = async () =>
    Number((await t.database.query<{ n: string }>(`select count(*) n from sms_outbox where business_id = $1 and status = 'sent'`, [a.id]))[0].n);
  await waitFor(async () => (await sentCount()) === BULK, DRAIN_MS);
  // When the provider was handed each text (the simulator's clock), in that order.
  const sent = t.sms.sent.filter((m) => m.from === a.number || m.from === b.number);
  const aheadOfThankYou = sent.findIndex((m) => m.from === b.number);
  return { aheadOfThankYou, thankYouMs: sent[aheadOfThankYou].at.getTime() - thankYouQueued, bulkMs: sent.at(-1)!.at.getTime() - started };
}

describe('fair queue: two businesses sending at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smsSendWindow: 'off' }, { jobs: [deliverTextJob] });
  });
  afterAll(() => t.close());

  let fair: FairnessRun | undefined; // for the second test's line of figures
  it(`a ${BULK}-text bulk due at once does not hold another business's thank-you behind it`, async () => {
    fair = await bulkThenThankYou(t, t.jobs, 1);
    // Fetched 20 at a time: at most the batch in hand and the next one go before it, never the whole bulk.
    expect(fair.aheadOfThankYou).toBeGreaterThanOrEqual(0);
    expect(fair.aheadOfThankYou).toBeLessThanOrEqual(40);
    expect(t.jobLog.errors).toEqual([]);
  });

  it('with every job fetched oldest first (the queue before this rule), the same thank-you waits for the bulk', async () => {
    const fifo = await bulkThenThankYou(t, withoutPriority(t.jobs), 2);
    expect(fifo.aheadOfThankYou).toBeGreaterThan(BULK - 40);
    expect(t.jobLog.errors).toEqual([]);
    console.log(`fair queue, ${BULK}-text bulk then a thank-you: texts of the bulk sent before the thank-you ${fair?.aheadOfThankYou} (oldest first: ${fifo.aheadOfThankYou}); thank-you after ${fair?.thankYouMs} ms (oldest first: ${fifo.thankYouMs} ms); bulk drained in ${fair?.bulkMs} ms`);
  });
});
