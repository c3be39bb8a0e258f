import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { queueTexts } from '../outbox/enqueue';
import { businessWithNumber, serviceDay } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';
import { addClient as addClientThroughApi } from '../../../testing/clients';

// GET /api/sms/scheduled: the automated texts still to go, soonest first, 50 a page; bulk texts and other
// businesses' texts are not listed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (cookie: string, url = '/api/sms/scheduled') => signedIn(t.app, cookie).get(url);
const addClient = async (cookie: string, name: string, phone: string, serviceDate: string) => (await addClientThroughApi(t.app, { cookie }, name, phone, { serviceDate })).id;

describe('GET /api/sms/scheduled', () => {
  it('lists queued thank-yous and review requests with the recipient, due time and reason; not bulk texts, not another business', async () => {
    const b = await businessWithNumber(t.database, 'Scheduled Co', { reviewLink: 'https://g.page/r/scheduled/review' });
    const other = await businessWithNumber(t.database, 'Other Scheduled Co');
    expect((await get(b.cookie)).json()).toEqual({ texts: [], page: 1, pageSize: 50, total: 0, hasMore: false });

    const current = (await get(b.cookie, '/api/outreach/settings')).json();
    await signedIn(t.app, b.cookie).post('/api/outreach/settings', { ...current, autoMessageSettings: { autoSendReview: true } });
    const sam = await addClient(b.cookie, 'Sam Scheduled', '5125550501', await serviceDay(t.database, 0));
    await queueTexts(t, b.id, [{ clientId: sam, kind: 'bulk', key: 'bulk:test:1', body: 'A bulk text' }]);
    await t.database.query(`update sms_outbox set reason = 'Outside the recipient''s sending hours (8 am to 9 pm); goes at 8:00 am.' where business_id = $1 and kind = 'thankYou'`, [b.id]);
    await addClient(other.cookie, 'Otis Other', '5125550502', await serviceDay(t.database, 0));

    const res = await get(b.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: 2, hasMore: false });
    expect(body.texts).toEqual([
      expect.objectContaining({ kind: 'thankYou', recipientName: 'Sam Scheduled', phone: '+15125550501', clientId: sam, status: 'queued', reason: expect.stringContaining('sending hours') }),
      expect.objectContaining({ kind: 'review', recipientName: 'Sam Scheduled', clientId: sam, status: 'queued', reason: null }),
    ]);
    expect(new Date(body.texts[1].dueAt).getTime()).toBeGreaterThan(new Date(body.texts[0].dueAt).getTime() + 23 * 3600_000);
    expect((await get(other.cookie)).json().texts.map((x: { recipientName: string }) => x.recipientName)).toEqual(['Otis Other']);
  });

  it('pages by 50, and a sent or skipped text is no longer listed', async () => {
    const b = await businessWithNumber(t.database, 'Many Co');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await addClient(b.cookie, `Many ${i} Lee`, `51255506${10 + i}`, '2025-01-05'));
    await queueTexts(t, b.id, Array.from({ length: 51 }, (_, i) => ({ clientId: ids[i % 3], kind: 'thankYou' as const, key: `test:${i}`, body: `Text ${i}` })));
    const first = (await get(b.cookie)).json();
    expect(first).toMatchObject({ total: 51, hasMore: true });
    expect(first.texts).toHaveLength(50);
    const second = (await get(b.cookie, '/api/sms/scheduled?page=2')).json();
    expect(second).toMatchObject({ page: 2, total: 51, hasMore: false });
    expect(second.texts.map((x: { body: string }) => x.body)).toEqual(['Text 50']);
    await t.database.query(`update sms_outbox set status = 'sent' where business_id = $1 and key in ('test:0', 'test:1')`, [b.id]);
    await t.database.query(`update sms_outbox set status = 'skipped' where business_id = $1 and key = 'test:2'`, [b.id]);
    expect((await get(b.cookie)).json()).toMatchObject({ total: 48, hasMore: false });
  });

  it('refuses a bad page with a sentence (400), and answers 401 signed out', async () => {
    const b = await businessWithNumber(t.database, 'Bad Page Co');
    for (const [q, message] of [
      ['page=0', 'page must be 1 or more'],
      ['page=abc', 'page must be a number'],
      ['page=1.5', 'page must be a whole number'],
      ['page=100001', 'page must be 100000 or less'],
    ]) {
      const res = await get(b.cookie, `/api/sms/scheduled?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sms/scheduled' })).statusCode).toBe(401);
  });
});
