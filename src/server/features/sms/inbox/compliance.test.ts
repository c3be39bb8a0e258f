import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOptedOut, optOutLog } from '../numbers/opt-outs';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { STOP_CONFIRMATION, START_CONFIRMATION } from './keywords';
import { addClient, businessWithNumber, count, type InboxBusiness, postSigned, textFrom } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';

// STOP/START/HELP and forwarding, with the simulator (which plays Twilio's STOP and START answers).

let t: TestApp;
let a: InboxBusiness;
let fwd: InboxBusiness;
const BOB = '+14155550111';
const OWNER_PHONE = '+17375550190';
const CAROL = '+14155550122';
const DAN = '+14155550133';

beforeAll(async () => {
  t = await createTestApp();
  a = await businessWithNumber(t.database, '+15125550140', { name: 'Sparkle Cleaning' });
  fwd = await businessWithNumber(t.database, '+15125550141', { name: 'Forward Pools', forwardingNumber: '(737) 555-0190', enableForwarding: true });
  await addClient(t.app, a, 'Bob Keyword', BOB);
  await addClient(t.app, fwd, 'Carol Forward', CAROL);
  await addClient(t.app, fwd, 'Dan Forward', DAN);
});
afterAll(() => t.close());

const text = (from: string, to: string, body: string) => postSigned(t.app, '/api/sms/inbound', textFrom(from, to, body));
const reply = (biz: InboxBusiness, clientId: number, message: string) =>
  signedIn(t.app, biz.cookie).post('/api/sms/reply', { clientId, message });
const clientIdOf = async (biz: InboxBusiness, phone: string) =>
  Number((await t.database.query<{ id: number }>('select id from clients where business_id = $1 and phone = $2', [biz.id, phone]))[0].id);

describe('compliance keywords', () => {
  it.each(['STOP', ' stop ', 'Unsubscribe', 'optout', 'QUIT\n'])('%j opts the number out, logs it with time and source, and the simulator confirms', async (word) => {
    await t.database.query('delete from sms_opt_outs where business_id = $1', [a.id]);
    const sent = t.sms.sent.length;
    expect((await text(BOB, a.number, word)).statusCode).toBe(200);
    expect(await isOptedOut(t.database.db, a.id, BOB)).toBe(true);
    const [last] = await optOutLog(t.database.db, a.id, BOB, 1);
    expect(last).toMatchObject({ optedOut: true, source: 'keyword', detail: word.trim().toUpperCase() });
    expect(Date.now() - new Date(last.at).getTime()).toBeLessThan(60_000);
    expect(t.sms.sent.slice(sent)).toEqual([expect.objectContaining({ from: a.number, to: BOB, body: STOP_CONFIRMATION })]);
  });

  it('an opted-out number gets no reply from the owner', async () => {
    await text(BOB, a.number, 'STOP');
    const sent = t.sms.sent.length;
    const res = await reply(a, await clientIdOf(a, BOB), 'Are you sure?');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/opted out/);
    expect(t.sms.sent.length).toBe(sent);
  });

  it.each(['START', ' unstop', 'Yes '])('%j opts back in and the simulator confirms', async (word) => {
    await text(BOB, a.number, 'STOP');
    const sent = t.sms.sent.length;
    await text(BOB, a.number, word);
    expect(await isOptedOut(t.database.db, a.id, BOB)).toBe(false);
    const [last] = await optOutLog(t.database.db, a.id, BOB, 1);
    expect(last).toMatchObject({ optedOut: false, source: 'keyword' });
    expect(t.sms.sent.slice(sent)).toEqual([expect.objectContaining({ to: BOB, body: START_CONFIRMATION })]);
    expect((await reply(a, await clientIdOf(a, BOB), 'Welcome back!')).statusCode).toBe(200);
  });

  it.each(['HELP', ' info '])('%j is answered with the business name and how to stop', async (word) => {
    const sent = t.sms.sent.length;
    await text(BOB, a.number, word);
    const answers = t.sms.sent.slice(sent);
    expect(answers).toHaveLength(1);
    expect(answers[0].to).toBe(BOB);
    expect(answers[0].body).toContain('Sparkle Cleaning');
    expect(answers[0].body).toContain('Reply STOP to unsubscribe');
  });

  it('"stop please" is a message, not a keyword', async () => {
    await t.database.query('delete from sms_opt_outs where business_id = $1', [a.id]);
    await text(BOB, a.number, 'stop please, wrong number');
    expect(await isOptedOut(t.database.db, a.id, BOB)).toBe(false);
  });

  it('keyword texts are stored as messages too (the owner sees the STOP)', async () => {
    expect(await count(t.database, 'sms_messages', "business_id = $1 and direction = 'inbound' and message_type = 'keyword_stop'", [a.id])).toBeGreaterThan(0);
  });
});

describe('forwarding', () => {
  it("forwards a client's text to the owner's phone, and the owner's answer from that phone reaches the client", async () => {
    const sent = t.sms.sent.length;
    await text(CAROL, fwd.number, 'Is Tuesday fine?');
    const forwarded = t.sms.sent.slice(sent);
    expect(forwarded).toEqual([expect.objectContaining({ from: fwd.number, to: OWNER_PHONE, body: 'Carol Forward ((415) 555-0122): Is Tuesday fine?' })]);
    const [ctx] = await t.database.query<Record<string, any>>('select * from sms_reply_context where business_id = $1 and client_phone = $2', [fwd.id, CAROL]);
    expect(ctx).toMatchObject({ forwarding_number: OWNER_PHONE, twilio_number: fwd.number });

    // Dan texts later: the owner's next answer goes to Dan, the latest.
    await text(DAN, fwd.number, 'Can you come earlier?');
    const before = t.sms.sent.length;
    const answer = textFrom(OWNER_PHONE, fwd.number, 'Yes, 9 am works.');
    expect((await postSigned(t.app, '/api/sms/inbound', answer)).statusCode).toBe(200);
    expect(t.sms.sent.slice(before)).toEqual([expect.objectContaining({ from: fwd.number, to: DAN, body: 'Yes, 9 am works.' })]);
    // The owner's own text is not a client's reply: not unread, in no conversation.
    expect(await count(t.database, 'sms_messages', 'from_number = $1 and not is_read', [OWNER_PHONE])).toBe(0);
    // The relayed answer is in Dan's conversation as outbound.
    const [m] = await t.database.query<Record<string, any>>("select client_id, direction from sms_messages where business_id = $1 and to_number = $2 and message_body = 'Yes, 9 am works.'", [fwd.id, DAN]);
    expect(m).toMatchObject({ client_id: await clientIdOf(fwd, DAN), direction: 'outbound' });

    // The same webhook again relays nothing more.
    const again = t.sms.sent.length;
    await postSigned(t.app, '/api/sms/inbound', answer);
    expect(t.sms.sent.length).toBe(again);
  });

  it('with forwarding off nothing is forwarded', async () => {
    const sent = t.sms.sent.length;
    await text(BOB, a.number, 'No forward here');
    expect(t.sms.sent.length).toBe(sent);
  });
});
