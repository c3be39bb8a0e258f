import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { EMPTY_TWIML } from '../../../../shared/schemas/sms-inbox';
import { addClient, businessWithNumber, count, type InboxBusiness, nextSid, postSigned, textFrom } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';

// POST /api/sms/inbound and /api/sms/status with the simulator (signed with its published key).

let t: TestApp;
let a: InboxBusiness;
let b: InboxBusiness;
let alice: number;
const ALICE = '+14155550101';
const STRANGER = '+14155550177';

beforeAll(async () => {
  t = await createTestApp();
  a = await businessWithNumber(t.database, '+15125550110', { name: 'Sparkle Cleaning' });
  b = await businessWithNumber(t.database, '+15125550127', { name: 'Other Pools' });
  alice = await addClient(t.app, a, 'Alice Inbound', '(415) 555-0101');
  // The same phone is also a client of B: A's texts must still never show there.
  await addClient(t.app, b, 'Alice At B', '4155550101');
});
afterAll(() => t.close());

const get = (biz: InboxBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);

describe('signature', () => {
  it('an unsigned, wrongly signed or re-addressed text is refused 403 and nothing is stored', async () => {
    const params = textFrom(ALICE, a.number, 'unsigned');
    const before = await count(t.database, 'sms_messages');
    for (const opts of [{ signature: null }, { signature: 'bm90IGEgc2lnbmF0dXJl' }, { token: 'another-token' }, { signedUrl: 'http://localhost:3000/api/sms/status' }, { signedUrl: 'https://evil.example/api/sms/inbound' }]) {
      const res = await postSigned(t.app, '/api/sms/inbound', params, opts);
      expect(res.statusCode, JSON.stringify(opts)).toBe(403);
      expect(res.json()).toEqual({ message: 'The request signature is missing or wrong.' });
    }
    // A body changed after signing.
    const signed = await postSigned(t.app, '/api/sms/inbound', { ...params, Body: 'changed' }, { signature: undefined, signedUrl: undefined, token: undefined });
    expect(signed.statusCode).toBe(200); // control: its own signature
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': (await import('../../../providers/sms/signature')).twilioSignature('referloop-simulator', 'http://localhost:3000/api/sms/inbound', params) },
      payload: new URLSearchParams({ ...params, Body: 'tampered' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await count(t.database, 'sms_messages')).toBe(before + 1);
    expect(await count(t.database, 'sms_messages', "message_body in ('unsigned', 'tampered')")).toBe(0);
  });

  it('takes the form with a charset too, as Twilio may send it', async () => {
    const params = textFrom(ALICE, a.number, 'With charset');
    const { twilioSignature } = await import('../../../providers/sms/signature');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'x-twilio-signature': twilioSignature('referloop-simulator', 'http://localhost:3000/api/sms/inbound', params) },
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await count(t.database, 'sms_messages', 'twilio_sid = $1', [params.MessageSid])).toBe(1);
  });

  it('a repeated form parameter is refused 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B14155550101&From=%2B14155550102&To=%2B15125550110&MessageSid=SMdup&Body=x',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a JSON body is not a webhook: 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sms/inbound', payload: textFrom(ALICE, a.number, 'json') });
    expect(res.statusCode).toBe(415);
  });
});

