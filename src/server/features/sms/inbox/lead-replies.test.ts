import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import type { QueuedJob } from '../../../platform/jobs/testing';
import { repliesListSchema, SIMULATE_CHOOSE_ONE } from '../../../../shared/schemas/sms-inbox';
import { signedIn } from '../../../testing/requests';
import { APP_URL, addClient, businessWithNumber, count, postSigned, textFrom, type InboxBusiness } from './test-helpers.test-util';

// A lead's reply is a reply like a client's (docs/sms-inbox.md "Leads"), and unread is one notion read by every
// screen (docs/sms-inbox.md "Unread"): the simulator plays a lead's text through the webhook's path, the dashboard
// names and answers it, and Mark as Read from Conversations or from the dashboard clears both.

let t: TestApp;
let a: InboxBusiness;
let b: InboxBusiness;
const get = (biz: InboxBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const post = (biz: InboxBusiness, url: string, payload: object) => signedIn(t.app, biz.cookie).post(url, payload);
const notifyJobs = () => (t.jobs as unknown as { sent: QueuedJob[] }).sent.filter((j) => j.name === 'notifications.notify-owner');
const replies = async (biz: InboxBusiness) => repliesListSchema.parse((await get(biz, '/api/activities/replies')).json()).replies;
const badge = async (biz: InboxBusiness) => (await get(biz, '/api/activities/replies?unread=true')).json().count as number;
const conversationOf = async (biz: InboxBusiness, clientId: number) =>
  (await get(biz, '/api/sms/conversations')).json().conversations.find((c: { clientId: number }) => c.clientId === clientId);

async function addLead(biz: InboxBusiness, name: string, phone: string | null): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(`insert into leads (business_id, name, phone, source) values ($1, $2, $3, 'form') returning id`, [biz.id, name, phone]);
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  a = await businessWithNumber(t.database, '+15125550190', { name: 'Sparkle Homes' });
  b = await businessWithNumber(t.database, '+15125550191', { name: 'Other Co' });
});
afterAll(() => t.close());

