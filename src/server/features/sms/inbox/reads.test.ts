import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { addClient, businessWithNumber, type InboxBusiness } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';

// The owner's reads and actions: conversations, history, mark-read, replies, the activity feed, reply.

let t: TestApp;
let a: InboxBusiness;
let b: InboxBusiness;
const clients: number[] = [];
let noPhone: number;
const HOUR = 3_600_000;

/** A message `hoursAgo` in the past, written directly so times are exact. */
async function message(biz: InboxBusiness, clientId: number | null, direction: 'inbound' | 'outbound', body: string, hoursAgo: number, isRead = direction === 'outbound') {
  const [r] = await t.database.query<{ id: number }>(
    `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, twilio_sid, status, is_read, timestamp)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [biz.id, clientId, direction, direction === 'inbound' ? '+14155550100' : biz.number, direction === 'inbound' ? biz.number : '+14155550100', body, `SMr${Math.random().toString(16).slice(2)}`, direction === 'inbound' ? 'received' : 'delivered', isRead, new Date(Date.now() - hoursAgo * HOUR).toISOString()],
  );
  return Number(r.id);
}

const get = (biz: InboxBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const post = (biz: InboxBusiness, url: string, payload: unknown) => signedIn(t.app, biz.cookie).post(url, payload as object);

let unreadOf0: number[];

beforeAll(async () => {
  t = await createTestApp();
  a = await businessWithNumber(t.database, '+15125550150');
  b = await businessWithNumber(t.database, '+15125550151');
  for (let i = 0; i < 5; i += 1) clients.push(await addClient(t.app, a, `Client ${i} Reads`, `415555020${i}`));
  noPhone = await addClient(t.app, a, 'Nophone Reads', null);
  // Client 0: 4 messages, the latest conversation; two unread inbound.
  unreadOf0 = [await message(a, clients[0], 'inbound', 'c0 first', 10), await message(a, clients[0], 'outbound', 'c0 second', 9), await message(a, clients[0], 'inbound', 'c0 third', 1)];
  await message(a, clients[0], 'outbound', 'c0 fourth', 0.5);
  unreadOf0 = [unreadOf0[0], unreadOf0[2]];
  // Clients 1-4: one each, older and older; client 4 read.
  for (let i = 1; i < 5; i += 1) await message(a, clients[i], 'inbound', `c${i} only`, 24 * i, i === 4);
  // A text from no client, 3 days ago.
  await message(a, null, 'inbound', 'stranger', 80);
});
afterAll(() => t.close());

describe('conversations', () => {
  it('latest first, the last 3 messages oldest first, unread count and ids; only texts of clients', async () => {
    const res = await get(a, '/api/sms/conversations');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.conversations.map((c: any) => c.clientId)).toEqual(clients);
    const c0 = body.conversations[0];
    expect(c0.client).toEqual({ id: clients[0], name: 'Client 0 Reads', phone: '+14155550200' });
    expect(c0.lastMessage.messageBody).toBe('c0 fourth');
    expect(c0.recentMessages.map((m: any) => m.messageBody)).toEqual(['c0 second', 'c0 third', 'c0 fourth']);
    // The newest message's time and preview; the whole message is the last of recentMessages.
    const newest = c0.recentMessages[2];
    expect(c0.lastMessage).toEqual({ id: newest.id, direction: 'outbound', messageBody: 'c0 fourth', timestamp: newest.timestamp });
    expect(c0.unreadCount).toBe(2);
    expect(c0.unreadMessageIds.sort()).toEqual([...unreadOf0].sort());
    expect(body.conversations[4].unreadCount).toBe(0);
    expect(body).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
  });

  it('pages: page 2 of size 2 is the 3rd and 4th clients', async () => {
    const body = (await get(a, '/api/sms/conversations?page=2&pageSize=2')).json();
    expect(body.conversations.map((c: any) => c.clientId)).toEqual([clients[2], clients[3]]);
    expect(body.hasMore).toBe(true);
    expect((await get(a, '/api/sms/conversations?page=3&pageSize=2')).json().hasMore).toBe(false);
  });

  it('search by name (any case) or phone digits', async () => {
    expect((await get(a, '/api/sms/conversations?search=client%203')).json().conversations.map((c: any) => c.clientId)).toEqual([clients[3]]);
    expect((await get(a, '/api/sms/conversations?search=(415)%20555-0202')).json().conversations.map((c: any) => c.clientId)).toEqual([clients[2]]);
    expect((await get(a, '/api/sms/conversations?search=%25')).json().conversations).toEqual([]);
  });

  it('search by a name shorter than 3 characters or part of a phone: the same answers, latest first and paged', async () => {
    const ids = async (q: string) => (await get(a, `/api/sms/conversations?${q}`)).json().conversations.map((c: any) => c.clientId);
    expect(await ids('search=T%204')).toEqual([clients[4]]);
    expect(await ids('search=nt')).toEqual(clients);
    expect(await ids('search=nt&page=2&pageSize=2')).toEqual([clients[2], clients[3]]);
    expect(await ids('search=0203')).toEqual([clients[3]]);
    expect(await ids('search=555-02')).toEqual(clients);
    expect(await ids('search=zz')).toEqual([]);
  });

  it("marks a conversation whose client's phone opted out: only this business's opt-out, only while it stands", async () => {
    const optOut = (biz: InboxBusiness, phone: string, optedOut: boolean) =>
      t.database.query(`insert into sms_opt_outs (business_id, phone, opted_out, source, changed_at) values ($1, $2, $3, 'owner', now())
        on conflict (business_id, phone) do update set opted_out = excluded.opted_out`, [biz.id, phone, optedOut]);
    await optOut(a, '+14155550201', true);
    await optOut(a, '+14155550202', false); // opted back in
    await optOut(b, '+14155550203', true); // another business's list
    const marks = async (q = '') => (await get(a, `/api/sms/conversations${q}`)).json().conversations.map((c: any) => [c.clientId, c.optedOut]);
    try {
      expect(await marks()).toEqual(clients.map((id, i) => [id, i === 1]));
      expect(await marks('?search=client%201')).toEqual([[clients[1], true]]);
    } finally {
      await optOut(a, '+14155550201', false); // the later tests text client 1
    }
    expect((await marks()).every(([, optedOut]: [number, boolean]) => !optedOut)).toBe(true);
  });

  it('refuses a page size past 100 and a page below 1', async () => {
    expect((await get(a, '/api/sms/conversations?pageSize=101')).statusCode).toBe(400);
    expect((await get(a, '/api/sms/conversations?page=0')).statusCode).toBe(400);
  });
});

describe('history', () => {
  it('every message newest first, paged, with its direction and client', async () => {
    const first = (await get(a, '/api/sms/messages?page=1&pageSize=3')).json();
    expect(first.messages.map((m: any) => m.messageBody)).toEqual(['c0 fourth', 'c0 third', 'c0 second']);
    expect(first.messages[0]).toMatchObject({ direction: 'outbound', isRead: true, status: 'delivered', client: { id: clients[0] } });
    expect(first.hasMore).toBe(true);
    const all = (await get(a, '/api/sms/messages')).json();
    expect(all.messages).toHaveLength(9);
    expect(all.messages.at(-2)).toMatchObject({ messageBody: 'stranger', client: null });
    // By key: the page after a message is the same as the next page by number.
    const byKey = (await get(a, `/api/sms/messages?pageSize=3&before=${first.nextBefore}`)).json();
    const second = (await get(a, '/api/sms/messages?page=2&pageSize=3')).json();
    expect(byKey.messages).toEqual(second.messages);
    expect(byKey.nextBefore).toBe(second.nextBefore);
    expect((await get(b, `/api/sms/messages?before=${first.nextBefore}`)).json().messages).toEqual([]);
    const one = (await get(a, `/api/sms/messages?clientId=${clients[0]}`)).json();
    expect(one.messages).toHaveLength(4);
    expect((await get(b, `/api/sms/messages?clientId=${clients[0]}`)).json().messages).toEqual([]);
  });
});

describe('replies, feed and mark-read', () => {
  it('the unread replies newest first with the id mark-read takes, and the badge count', async () => {
    const res = (await get(a, '/api/activities/replies')).json();
    expect(res.replies.map((r: any) => r.messageBody)).toEqual(['c0 third', 'c0 first', 'c1 only', 'c2 only', 'c3 only', 'stranger']);
    expect(res.replies[0]).toMatchObject({ client: { name: 'Client 0 Reads', phone: '+14155550200' }, isRead: false, messageId: unreadOf0[1] });
    expect((await get(a, '/api/activities/replies?unread=true')).json()).toEqual({ count: 6 });
  });

  it('feed: periods and filters, 10 at most with hasMore', async () => {
    const week = (await get(a, '/api/activities/feed')).json();
    expect(week.items.map((m: any) => m.messageBody)).toEqual(['c0 fourth', 'c0 third', 'c0 second', 'c0 first', 'c1 only', 'c2 only', 'c3 only', 'stranger', 'c4 only']);
    expect((await get(a, '/api/activities/feed?days=1')).json().items.map((m: any) => m.messageBody)).toEqual(['c0 fourth', 'c0 third', 'c0 second', 'c0 first']);
    expect((await get(a, '/api/activities/feed?filter=outbound&days=90')).json().items.map((m: any) => m.messageBody)).toEqual(['c0 fourth', 'c0 second']);
    expect((await get(a, '/api/activities/feed?filter=unread&days=7&limit=2')).json()).toMatchObject({ hasMore: true, items: [{ messageBody: 'c0 third' }, { messageBody: 'c0 first' }] });
    expect((await get(a, '/api/activities/feed?days=5')).statusCode).toBe(400);
  });

  it("marks only the caller's own inbound messages read; another business's ids change nothing", async () => {
    const byB = await post(b, '/api/sms/mark-read', { messageIds: unreadOf0 });
    expect(byB.json()).toEqual({ success: true, updated: 0 });
    expect((await get(a, '/api/activities/replies?unread=true')).json()).toEqual({ count: 6 });
    const byA = await post(a, '/api/sms/mark-read', { messageIds: [...unreadOf0, unreadOf0[0]] });
    expect(byA.json()).toEqual({ success: true, updated: 2 });
    expect((await get(a, '/api/activities/replies?unread=true')).json()).toEqual({ count: 4 });
    const c0 = (await get(a, '/api/sms/conversations?pageSize=1')).json().conversations[0];
    expect(c0).toMatchObject({ unreadCount: 0, unreadMessageIds: [] });
    expect((await post(a, '/api/sms/mark-read', { messageIds: [] })).statusCode).toBe(400);
    expect((await post(a, '/api/sms/mark-read', { messageIds: ['x'] })).statusCode).toBe(400);
  });
});

describe('reply', () => {
  it('sends at once through the send service and answers the stored message', async () => {
    const sent = t.sms.sent.length;
    const res = await post(a, '/api/sms/reply', { clientId: clients[1], message: '  See you Tuesday, {clientName}!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Reply sent successfully', sms: { direction: 'outbound', messageBody: 'See you Tuesday, Client!', clientId: clients[1], toNumber: '+14155550201', fromNumber: a.number } });
    expect(t.sms.sent.slice(sent)).toEqual([expect.objectContaining({ to: '+14155550201', body: 'See you Tuesday, Client!' })]);
    const c1 = (await get(a, '/api/sms/conversations')).json().conversations[0];
    expect(c1).toMatchObject({ clientId: clients[1], lastMessage: { messageBody: 'See you Tuesday, Client!' } });
  });

  it('refuses an empty message, a client without a phone, and another business\'s client; sends nothing', async () => {
    const sent = t.sms.sent.length;
    const empty = await post(a, '/api/sms/reply', { clientId: clients[1], message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please enter a message' });
    expect((await post(a, '/api/sms/reply', { clientId: noPhone, message: 'Hi' })).statusCode).toBe(400);
    const foreign = await post(b, '/api/sms/reply', { clientId: clients[1], message: 'Hi' });
    expect(foreign.statusCode).toBe(404);
    expect(t.sms.sent.length).toBe(sent);
  });

  it('the simulator plays a client\'s text: stored unread like a real one', async () => {
    const res = await post(a, '/api/sms/simulate-inbound', { clientId: clients[2], message: 'Played reply' });
    expect(res.statusCode).toBe(201);
    expect(res.json().sms).toMatchObject({ direction: 'inbound', isRead: false, messageBody: 'Played reply', clientId: clients[2], fromNumber: '+14155550202', toNumber: a.number });
    expect((await post(b, '/api/sms/simulate-inbound', { clientId: clients[2], message: 'x' })).statusCode).toBe(404);
  });

  it('the simulator plays the reply to the number the business texts from: its selected number, not an older one in its settings', async () => {
    const [before] = await t.database.query<{ twilio_phone: string | null }>('select twilio_phone from outreach_settings where business_id = $1', [a.id]);
    const keep = (phone: string | null) =>
      t.database.query(
        `insert into outreach_settings (business_id, twilio_phone) values ($1, $2) on conflict (business_id) do update set twilio_phone = excluded.twilio_phone`,
        [a.id, phone],
      );
    await keep('+15125559999');
    try {
      const res = await post(a, '/api/sms/simulate-inbound', { clientId: clients[2], message: 'To the selected number' });
      expect(res.statusCode).toBe(201);
      expect(res.json().sms).toMatchObject({ toNumber: a.number, messageBody: 'To the selected number' });
    } finally {
      await keep(before?.twilio_phone ?? null);
    }
  });
});