describe('an inbound text', () => {
  it('is stored unread, matched to the client, logged, and answered with empty TwiML', async () => {
    const params = textFrom(ALICE, a.number, 'Can we move to Friday?');
    const res = await postSigned(t.app, '/api/sms/inbound', params);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(EMPTY_TWIML);
    const [m] = await t.database.query<Record<string, any>>('select * from sms_messages where twilio_sid = $1', [params.MessageSid]);
    expect(m).toMatchObject({ business_id: a.id, client_id: alice, direction: 'inbound', from_number: ALICE, to_number: a.number, is_read: false, status: 'received' });
    const [log] = await t.database.query<Record<string, any>>("select * from activity_logs where business_id = $1 and type = 'sms_received' order by id desc limit 1", [a.id]);
    expect(log.description).toBe('Text from Alice Inbound');
    expect(log.metadata).toMatchObject({ phone_number: ALICE, twilio_sid: params.MessageSid, client_id: alice, client_name: 'Alice Inbound' });

    // Earlier tests left Alice's signed texts unread too.
    const unread = await count(t.database, 'sms_messages', "business_id = $1 and client_id = $2 and direction = 'inbound' and not is_read", [a.id, alice]);
    const conv = (await get(a, '/api/sms/conversations')).json();
    expect(conv.conversations[0]).toMatchObject({ clientId: alice, client: { name: 'Alice Inbound', phone: ALICE }, unreadCount: unread });
    expect(conv.conversations[0].unreadMessageIds[0]).toBe(Number(m.id));
    expect(conv.conversations[0].lastMessage.messageBody).toBe('Can we move to Friday?');
    expect((await get(a, '/api/activities/replies?unread=true')).json()).toEqual({ count: unread });
  });

  it('the same webhook twice (same MessageSid) changes nothing', async () => {
    const params = textFrom(ALICE, a.number, 'Once only');
    expect((await postSigned(t.app, '/api/sms/inbound', params)).statusCode).toBe(200);
    const tables = ['sms_messages', 'activity_logs'];
    const before = await Promise.all(tables.map((x) => count(t.database, x)));
    const again = await postSigned(t.app, '/api/sms/inbound', params);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(EMPTY_TWIML);
    expect(await Promise.all(tables.map((x) => count(t.database, x)))).toEqual(before);
  });

  it("a text to A's number never shows in B, although B has a client with the same phone", async () => {
    await postSigned(t.app, '/api/sms/inbound', textFrom(ALICE, a.number, 'Only for A'));
    const conv = (await get(b, '/api/sms/conversations')).json();
    expect(conv.conversations).toEqual([]);
    expect((await get(b, '/api/sms/messages')).json().messages).toEqual([]);
    expect((await get(b, '/api/activities/replies')).json().replies).toEqual([]);
    expect((await get(b, '/api/activities/replies?unread=true')).json()).toEqual({ count: 0 });
    expect((await get(b, '/api/activities/feed?days=90')).json().items).toEqual([]);
    expect(await count(t.database, 'sms_messages', 'business_id = $1', [b.id])).toBe(0);
  });

  it('a text from an unknown phone is stored without a client; a text to nobody\'s number is answered and dropped', async () => {
    const params = textFrom(STRANGER, a.number, 'Who is this?');
    expect((await postSigned(t.app, '/api/sms/inbound', params)).statusCode).toBe(200);
    const [m] = await t.database.query<Record<string, any>>('select client_id from sms_messages where twilio_sid = $1', [params.MessageSid]);
    expect(m.client_id).toBeNull();
    const history = (await get(a, '/api/sms/messages?pageSize=1')).json();
    expect(history.messages[0]).toMatchObject({ fromNumber: STRANGER, client: null, direction: 'inbound' });

    const nobody = textFrom(ALICE, '+15125550999', 'Hello?');
    const before = await count(t.database, 'sms_messages');
    const res = await postSigned(t.app, '/api/sms/inbound', nobody);
    expect(res.statusCode).toBe(200);
    expect(await count(t.database, 'sms_messages')).toBe(before);
  });

  it('a text missing From is refused 400 and stores nothing', async () => {
    const before = await count(t.database, 'sms_messages');
    const res = await postSigned(t.app, '/api/sms/inbound', { MessageSid: nextSid(), To: a.number, Body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(await count(t.database, 'sms_messages')).toBe(before);
  });
});

describe('delivery status callbacks', () => {
  const outbound = async (status: string) => {
    const sid = nextSid();
    await t.database.query(
      `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, twilio_sid, status, is_read) values ($1, $2, 'outbound', $3, $4, 'Thanks!', $5, $6, true)`,
      [a.id, alice, a.number, ALICE, sid, status],
    );
    await t.database.query(`insert into sms_logs (business_id, client_id, phone_number, message_type, message_content, status, twilio_sid) values ($1, $2, $3, 'thank_you', 'Thanks!', $4, $5)`, [a.id, alice, ALICE, status, sid]);
    return sid;
  };
  const statusOf = async (sid: string) => {
    const [m] = await t.database.query<{ status: string }>('select status from sms_messages where twilio_sid = $1', [sid]);
    const [l] = await t.database.query<{ status: string }>('select status from sms_logs where twilio_sid = $1', [sid]);
    return [m.status, l.status];
  };

  it('moves the status forward on sms_messages and sms_logs; never back, and a final status stays', async () => {
    const sid = await outbound('queued');
    const post = (status: string) => postSigned(t.app, '/api/sms/status', { MessageSid: sid, MessageStatus: status, AccountSid: 'ACtest' });
    expect((await post('sent')).statusCode).toBe(200);
    expect(await statusOf(sid)).toEqual(['sent', 'sent']);
    await post('delivered');
    expect(await statusOf(sid)).toEqual(['delivered', 'delivered']);
    await post('sent'); // late, out of order
    await post('delivered'); // duplicate
    await post('failed');
    expect(await statusOf(sid)).toEqual(['delivered', 'delivered']);
  });

  it('an unknown sid changes nothing and answers 200; unsigned is 403', async () => {
    const res = await postSigned(t.app, '/api/sms/status', { MessageSid: 'SMunknown', MessageStatus: 'delivered' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    const sid = await outbound('sent');
    const unsigned = await postSigned(t.app, '/api/sms/status', { MessageSid: sid, MessageStatus: 'failed' }, { signature: null });
    expect(unsigned.statusCode).toBe(403);
    expect(await statusOf(sid)).toEqual(['sent', 'sent']);
  });
});
