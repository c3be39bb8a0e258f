import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLog, memoryQueue, fastJobs, waitFor } from '../../../platform/jobs/testing';
import { ownServiceSid } from '../../../testing/registration-details';
import { startJobs } from '../../../platform/jobs/index';
import { SmsProviderError } from '../../../providers/sms/types';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { deliverOutboxText, type DeliverContext } from './deliver';
import { deliverTextJob } from './jobs';
import { queueTexts } from './enqueue';
import { signedIn } from '../../../testing/requests';

// Delivery of queued texts: through the real queue (bulk end to end, a restart mid-send), and the rules of
// one delivery at a fixed clock (quiet hours, caps, cool-downs, claims, retries, recovery after a stop).

const post = (t: TestApp, cookie: string, url: string, payload: unknown) => signedIn(t.app, cookie).post(url, payload as object);
const get = (t: TestApp, cookie: string, url: string) => signedIn(t.app, cookie).get(url);

async function withNumber(t: TestApp, name: string): Promise<TestBusiness> {
  const biz = await createBusiness(t.database, { name });
  const numbers = (await post(t, biz.cookie, '/api/sms/search-numbers', { areaCode: '512' })).json().numbers;
  const bought = await post(t, biz.cookie, '/api/sms/purchase-number', { phoneNumber: numbers[0].phoneNumber });
  expect(bought.statusCode).toBe(200);
  // Registered for A2P with its own approved messaging service (docs/sms-registration.md).
  expect((await post(t, biz.cookie, '/api/sms/registration/existing', { messagingServiceSid: ownServiceSid() })).statusCode).toBe(200);
  return biz;
}
const addClients = async (t: TestApp, biz: TestBusiness, n: number, first = 200) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await post(t, biz.cookie, '/api/clients', { name: `Client${i} Smith`, email: `c${i}@example.com`, phone: `512555${first + i}`.padEnd(10, '0'), serviceDate: '2025-01-05', amount: 80 });
    ids.push(res.json().client.id);
  }
  return ids;
};

describe('through the real queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smsSendWindow: 'off' }, { jobs: [deliverTextJob] });
  });
  afterAll(() => t.close());

  it('a bulk send goes out, one text per client with the placeholders rendered, and the batch says finished', async () => {
    const biz = await withNumber(t, 'Bulk Co');
    const ids = await addClients(t, biz, 3);
    const { batch } = (await post(t, biz.cookie, '/api/sms/bulk', { clientIds: ids, message: 'Hi {clientName} from {businessName}' })).json();
    const done = await waitFor(async () => {
      const b = (await get(t, biz.cookie, `/api/sms/bulk/${batch.id}`)).json();
      return b.finished ? b : null;
    }, 20_000);
    expect(done).toMatchObject({ total: 3, sent: 3, failed: 0, skipped: 0, queued: 0, nextAt: null });
    const texts = await t.database.query<{ message_body: string; message_type: string; status: string }>(
      `select message_body, message_type, status from sms_messages where business_id = $1 and direction = 'outbound' order by id`,
      [biz.id],
    );
    expect(texts).toEqual(['Client0', 'Client1', 'Client2'].map((n) => ({ message_body: `Hi ${n} from Bulk Co`, message_type: 'bulk', status: 'sent' })));
    expect(t.jobLog.errors).toEqual([]);
  });

  it('a restart in the middle of a bulk send loses and duplicates nothing', async () => {
    const biz = await withNumber(t, 'Restart Co');
    const ids = await addClients(t, biz, 6, 300);
    const { batch } = (await post(t, biz.cookie, '/api/sms/bulk', { clientIds: ids, message: 'Hello {clientName}' })).json();
    const sentCount = async () => Number((await t.database.query<{ n: string }>(`select count(*) as n from sms_outbox where batch_id = $1 and status = 'sent'`, [batch.id]))[0].n);
    await waitFor(async () => (await sentCount()) >= 2, 20_000);
    await (t.jobs as unknown as { stop(): Promise<void> }).stop();
    const atStop = await sentCount();
    expect(atStop).toBeLessThan(6);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await sentCount()).toBe(atStop); // stopped: nothing goes out

    const log = memoryLog();
    const second = await startJobs({ database: t.database, log, sms: t.sms, origin: 'http://localhost', smsSendWindowOff: true }, [deliverTextJob], fastJobs);
    try {
      await waitFor(async () => (await sentCount()) === 6, 20_000);
    } finally {
      await second.stop();
    }
    const perNumber = await t.database.query<{ to_number: string; n: string }>(
      `select to_number, count(*) as n from sms_messages where business_id = $1 and direction = 'outbound' group by to_number`,
      [biz.id],
    );
    expect(perNumber).toHaveLength(6);
    expect(perNumber.every((r) => Number(r.n) === 1)).toBe(true);
    expect(t.sms.sent.filter((m) => m.body.startsWith('Hello Client'))).toHaveLength(6);
    expect(log.errors).toEqual([]);
  });
});

