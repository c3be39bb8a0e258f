import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import type { QueuedJob } from '../../../platform/jobs/testing';
import { signedIn } from '../../../testing/requests';
import { APP_URL, addClient, businessWithNumber, postSigned, textFrom, type InboxBusiness } from './test-helpers.test-util';

// Unread and notifications follow the conversation (docs/sms-inbox.md): the owner's reply reads it, and a reply
// played in the simulator takes the webhook's inbound path, owner notification included.

let t: TestApp;
let a: InboxBusiness;
const get = (url: string) => signedIn(t.app, a.cookie).get(url);
const post = (url: string, payload: object) => signedIn(t.app, a.cookie).post(url, payload);
const notifyJobs = () => (t.jobs as unknown as { sent: QueuedJob[] }).sent.filter((j) => j.name === 'notifications.notify-owner');
const conversationOf = async (clientId: number) =>
  (await get('/api/sms/conversations')).json().conversations.find((c: { clientId: number }) => c.clientId === clientId);

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  a = await businessWithNumber(t.database, '+15125550140', { name: 'Sparkle Homes' });
});
afterAll(() => t.close());

describe('the owner answers a reply', () => {
  it('reads the conversation: no unread count, no Mark as Read ids, gone from the unread replies', async () => {
    const maria = await addClient(t.app, a, 'Maria Lopez', '(415) 555-0131');
    const other = await addClient(t.app, a, 'Omar Other', '(415) 555-0132');
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550131', a.number, 'Is Friday free?'))).statusCode).toBe(200);
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550131', a.number, 'Morning if possible'))).statusCode).toBe(200);
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550132', a.number, 'Thanks!'))).statusCode).toBe(200);
    expect(await conversationOf(maria)).toMatchObject({ unreadCount: 2 });
    expect((await get('/api/activities/replies?unread=true')).json()).toEqual({ count: 3 });

    const res = await post('/api/sms/reply', { clientId: maria, message: 'Friday 9 am works.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await conversationOf(maria)).toMatchObject({ unreadCount: 0, unreadMessageIds: [] });
    expect((await get('/api/activities/replies?unread=true')).json()).toEqual({ count: 1 });
    const replies = (await get('/api/activities/replies')).json().replies;
    expect(replies.map((r: { messageBody: string }) => r.messageBody)).toEqual(['Thanks!']);
    // another client's conversation is untouched
    expect(await conversationOf(other)).toMatchObject({ unreadCount: 1 });
  });
});

describe('a reply played in the simulator', () => {
  it('notifies the owner as the same reply through the webhook does', async () => {
    const paul = await addClient(t.app, a, 'Paul Played', '(415) 555-0133');
    const before = notifyJobs().length;
    expect((await postSigned(t.app, '/api/sms/inbound', textFrom('+14155550133', a.number, 'Through the webhook'))).statusCode).toBe(200);
    expect(notifyJobs()).toHaveLength(before + 1);
    const played = await post('/api/sms/simulate-inbound', { clientId: paul, message: 'Played in the simulator' });
    expect(played.statusCode, played.body).toBe(201);
    expect(notifyJobs()).toHaveLength(before + 2);
    expect(notifyJobs().at(-1)!.data).toEqual({ kind: 'reply', id: played.json().sms.id });
  });
});