describe('a lead’s reply played in the simulator', () => {
  it('reaches the owner as the same text through the webhook does: the lead’s thread, the activity line, the notification, the unread replies', async () => {
    const lena = await addLead(a, 'Lena Played', '+14155550160');
    const before = notifyJobs().length;
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550160', a.number, 'Through the webhook'))).statusCode).toBe(200);
    const played = await post(a, '/api/sms/simulate-inbound', { leadId: lena, message: 'Played in the simulator' });
    expect(played.statusCode, played.body).toBe(201);
    expect(played.json().sms).toMatchObject({ direction: 'inbound', fromNumber: '+14155550160', toNumber: a.number, isRead: false, clientId: null });

    expect(notifyJobs()).toHaveLength(before + 2);
    expect(notifyJobs().at(-1)!.data).toEqual({ kind: 'reply', id: played.json().sms.id });
    const [m] = await t.database.query<{ lead_id: number }>('select lead_id from sms_messages where id = $1', [played.json().sms.id]);
    expect(Number(m.lead_id)).toBe(lena);
    const [log] = await t.database.query<{ description: string }>("select description from activity_logs where business_id = $1 and type = 'sms_received' order by id desc limit 1", [a.id]);
    expect(log.description).toBe('Text from Lena Played (lead)');
    const thread = (await get(a, '/api/sms/lead-conversations')).json().conversations.find((c: { leadId: number }) => c.leadId === lena);
    expect(thread).toMatchObject({ unreadCount: 2, lastMessage: { messageBody: 'Played in the simulator' } });

    const listed = (await replies(a)).filter((r) => r.leadId === lena);
    expect(listed.map((r) => r.messageBody)).toEqual(['Played in the simulator', 'Through the webhook']);
    expect(listed[0]).toMatchObject({ clientId: null, client: null, lead: { id: lena, name: 'Lena Played', phone: '+14155550160' }, messageId: played.json().sms.id });
  });

  it('refuses no lead and no client, both, wrong types, another business’s lead and a lead without a phone, and stores nothing', async () => {
    const mine = await addLead(a, 'Nora Nophone', null);
    const theirs = await addLead(b, 'Bea Other', '+14155550161');
    const client = await addClient(t.app, a, 'Carl Both', '(415) 555-0162');
    const before = await count(t.database, 'sms_messages');
    const cases: [object, number, string][] = [
      [{ message: 'Hi' }, 400, SIMULATE_CHOOSE_ONE],
      [{ leadId: theirs, clientId: client, message: 'Hi' }, 400, SIMULATE_CHOOSE_ONE],
      [{ leadId: true, message: 'Hi' }, 400, SIMULATE_CHOOSE_ONE],
      [{ leadId: 2 ** 40, message: 'Hi' }, 400, SIMULATE_CHOOSE_ONE],
      [{ leadId: { id: 1 }, message: 'Hi' }, 400, SIMULATE_CHOOSE_ONE],
      [{ leadId: mine, message: 'x'.repeat(1601) }, 400, 'The message is too long (1600 characters at most)'],
      [{ leadId: -1, message: 'Hi' }, 400, SIMULATE_CHOOSE_ONE],
      [{ leadId: theirs, message: 'Hi' }, 404, 'Lead not found'],
      [{ leadId: mine, message: 'Hi' }, 400, 'This lead has no phone number.'],
      [{ leadId: mine, message: '   ' }, 400, 'Please enter a message'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(a, '/api/sms/simulate-inbound', payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([status, message]);
    }
    expect(await count(t.database, 'sms_messages')).toBe(before);
  });
});

describe('the dashboard’s unread replies', () => {
  it('name the lead, and the owner’s answer from there lands in the lead’s thread (the lead texted first: a basis)', async () => {
    const mia = await addLead(a, 'Mia Answered', '+14155550163');
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550163', a.number, 'Do you clean ovens?'))).statusCode).toBe(200);
    const item = (await replies(a)).find((r) => r.leadId === mia)!;
    expect(item).toMatchObject({ lead: { name: 'Mia Answered' }, client: null });

    const answer = await post(a, `/api/leads/${mia}/sms`, { message: 'Yes, we do!' });
    expect(answer.statusCode, answer.body).toBe(200);
    const thread = (await get(a, '/api/sms/lead-conversations')).json().conversations.find((c: { leadId: number }) => c.leadId === mia);
    expect(thread.lastMessage).toMatchObject({ direction: 'outbound', messageBody: 'Yes, we do!' });
    expect((await get(a, `/api/leads/${mia}/communications`)).json().map((c: { content: string }) => c.content)).toContain('Yes, we do!');
  });

  it('name the client once the lead became one, and the reply from there lands in the client’s conversation', async () => {
    const ola = await addLead(a, 'Ola Lead', '+14155550164');
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550164', a.number, 'Still free Tuesday?'))).statusCode).toBe(200);
    const client = await addClient(t.app, a, 'Ola Client', '(415) 555-0164');
    const item = (await replies(a)).find((r) => r.messageBody === 'Still free Tuesday?')!;
    expect(item).toMatchObject({ clientId: client, client: { id: client, name: 'Ola Client', phone: '+14155550164' } });
    expect(item.leadId).toBeNull();
    expect(ola).toBeGreaterThan(0);

    const res = await post(a, '/api/sms/reply', { clientId: client, message: 'Tuesday 10 am it is.' });
    expect(res.statusCode, res.body).toBe(200);
    const conversation = await conversationOf(a, client);
    expect(conversation.recentMessages.map((m: { messageBody: string }) => m.messageBody)).toEqual(['Still free Tuesday?', 'Tuesday 10 am it is.']);
    expect(conversation.unreadCount).toBe(0);
    expect((await replies(a)).some((r) => r.messageBody === 'Still free Tuesday?')).toBe(false);
  });
});

describe('Mark as Read is one notion', () => {
  it('from Conversations clears the dashboard’s count and list; from the dashboard clears the conversation', async () => {
    const rosa = await addClient(t.app, a, 'Rosa Read', '(415) 555-0165');
    const sam = await addClient(t.app, a, 'Sam Read', '(415) 555-0166');
    for (const [from, body] of [['+14155550165', 'Rosa one'], ['+14155550165', 'Rosa two'], ['+14155550166', 'Sam one']]) {
      expect((await postSigned(t.app, '/api/sms/inbound', textFrom(from, a.number, body))).statusCode).toBe(200);
    }
    const start = await badge(a);
    expect(start).toBe((await replies(a)).length);

    // Mark as Read in Conversations (the conversation's unread ids)
    const ids = (await conversationOf(a, rosa)).unreadMessageIds;
    expect((await post(a, '/api/sms/mark-read', { messageIds: ids })).json()).toEqual({ success: true, updated: 2 });
    expect(await badge(a)).toBe(start - 2);
    expect((await replies(a)).some((r) => r.clientId === rosa)).toBe(false);
    expect((await get(a, '/api/activities/feed?filter=unread')).json().items.some((m: { clientId: number }) => m.clientId === rosa)).toBe(false);

    // Mark Read on the dashboard (the reply's message id)
    const samReply = (await replies(a)).find((r) => r.clientId === sam)!;
    expect((await post(a, '/api/sms/mark-read', { messageIds: [samReply.messageId] })).json()).toEqual({ success: true, updated: 1 });
    expect(await conversationOf(a, sam)).toMatchObject({ unreadCount: 0, unreadMessageIds: [] });
    expect(await badge(a)).toBe(start - 3);
    expect(await badge(a)).toBe((await replies(a)).length);
  });

  it('a lead’s reply marked read on the dashboard leaves the lead thread’s unread count', async () => {
    const lia = await addLead(a, 'Lia Lead', '+14155550167');
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550167', a.number, 'Any slots?'))).statusCode).toBe(200);
    const item = (await replies(a)).find((r) => r.leadId === lia)!;
    expect((await post(a, '/api/sms/mark-read', { messageIds: [item.messageId] })).json()).toEqual({ success: true, updated: 1 });
    const thread = (await get(a, '/api/sms/lead-conversations')).json().conversations.find((c: { leadId: number }) => c.leadId === lia);
    expect(thread).toMatchObject({ unreadCount: 0, unreadMessageIds: [] });
  });

  it('another business’s ids change nothing', async () => {
    const item = (await replies(a))[0];
    expect((await post(b, '/api/sms/mark-read', { messageIds: [item.messageId] })).json()).toEqual({ success: true, updated: 0 });
    expect((await replies(a))[0].messageId).toBe(item.messageId);
  });
});
