import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness, setSendingNumber } from '../../../testing/factories';
import { ownServiceSid } from '../../../testing/registration-details';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { memoryQueue } from '../../../platform/jobs/testing';
import { signedIn } from '../../../testing/requests';
import { addClient as addClientThroughApi } from '../../../testing/clients';

// POST /api/sms/bulk: the selection is checked whole; each text becomes a paced outbox row with a job.
// (Delivery through the real queue: delivery.test.ts.)

let t: TestApp;
let biz: TestBusiness;
let other: TestBusiness;
beforeAll(async () => {
  t = await createTestApp({ smsSendWindow: 'off' }); // queue-time holds for closed windows: pacing.test.ts, at a fixed clock
  biz = await createBusiness(t.database, { name: 'Sparkle Clean' });
  other = await createBusiness(t.database, { name: 'Other Co' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = biz.cookie) => signedIn(t.app, cookie).post(url, payload as object);
const get = (url: string, cookie = biz.cookie) => signedIn(t.app, cookie).get(url);
const addClient = async (name: string, phone: string | null, cookie = biz.cookie) => (await addClientThroughApi(t.app, { cookie }, name, phone, { serviceDate: '2025-01-05', amount: 80 })).id;
const outboxCount = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from sms_outbox where business_id = $1', [biz.id]))[0].n);
const queued = () => (t.jobs as ReturnType<typeof memoryQueue>).sent.filter((j) => j.name === 'sms.deliver-text');

let ann: number;
let ben: number;
let cat: number;
let noPhone: number;
beforeAll(async () => {
  ann = await addClient('Ann Lee', '(512) 555-0102');
  ben = await addClient('Ben Ortiz', '512-555-0103');
  cat = await addClient('Cat Diaz', '5125550104');
  noPhone = await addClient('Dee Nophone', null);
});

describe('refusals write nothing', () => {
  it('without a business number: 409 with the send service sentence', async () => {
    const res = await post('/api/sms/bulk', { clientIds: [ann], message: 'Hi {clientName}' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your business has no SMS number yet, so no text was sent. Choose one under SMS Management (Setup) first.');
    expect(await outboxCount()).toBe(0);
  });

  it('bad input: the spec-like messages, never 5xx', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Please select at least one client'],
      [{ clientIds: [], message: 'Hi' }, 400, 'Please select at least one client'],
      [{ clientIds: [ann], message: '   ' }, 400, 'Please enter a message'],
      [{ clientIds: [ann] }, 400, 'Please enter a message'],
      [{ clientIds: 'all', message: 'Hi' }, 400, 'Please select at least one client'],
      [{ clientIds: [-1], message: 'Hi' }, 400, 'Invalid client id'],
      [{ clientIds: [ann], message: 'x'.repeat(1601) }, 400, 'The message is too long (1600 characters at most)'],
      [{ clientIds: Array.from({ length: 5001 }, (_, i) => i + 1), message: 'Hi' }, 400, 'At most 5000 clients in one bulk send'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post('/api/sms/bulk', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await outboxCount()).toBe(0);
  });
});

describe('with a number', () => {
  beforeAll(async () => {
    const numbers = (await post('/api/sms/search-numbers', { areaCode: '512' })).json().numbers;
    expect((await post('/api/sms/purchase-number', { phoneNumber: numbers[0].phoneNumber })).statusCode).toBe(200);
    // Registered for A2P with its own approved messaging service (docs/sms-registration.md).
    expect((await post('/api/sms/registration/existing', { messagingServiceSid: ownServiceSid() })).statusCode).toBe(200);
  });

  it("refuses a selection holding another business's client or a client without a phone, whole", async () => {
    const foreign = await addClient('Eve Foreign', '5125550199', other.cookie);
    const a = await post('/api/sms/bulk', { clientIds: [ann, foreign], message: 'Hi' });
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('One selected client was not found. Reload the list and try again.');
    const b = await post('/api/sms/bulk', { clientIds: [ann, noPhone], message: 'Hi' });
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBe('Only clients with a valid mobile number can be texted; remove Dee Nophone.');
    expect(await outboxCount()).toBe(0);
    expect(queued()).toHaveLength(0);
  });

  it('queues one text per client, paced one segment a second on the number, each with its job', async () => {
    const res = await post('/api/sms/bulk', { clientIds: [ann, ben, cat, ann], message: 'Hi {clientName}, spring slots are open!' });
    expect(res.statusCode).toBe(200);
    const { batch, message } = res.json();
    expect(message).toBe("3 texts queued; they go out about one a second, inside each client's sending hours.");
    expect(batch).toMatchObject({ total: 3, queued: 3, sent: 0, failed: 0, skipped: 0, finished: false, problems: [] });
    const rows = await t.database.query<{ client_id: number; key: string; not_before: Date }>(
      'select client_id, key, not_before from sms_outbox where business_id = $1 order by not_before',
      [biz.id],
    );
    expect(rows.map((r) => r.client_id)).toEqual([ann, ben, cat]);
    expect(rows.map((r) => r.key)).toEqual([ann, ben, cat].map((id) => `bulk:${batch.id}:${id}`));
    const gaps = rows.slice(1).map((r, i) => new Date(r.not_before).getTime() - new Date(rows[i].not_before).getTime());
    expect(gaps).toEqual([1000, 1000]);
    expect(queued().map((j) => j.data)).toEqual(rows.map(() => expect.objectContaining({ businessId: biz.id })));
    expect(queued()).toHaveLength(3);

    // A second send right after waits behind the first on the same number.
    const second = (await post('/api/sms/bulk', { clientIds: [ben], message: 'Second' })).json().batch;
    const [slot] = await t.database.query<{ not_before: Date }>('select not_before from sms_outbox where batch_id = $1', [second.id]);
    expect(new Date(slot.not_before).getTime()).toBeGreaterThanOrEqual(new Date(rows[2].not_before).getTime() + 1000);
  });

  it('an opted-out client is skipped at once, with why', async () => {
    await t.database.query(
      `insert into sms_opt_outs (business_id, phone, opted_out, source, detail) values ($1, '+15125550104', true, 'keyword', 'STOP')`,
      [biz.id],
    );
    const { batch } = (await post('/api/sms/bulk', { clientIds: [cat, ann], message: 'Hello' })).json();
    expect(batch).toMatchObject({ total: 2, queued: 1, skipped: 1, problems: [{ clientId: cat, name: 'Cat Diaz', status: 'skipped', reason: 'Opted out of texts (replied STOP).' }] });
  });

  it('lists the newest batches and reads one; another business sees none of them', async () => {
    const list = (await get('/api/sms/bulk')).json().batches;
    expect(list.length).toBe(3);
    expect(list[0].id).toBeGreaterThan(list[1].id);
    const one = await get(`/api/sms/bulk/${list[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(list[0]);
    expect((await get('/api/sms/bulk', other.cookie)).json()).toEqual({ batches: [] });
    const foreign = await get(`/api/sms/bulk/${list[0].id}`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Bulk send not found' });
    expect((await get('/api/sms/bulk/abc')).statusCode).toBe(404);
  });

  it('the list names the first 3 problems of each batch; the batch read alone names them all (up to 50)', async () => {
    const optedOut: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const phone = `51255502${10 + i}`;
      optedOut.push(await addClient(`Opted ${i}`, phone));
      await t.database.query(`insert into sms_opt_outs (business_id, phone, opted_out, source, detail) values ($1, $2, true, 'keyword', 'STOP')`, [biz.id, `+1${phone}`]);
    }
    const { batch } = (await post('/api/sms/bulk', { clientIds: optedOut, message: 'Hello' })).json();
    expect(batch).toMatchObject({ total: 5, skipped: 5, finished: true });
    expect(batch.problems.map((p: { clientId: number }) => p.clientId)).toEqual(optedOut);
    const listed = (await get('/api/sms/bulk')).json().batches[0];
    expect(listed.id).toBe(batch.id);
    expect(listed.problems).toEqual(batch.problems.slice(0, 3));
    expect({ ...listed, problems: [] }).toEqual({ ...batch, problems: [] });
    expect((await get(`/api/sms/bulk/${batch.id}`)).json()).toEqual(batch);
  });

  describe('an idempotency key makes one batch of repeated requests', () => {
    const batchCount = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from sms_bulk_batches where business_id = $1', [biz.id]))[0].n);
    const textsTo = async (clientId: number, since: number) =>
      Number((await t.database.query<{ n: string }>('select count(*) as n from sms_outbox where business_id = $1 and client_id = $2 and id > $3', [biz.id, clientId, since]))[0].n);
    const lastOutboxId = async () => Number((await t.database.query<{ n: string }>('select coalesce(max(id), 0) as n from sms_outbox'))[0].n);

    it('two identical requests at once (a double click, two tabs) make one batch and one text per client', async () => {
      const before = await batchCount();
      const since = await lastOutboxId();
      const payload = { clientIds: [ann, ben], message: 'Double click special', idempotencyKey: 'bulk-7-5f3a9c1e' };
      const [a, b] = await Promise.all([post('/api/sms/bulk', payload), post('/api/sms/bulk', payload)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().batch.id).toBe(b.json().batch.id);
      expect([a.json().message, b.json().message]).toContain('This send was already started; nothing was queued twice.');
      expect(await batchCount()).toBe(before + 1);
      expect([await textsTo(ann, since), await textsTo(ben, since)]).toEqual([1, 1]);
    });

    it('a retried request later answers the same batch; the key also comes as the Idempotency-Key header', async () => {
      const first = await post('/api/sms/bulk', { clientIds: [cat], message: 'Retry me', idempotencyKey: 'bulk-8-00aa11bb' });
      const before = await batchCount();
      const retried = await signedIn(t.app, biz.cookie, { 'idempotency-key': 'bulk-8-00aa11bb' }).post('/api/sms/bulk', { clientIds: [cat], message: 'Retry me' });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().batch.id).toBe(first.json().batch.id);
      expect(await batchCount()).toBe(before);
    });

    it('another key for another message is a new batch, the same message under another key is the same send; one key is per business', async () => {
      const before = await batchCount();
      await post('/api/sms/bulk', { clientIds: [ann], message: 'Key one', idempotencyKey: 'bulk-9-aaaaaaaa' });
      await post('/api/sms/bulk', { clientIds: [ann], message: 'Key two', idempotencyKey: 'bulk-9-bbbbbbbb' });
      // The server's own key of what is sent (docs/sms-outbox.md, "The same send is one batch").
      const same = await post('/api/sms/bulk', { clientIds: [ann], message: 'Key two', idempotencyKey: 'bulk-9-cccccccc' });
      expect(same.json().message).toBe('This send was already started; nothing was queued twice.');
      expect(await batchCount()).toBe(before + 2);
      const ours = (await post('/api/sms/bulk', { clientIds: [ann], message: 'Same key', idempotencyKey: 'bulk-shared-key' })).json().batch.id;
      await setSendingNumber(t.database, other.id, '+15125550177');
      const theirClient = await addClient('Tia Other', '5125550188', other.cookie);
      const theirs = await post('/api/sms/bulk', { clientIds: [theirClient], message: 'Same key', idempotencyKey: 'bulk-shared-key' }, other.cookie);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().batch.id).not.toBe(ours);
    });

    it('refuses a key reused for another message or selection, a bad key, and a header and field that differ, writing nothing', async () => {
      await post('/api/sms/bulk', { clientIds: [ann], message: 'Original', idempotencyKey: 'bulk-10-12345678' });
      const before = await batchCount();
      const count = await outboxCount();
      const cases: [Record<string, unknown>, Record<string, string>, number, string][] = [
        [{ clientIds: [ann], message: 'Changed', idempotencyKey: 'bulk-10-12345678' }, {}, 409, 'This send was already started with another message or selection. Reload the page and start a new send.'],
        [{ clientIds: [ann, ben], message: 'Original', idempotencyKey: 'bulk-10-12345678' }, {}, 409, 'This send was already started with another message or selection. Reload the page and start a new send.'],
        [{ clientIds: [ann], message: 'Hi', idempotencyKey: 'short' }, {}, 400, 'The idempotency key must be 8 to 200 letters, digits or - _ : .'],
        [{ clientIds: [ann], message: 'Hi', idempotencyKey: "x'; drop table sms_bulk_batches; --" }, {}, 400, 'The idempotency key must be 8 to 200 letters, digits or - _ : .'],
        [{ clientIds: [ann], message: 'Hi', idempotencyKey: 'k'.repeat(201) }, {}, 400, 'The idempotency key must be 8 to 200 letters, digits or - _ : .'],
        [{ clientIds: [ann], message: 'Hi', idempotencyKey: 12345678 }, {}, 400, 'The idempotency key must be 8 to 200 letters, digits or - _ : .'],
        [{ clientIds: [ann], message: 'Hi' }, { 'idempotency-key': '<script>' }, 400, 'The idempotency key must be 8 to 200 letters, digits or - _ : .'],
        [{ clientIds: [ann], message: 'Hi', idempotencyKey: 'bulk-11-aaaaaaaa' }, { 'idempotency-key': 'bulk-11-bbbbbbbb' }, 400, 'The Idempotency-Key header and the idempotencyKey field differ; send one key.'],
      ];
      for (const [payload, headers, status, message] of cases) {
        const res = await t.app.inject({ method: 'POST', url: '/api/sms/bulk', headers: { cookie: biz.cookie, ...headers }, payload });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
        expect(res.json().message).toBe(message);
      }
      expect(await batchCount()).toBe(before);
      expect(await outboxCount()).toBe(count);
    });
  });
});
