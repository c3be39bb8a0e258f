import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate';
import { SmsProviderError } from '../../providers/sms/types';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { optOut, sendSms } from '../sms/service';
import { signedIn } from '../../testing/requests';

// lastThankedAt / lastGiftedAt (docs/sms.md, "Thanks and Gift"): stamped by the send service when the
// provider took a 'thankYou' or 'gift' text to a client, whatever sent it; never by a refusal or failure.

let t: TestApp;
let biz: TestBusiness;
let other: TestBusiness;
const NUMBER = '+15125550110';

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Sparkle Clean', selectedPhoneNumber: NUMBER });
  other = await createBusiness(t.database, { name: 'Other Clean', selectedPhoneNumber: '+15125550111' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = biz.cookie) => signedIn(t.app, cookie).post(url, payload as object);
const get = (url: string, cookie = biz.cookie) => signedIn(t.app, cookie).get(url);
let n = 0;
async function addClient(b: TestBusiness, name: string, phone: string | null) {
  n += 1;
  const res = await post('/api/clients', { name, email: `c${n}@example.com`, phone, serviceDate: '2025-01-05', amount: 80 }, b.cookie);
  expect(res.statusCode).toBe(201);
  return res.json().client.id as number;
}
const stamps = async (id: number) =>
  (
    await t.database.query<{ thanked: string | null; gifted: string | null; thank_you_sent: boolean }>(
      `select to_char(last_thanked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as thanked,
        to_char(last_gifted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as gifted, thank_you_sent
      from clients where id = $1`,
      [id],
    )
  )[0];
const listed = async (id: number, cookie = biz.cookie) =>
  ((await get('/api/clients?page=1&pageSize=100&sort=name', cookie)).json().clients as any[]).find((c) => c.id === id);
const expectRecent = (iso: string | null, since: number) => {
  expect(iso).not.toBeNull();
  const at = Date.parse(iso!);
  expect(at).toBeGreaterThanOrEqual(since - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
};

describe('lastThankedAt and lastGiftedAt', () => {
  it('are null for a client never thanked or gifted, in the list, the detail and top clients', async () => {
    const id = await addClient(biz, 'Nora New', '5125550120');
    expect(await listed(id)).toMatchObject({ lastThankedAt: null, lastGiftedAt: null });
    expect((await get(`/api/clients/${id}`)).json().client).toMatchObject({ lastThankedAt: null, lastGiftedAt: null });
    expect((await get('/api/clients/top?limit=50')).json()[0]).toHaveProperty('lastThankedAt');
  });

  it('a thank-you sets lastThankedAt (answer, list and detail) and leaves lastGiftedAt alone', async () => {
    const id = await addClient(biz, 'Ann Lee', '5125550121');
    const since = Date.now();
    const res = await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks Ann!' });
    expect(res.statusCode).toBe(200);
    const client = res.json().client;
    expectRecent(client.lastThankedAt, since);
    expect(client.lastGiftedAt).toBeNull();
    expect((await listed(id)).lastThankedAt).toBe(client.lastThankedAt);
    expect((await get(`/api/clients/${id}`)).json().client).toMatchObject({ lastThankedAt: client.lastThankedAt, lastGiftedAt: null });

    const again = await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks again!' });
    expect(Date.parse(again.json().client.lastThankedAt)).toBeGreaterThan(Date.parse(client.lastThankedAt));
  });

  it('a gift sets lastGiftedAt and leaves lastThankedAt alone', async () => {
    const id = await addClient(biz, 'Ben Gift', '5125550122');
    const since = Date.now();
    const res = await post('/api/admin/send-gift', { clientId: id, giftType: 'gift_card', amount: 50 });
    expect(res.statusCode).toBe(200);
    expectRecent(res.json().client.lastGiftedAt, since);
    expect(res.json().client.lastThankedAt).toBeNull();
    expect(await stamps(id)).toMatchObject({ thanked: null });
  });

  it('a provider failure, an opted-out client or a client without a phone changes neither', async () => {
    const id = await addClient(biz, 'Dee Down', '5125550123');
    expect((await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks Dee!' })).statusCode).toBe(200);
    expect((await post('/api/admin/send-gift', { clientId: id, giftType: 'discount', amount: 25 })).statusCode).toBe(200);
    const before = await stamps(id);

    // Other texts than the two above, which would answer as those sends (docs/sms.md, "The same send is one text").
    t.sms.failNextSend(new SmsProviderError('Service unavailable', null, 503));
    expect((await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks again Dee!' })).statusCode).toBe(502);
    t.sms.failNextSend(new SmsProviderError('Service unavailable', null, 503));
    expect((await post('/api/admin/send-gift', { clientId: id, giftType: 'discount', amount: 30 })).statusCode).toBe(502);
    expect(await stamps(id)).toEqual(before);

    await optOut(t.database.db, biz.id, '+15125550123', { source: 'keyword', detail: 'STOP' });
    expect((await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks Dee!' })).statusCode).toBe(409);
    expect((await post('/api/admin/send-gift', { clientId: id, giftType: 'discount', amount: 25 })).statusCode).toBe(409);
    expect(await stamps(id)).toEqual(before);

    const nophone = await addClient(biz, 'Cal Nophone', null);
    expect((await post('/api/admin/send-thanks', { clientId: nophone, message: 'Thanks!' })).statusCode).toBe(400);
    expect(await stamps(nophone)).toEqual({ thanked: null, gifted: null, thank_you_sent: false });
  });

  it('a business without a number: refused, nothing stamped', async () => {
    const nonumber = await createBusiness(t.database, { name: 'No Number Yet' });
    const id = await addClient(nonumber, 'Eve Early', '5125550124');
    expect((await post('/api/admin/send-thanks', { clientId: id, message: 'Thanks!' }, nonumber.cookie)).statusCode).toBe(409);
    expect((await post('/api/admin/send-gift', { clientId: id, giftType: 'discount', amount: 10 }, nonumber.cookie)).statusCode).toBe(409);
    expect(await stamps(id)).toEqual({ thanked: null, gifted: null, thank_you_sent: false });
  });

  it("another business's client: 404 and unchanged; thanking one's own client stamps no other business's client", async () => {
    const theirs = await addClient(other, 'Tom Theirs', '5125550125');
    expect((await post('/api/admin/send-thanks', { clientId: theirs, message: 'Hi' })).statusCode).toBe(404);
    expect((await post('/api/admin/send-gift', { clientId: theirs, giftType: 'discount', amount: 10 })).statusCode).toBe(404);
    expect(await stamps(theirs)).toEqual({ thanked: null, gifted: null, thank_you_sent: false });
    const mine = await addClient(biz, 'Mia Mine', '5125550125');
    expect((await post('/api/admin/send-thanks', { clientId: mine, message: 'Hi Mia' })).statusCode).toBe(200);
    expect(await stamps(theirs)).toEqual({ thanked: null, gifted: null, thank_you_sent: false });
    expect(await listed(theirs, other.cookie)).toMatchObject({ lastThankedAt: null, lastGiftedAt: null });
  });

  it('follows the message type, not the route: a thankYou text from any path stamps it, other types do not', async () => {
    const ctx = { database: t.database, sms: t.sms, origin: 'http://localhost' };
    const id = await addClient(biz, 'Ada Auto', '5125550126');
    await sendSms(ctx, { businessId: biz.id, clientId: id, body: 'Hi {clientName}, thanks!', messageType: 'reply' });
    await sendSms(ctx, { businessId: biz.id, clientId: id, body: 'Hi {clientName}!', messageType: 'bulk' });
    expect(await stamps(id)).toEqual({ thanked: null, gifted: null, thank_you_sent: false });
    const since = Date.now();
    await sendSms(ctx, { businessId: biz.id, clientId: id, body: 'Thanks {clientName}! {referralLink}', messageType: 'thankYou' });
    const after = await stamps(id);
    expectRecent(`${after.thanked}Z`, since);
    expect(after).toMatchObject({ gifted: null, thank_you_sent: true });
  });
});

describe('migration 0010 backfill', () => {
  it('fills both from the thank-you / gift activity log and the texts of those types the provider took', async () => {
    const b = await createBusiness(t.database, { name: 'Old Data' });
    const a = await addClient(b, 'Old Ann', '5125550130');
    const c = await addClient(b, 'Old Cal', '5125550131');
    const none = await addClient(b, 'Old None', '5125550132');
    const q = (text: string, values: unknown[] = []) => t.database.query(text, values);
    await q(`insert into activity_logs (business_id, type, description, metadata, timestamp) values
      ($1, 'thank_you_sent', 'x', $2, '2026-01-05T10:00:00Z'), ($1, 'thank_you_sent', 'x', $3, '2026-02-05T10:00:00Z'),
      ($1, 'gift_sent', 'x', $2, '2026-03-01T09:00:00Z'), ($1, 'gift_sent', 'x', '{"client_id":"n/a"}', '2026-04-01T09:00:00Z'),
      ($1, 'sms_failed', 'x', $4, '2026-06-01T09:00:00Z'), ($1, 'thank_you_sent', 'x', $4, '2026-01-01T09:00:00Z')`,
      [b.id, JSON.stringify({ client_id: a }), JSON.stringify({ client_id: a }), JSON.stringify({ client_id: none })]);
    await q(`insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, twilio_sid, status, timestamp) values
      ($1, $2, 'outbound', '+15125550199', '+15125550131', 'Thanks', 'thankYou', 'SMOLD1', 'delivered', '2026-05-01T08:00:00Z'),
      ($1, $2, 'outbound', '+15125550199', '+15125550131', 'Gift', 'gift', null, 'failed', '2026-05-02T08:00:00Z'),
      ($1, $2, 'outbound', '+15125550199', '+15125550131', 'Hi', 'bulk', 'SMOLD2', 'sent', '2026-05-03T08:00:00Z')`, [b.id, c]);
    // A client of another business with the same id in its metadata is not touched.
    await q(`insert into activity_logs (business_id, type, description, metadata) values ($1, 'gift_sent', 'x', $2)`, [other.id, JSON.stringify({ client_id: c })]);
    await q('update clients set last_thanked_at = null, last_gifted_at = null where business_id = $1', [b.id]);

    const file = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_clients_last_thanked_gifted.sql'))!;
    const backfill = fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => !/ADD COLUMN/.test(s));
    for (const statement of backfill) await q(statement);

    const got = await t.database.query<{ id: number; thanked: string | null; gifted: string | null }>(
      `select id, to_char(last_thanked_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as thanked,
        to_char(last_gifted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as gifted
      from clients where business_id = $1 order by id`,
      [b.id],
    );
    expect(got).toEqual([
      { id: a, thanked: '2026-02-05 10:00', gifted: '2026-03-01 09:00' },
      { id: c, thanked: '2026-05-01 08:00', gifted: null },
      { id: none, thanked: '2026-01-01 09:00', gifted: null },
    ]);
  });
});