describe('one delivery, at a fixed clock', () => {
  let t: TestApp;
  let biz: TestBusiness;
  const jobs = memoryQueue();
  const enqueued: { id: number; notBefore: Date }[] = [];
  const enqueue = async (_ctx: unknown, row: { id: number; notBefore: Date }) => {
    enqueued.push({ id: row.id, notBefore: row.notBefore });
  };
  const ctxAt = (iso: string): DeliverContext => ({ database: t.database, sms: t.sms, jobs, origin: 'http://localhost', now: () => new Date(iso) });
  const row = async (id: number) =>
    (await t.database.query<{ status: string; reason: string | null; not_before: Date; attempts: number; message_id: number | null }>(
      'select status, reason, not_before, attempts, message_id from sms_outbox where id = $1',
      [id],
    ))[0];
  let n = 0;
  const queueOne = async (clientId: number, kind: 'bulk' | 'thankYou' | 'review' = 'bulk', at = '2026-11-22T05:00:00Z') => {
    await t.database.query('delete from sms_number_pacing'); // each test reads its own fixed clock
    const [r] = await queueTexts({ database: t.database, jobs }, biz.id, [{ clientId, kind, key: `test:${++n}`, body: `Hi {clientName} #${n}` }], { now: new Date(at) });
    return r.id;
  };

  let austin: number;
  let miami: number;
  beforeAll(async () => {
    t = await createTestApp();
    biz = await withNumber(t, 'Clock Co'); // time zone America/New_York (the default)
    [austin] = await addClients(t, biz, 1, 400); // 512: Texas, Central time
    miami = (await post(t, biz.cookie, '/api/clients', { name: 'Mia Beach', email: 'mia@example.com', phone: '3055550101', serviceDate: '2025-01-05' })).json().client.id;
  });
  afterAll(() => t.close());

  it('inside the window it is sent once; a second run of its job sends nothing', async () => {
    const id = await queueOne(austin);
    const ctx = ctxAt('2026-11-23T16:00:00Z'); // Monday 10:00 in Austin
    await deliverOutboxText(ctx, biz.id, id, enqueue);
    await deliverOutboxText(ctx, biz.id, id, enqueue);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(t.sms.sent.filter((m) => m.body === `Hi Client0 #${n}`)).toHaveLength(1);
  });

  it('two deliveries of one text at the same moment send it once', async () => {
    const id = await queueOne(austin);
    const ctx = ctxAt('2026-11-23T16:00:00Z');
    await Promise.all([deliverOutboxText(ctx, biz.id, id, enqueue), deliverOutboxText(ctx, biz.id, id, enqueue)]);
    expect(t.sms.sent.filter((m) => m.body === `Hi Client0 #${n}`)).toHaveLength(1);
  });

  it('at night it waits for the recipient’s window (Texas on Sunday: noon), then goes', async () => {
    const id = await queueOne(austin, 'bulk', '2026-11-22T08:00:00Z');
    await deliverOutboxText(ctxAt('2026-11-22T09:00:00Z'), biz.id, id, enqueue); // Sunday 03:00 in Austin
    const held = await row(id);
    expect(held.status).toBe('queued');
    expect(held.reason).toMatch(/Texas/);
    expect(new Date(held.not_before).toISOString()).toBe('2026-11-22T18:00:00.000Z'); // Sunday 12:00 Central
    expect(enqueued.at(-1)).toEqual({ id, notBefore: new Date('2026-11-22T18:00:00.000Z') });
    expect(t.sms.sent.some((m) => m.body === `Hi Client0 #${n}`)).toBe(false);
    await deliverOutboxText(ctxAt('2026-11-22T18:00:01Z'), biz.id, id, enqueue);
    expect((await row(id)).status).toBe('sent');
  });

  it('a Florida number gets at most 3 marketing texts in 24 hours; the 4th waits for the oldest to age out', async () => {
    for (const hoursAgo of [3, 2, 1]) {
      await t.database.query(
        `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, status, twilio_sid, "timestamp")
         values ($1, $2, 'outbound', '+15125550110', '+13055550101', 'earlier', 'bulk', 'sent', $3, $4)`,
        [biz.id, miami, `SMcap${hoursAgo}`, new Date(Date.parse('2026-11-23T16:00:00Z') - hoursAgo * 3_600_000)],
      );
    }
    const id = await queueOne(miami);
    await deliverOutboxText(ctxAt('2026-11-23T16:00:00Z'), biz.id, id, enqueue); // Monday 11:00 in Miami
    const held = await row(id);
    expect(held).toMatchObject({ status: 'queued', reason: expect.stringMatching(/Florida/) });
    expect(new Date(held.not_before).toISOString()).toBe('2026-11-24T13:00:00.000Z'); // the oldest + 24 h, 08:00 in Miami
    expect(t.sms.sent.some((m) => m.body === `Hi Mia #${n}`)).toBe(false);
  });

  it('a cool-down skips a second automated text of the same kind to the same client', async () => {
    const ctx = ctxAt('2026-11-23T16:00:00Z');
    const first = await queueOne(austin, 'thankYou');
    await deliverOutboxText(ctx, biz.id, first, enqueue);
    expect(await row(first)).toMatchObject({ status: 'sent', reason: null });
    const second = await queueOne(austin, 'thankYou');
    await deliverOutboxText(ctx, biz.id, second, enqueue);
    expect(await row(second)).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/at most one every 14 days/) });
  });

  it('a provider outage is retried later; a refusal fails with the provider’s reason', async () => {
    const ctx: DeliverContext = { ...ctxAt('2026-11-23T16:00:00Z'), sendWindowOff: true };
    const id = await queueOne(austin);
    t.sms.failNextSend();
    await deliverOutboxText(ctx, biz.id, id, enqueue);
    const retry = await row(id);
    expect(retry).toMatchObject({ status: 'queued', attempts: 1, reason: 'Retrying: The SMS provider could not be reached' });
    expect(new Date(retry.not_before).toISOString()).toBe('2026-11-23T16:01:00.000Z');
    await deliverOutboxText({ ...ctx, now: () => new Date('2026-11-23T16:01:00Z') }, biz.id, id, enqueue);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, reason: null });

    const refused = await queueOne(austin);
    t.sms.failNextSend(new SmsProviderError('The message was refused', 30007, 400));
    await deliverOutboxText(ctx, biz.id, refused, enqueue);
    expect(await row(refused)).toMatchObject({ status: 'failed', attempts: 1, reason: expect.stringMatching(/was not sent: The message was refused/) });
  });

  it('after a stop mid-send: nothing stored → sent now; stored without an answer → unknown, left to reconciliation, never sent twice', async () => {
    const ctx: DeliverContext = { ...ctxAt('2026-11-23T16:10:00Z'), sendWindowOff: true };
    const before = t.sms.sent.length;
    const notStored = await queueOne(austin);
    await t.database.query(`update sms_outbox set status = 'sending', updated_at = '2026-11-23T16:00:00Z' where id = $1`, [notStored]);
    await deliverOutboxText(ctx, biz.id, notStored, enqueue);
    expect((await row(notStored)).status).toBe('sent');
    expect(t.sms.sent.length).toBe(before + 1);

    const unknown = await queueOne(austin);
    const [msg] = await t.database.query<{ id: number }>(
      `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, status)
       values ($1, $2, 'outbound', '+15125550110', '+15125554000', 'x', 'bulk', 'pending') returning id`,
      [biz.id, austin],
    );
    await t.database.query(`update sms_outbox set status = 'sending', message_id = $2, updated_at = '2026-11-23T16:00:00Z' where id = $1`, [unknown, msg.id]);
    await deliverOutboxText(ctx, biz.id, unknown, enqueue);
    expect(await row(unknown)).toMatchObject({ status: 'sending', message_id: msg.id, reason: expect.stringMatching(/^Checking with the SMS provider/) });
    expect((await t.database.query<{ status: string }>('select status from sms_messages where id = $1', [msg.id]))[0].status).toBe('unknown');
    await deliverOutboxText({ ...ctx, now: () => new Date('2026-11-23T16:30:00Z') }, biz.id, unknown, enqueue); // later runs leave it to reconciliation
    expect((await row(unknown)).status).toBe('sending');
    expect(t.sms.sent.length).toBe(before + 1);

    // A row another worker is sending right now (updated a moment ago) is left alone.
    const busy = await queueOne(austin);
    await t.database.query(`update sms_outbox set status = 'sending', updated_at = '2026-11-23T16:09:30Z' where id = $1`, [busy]);
    await deliverOutboxText(ctx, biz.id, busy, enqueue);
    expect((await row(busy)).status).toBe('sending');
  });
});
