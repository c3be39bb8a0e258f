import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsProviderError } from './providers/sms/types';
import { createBusiness, type TestBusiness } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { signedIn } from './testing/requests';
import { addLeadRow } from './features/leads/test-helpers.test-util';
import { addClient, addReferral } from './features/referrals/test-helpers.test-util';
import { selectBySendKey } from './features/sms/send/queries';

// A second tap never texts twice (docs/sms.md, "The same send is one text"; docs/sms-outbox.md, "The same send
// is one batch"): every one-tap send route answers the same send (kind, recipients, text) made moments ago with
// the first one's result and sends and writes nothing more, whether the two requests come one after the other
// or at once.

let t: TestApp;
let biz: TestBusiness;
const NUMBER = '+15125550140';
const booked = { serviceDate: '2025-01-05', amount: 80 };

type Res = { statusCode: number; json(): any };
const post = (url: string, payload: unknown = {}): Promise<Res> => signedIn(t.app, biz.cookie).post(url, payload as object);
const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where business_id = $1`, [biz.id]))[0].n;
const textsTo = (phone: string) => t.sms.sent.filter((m) => m.to === phone).length;
/** What a send wrote: texts stored, log lines, activities, lead communications, batches, outbox rows. */
const written = async () =>
  Promise.all(['sms_messages', 'sms_logs', 'activity_logs', 'lead_communications', 'sms_bulk_batches', 'sms_outbox'].map(count));

/** One send route: its request for a text (`variant` changes the text) and what identifies its answer. */
type Route = { name: string; phone: string; send: (variant?: string) => Promise<Res>; id: (body: any) => unknown };

let routes: Route[];

beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://app.example.com', smsSendWindow: 'off' });
  biz = await createBusiness(t.database, { name: 'Sparkle Homes', selectedPhoneNumber: NUMBER, twilioNumbers: [NUMBER] });
  const client = async (name: string, phone: string) => (await addClient(t.app, biz, name, phone, booked)).id;
  const [thanked, gifted, texted, replied] = [
    await client('Tess Thanks', '+14155550141'),
    await client('Gina Gift', '+14155550142'),
    await client('Sam Send', '+14155550143'),
    await client('Rory Reply', '+14155550144'),
  ];
  const referrer = await addClient(t.app, biz, 'Rita Referrer', '+14155550145', booked);
  const lead = await addLeadRow(t.database, biz.id, { name: 'Lena Lead', phone: '+14155550146', source: 'form', smsConsent: true });
  // A follow-up's text is the business's template; "another text" is another friend's follow-up.
  const friends = [
    await addReferral(t.database, biz.id, { referrer, refereeName: 'Fay Friend', refereePhone: '+14155550147' }),
    await addReferral(t.database, biz.id, { referrer, refereeName: 'Flo Friend', refereePhone: '+14155550148' }),
  ];
  routes = [
    { name: 'thanks', phone: '+14155550141', send: (v = '') => post('/api/admin/send-thanks', { clientId: thanked, message: `Thanks Tess!${v}` }), id: (b) => b.sms.id },
    { name: 'gift', phone: '+14155550142', send: (v = '') => post('/api/admin/send-gift', { clientId: gifted, giftType: 'discount', amount: v ? 30 : 25 }), id: (b) => b.sms.id },
    {
      name: 'outreach send',
      phone: '+14155550143',
      send: (v = '') => post('/api/outreach/send-sms', { clientId: texted, messageContent: `Know anyone?${v}`, messageType: 'referral' }),
      id: (b) => b.sms.id,
    },
    { name: 'reply', phone: '+14155550144', send: (v = '') => post('/api/sms/reply', { clientId: replied, message: `See you Monday${v}` }), id: (b) => b.sms.id },
    { name: 'lead Send SMS', phone: '+14155550146', send: (v = '') => post(`/api/leads/${lead}/sms`, { message: `Hi Lena, when suits you?${v}` }), id: (b) => b.communication.id },
    {
      name: 'follow-up',
      phone: '+14155550147',
      send: (v = '') => post(`/api/referrals/send-reminder/${v ? friends[1] : friends[0]}`),
      id: (b) => b.sms.id,
    },
  ];
});
afterAll(() => t.close());

describe('each one-tap send route', () => {
  it('a second request after the first answers its result and sends and writes nothing', async () => {
    for (const route of routes) {
      const first = await route.send();
      expect(first.statusCode, `${route.name}: ${JSON.stringify(first.json())}`).toBe(200);
      const before = await written();
      const again = await route.send();
      expect(again.statusCode, route.name).toBe(200);
      expect(route.id(again.json()), route.name).toBe(route.id(first.json()));
      expect(again.json().message, route.name).toBe(first.json().message);
      expect(textsTo(route.phone), route.name).toBe(1);
      expect(await written(), route.name).toEqual(before);
    }
  });

  it('two requests at once: one text, both answered with it', async () => {
    for (const route of routes) {
      const [a, b] = await Promise.all([route.send(' Twice at once'), route.send(' Twice at once')]);
      expect([a.statusCode, b.statusCode], `${route.name}: ${JSON.stringify([a.json(), b.json()])}`).toEqual([200, 200]);
      expect(route.id(b.json()), route.name).toBe(route.id(a.json()));
    }
    // The first test sent one text to each; the variant one more (the follow-up's went to the other friend).
    for (const route of routes) expect(textsTo(route.phone), route.name).toBe(route.name === 'follow-up' ? 1 : 2);
    expect(textsTo('+14155550148')).toBe(1);
  });

  it('another text to the same person is a new send', async () => {
    const route = routes.find((r) => r.name === 'outreach send')!;
    const before = textsTo(route.phone);
    const other = await route.send(' Another text');
    expect(other.statusCode).toBe(200);
    expect(textsTo(route.phone)).toBe(before + 1);
  });

  it('the same text after the window, or after the first was not sent, goes again', async () => {
    const route = routes.find((r) => r.name === 'thanks')!;
    const first = await route.send(' Later');
    await t.database.query(`update sms_messages set timestamp = timestamp - interval '11 minutes' where id = $1`, [first.json().sms.id]);
    const later = await route.send(' Later');
    expect(later.statusCode).toBe(200);
    expect(later.json().sms.id).not.toBe(first.json().sms.id);

    const sent = textsTo(route.phone);
    t.sms.failNextSend(new SmsProviderError('Service unavailable', null, 503));
    expect((await route.send(' Retried')).statusCode).toBe(502);
    const retried = await route.send(' Retried');
    expect(retried.statusCode).toBe(200);
    expect(textsTo(route.phone)).toBe(sent + 1);
  });
});

describe('a repeat waits for the first one to be recorded', () => {
  it("the first text counts as answered only once its own log line is committed, not another text's", async () => {
    // Another text of the business was logged; this one has the provider's sid but its record is not written yet.
    await t.database.query(`insert into sms_logs (business_id, phone_number, message_type, message_content, twilio_sid) values ($1, '+14155550149', 'reply', 'Other', 'SMother')`, [biz.id]);
    await t.database.query(
      `insert into sms_messages (business_id, direction, from_number, to_number, message_body, status, twilio_sid, send_key) values ($1, 'outbound', $2, '+14155550149', 'Hi', 'sent', 'SMmine', 'key-mine')`,
      [biz.id, NUMBER],
    );
    expect(await selectBySendKey(t.database.db, biz.id, 'key-mine')).toMatchObject({ sid: 'SMmine', recorded: false });
    await t.database.query(`insert into sms_logs (business_id, phone_number, message_type, message_content, twilio_sid) values ($1, '+14155550149', 'reply', 'Hi', 'SMmine')`, [biz.id]);
    expect(await selectBySendKey(t.database.db, biz.id, 'key-mine')).toMatchObject({ recorded: true });
  });
});

describe('POST /api/sms/bulk', () => {
  let ids: number[];
  const batches = () => count('sms_bulk_batches');
  beforeAll(async () => {
    ids = [(await addClient(t.app, biz, 'Bea Bulk', '+14155550151', booked)).id, (await addClient(t.app, biz, 'Bo Bulk', '+14155550152', booked)).id];
  });

  it('the same message to the same clients, tapped twice or at once, is one batch answered to each', async () => {
    const message = 'Would you leave us a review?';
    const first = await post('/api/sms/bulk', { clientIds: ids, message });
    expect(first.statusCode).toBe(200);
    const before = await written();
    // The selection in another order is the same recipients.
    const again = await post('/api/sms/bulk', { clientIds: [...ids].reverse(), message });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'This send was already started; nothing was queued twice.', batch: { id: first.json().batch.id, total: 2, queued: 2 } });
    expect(await written()).toEqual(before);

    const [a, b] = await Promise.all([post('/api/sms/bulk', { clientIds: ids, message: 'At once' }), post('/api/sms/bulk', { clientIds: ids, message: 'At once' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().batch).toEqual(a.json().batch);
    expect(await batches()).toBe(before[4] + 1);
    expect(await count('sms_outbox')).toBe(before[5] + 2);
  });

  it('another message or another selection is a new batch; the same one again once the first is done and 10 minutes old, too', async () => {
    const before = await batches();
    const first = (await post('/api/sms/bulk', { clientIds: ids, message: 'Spring special' })).json().batch.id;
    expect((await post('/api/sms/bulk', { clientIds: [ids[0]], message: 'Spring special' })).json().batch.id).not.toBe(first);
    expect((await post('/api/sms/bulk', { clientIds: ids, message: 'Summer special' })).json().batch.id).not.toBe(first);
    expect(await batches()).toBe(before + 3);

    // Old but its texts still wait: still the same send.
    await t.database.query(`update sms_bulk_batches set created_at = created_at - interval '11 minutes' where id = $1`, [first]);
    expect((await post('/api/sms/bulk', { clientIds: ids, message: 'Spring special' })).json().batch.id).toBe(first);
    // Old and done: a deliberate re-send.
    await t.database.query(`update sms_outbox set status = 'sent' where batch_id = $1`, [first]);
    const resend = await post('/api/sms/bulk', { clientIds: ids, message: 'Spring special' });
    expect(resend.json().batch.id).not.toBe(first);
    expect(resend.json().batch.queued).toBe(2);
  });
});
