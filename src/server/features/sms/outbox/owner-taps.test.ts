import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, setSendingNumber, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { signedIn } from '../../../testing/requests';
import { addClient } from '../../../testing/clients';
import { deliverOutboxText } from './deliver';
import { queueTexts } from './enqueue';

// The owner's one-tap texts (thank-you, gift, referral follow-up, referral ask), and a reply to a client who has
// not texted in 24 hours, at 1 am Pacific wait in the outbox for 8:00 am the recipient's time, and go out then
// through the outbox's delivery; at an open hour they go at once, as before (docs/sms-send-window.md "Per kind of
// text").

let clock = new Date();
let t: TestApp;
let biz: TestBusiness;
const NIGHT = new Date('2026-11-24T09:15:00Z'); // Tuesday 1:15 am Pacific
const EIGHT_AM_PACIFIC = new Date('2026-11-24T16:00:00Z');
const NOON_PACIFIC = new Date('2026-11-24T20:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  biz = await createBusiness(t.database, { name: 'Sparkle Clean' });
  await setSendingNumber(t.database, biz.id, '+15125550110');
});
afterAll(() => t.close());

const post = (url: string, payload?: object) => signedIn(t.app, biz.cookie).post(url, payload ?? {});
const get = (url: string) => signedIn(t.app, biz.cookie).get(url);
let seq = 0;
/** A client with a 415 (San Francisco) number and a booking, their basis to text. */
const sfClient = async (name: string) => (await addClient(t.app, biz, name, `(415) 555-01${String(10 + ++seq).padStart(2, '0')}`)).id;
/** A friend's pending claim, with the claim page's text consent, from a 415 number. */
const sfFriend = async (name: string) =>
  (
    await t.database.query<{ id: number }>(
      `insert into referrals (business_id, referrer_code, referee_name, referee_phone, sms_consent_at, sms_consent_text)
       values ($1, 'SPARK1', $2, $3, now(), 'Text me about my reward.') returning id`,
      [biz.id, name, `+1415555${String(1000 + ++seq)}`],
    )
  )[0].id;

type OutboxRow = { id: number; kind: string; status: string; not_before: Date; owner_tap: unknown; reason: string | null; time_zone: string | null };
const outbox = () => t.database.query<OutboxRow>('select id, kind, status, not_before, owner_tap, reason, time_zone from sms_outbox where business_id = $1 order by id', [biz.id]);
const clientRow = async (id: number) =>
  (await t.database.query<{ has_reward: boolean; reward_earned: string | null; thank_you_sent: boolean }>('select has_reward, reward_earned, thank_you_sent from clients where id = $1', [id]))[0];
const activities = async (type: string) => (await t.database.query<{ description: string }>('select description from activity_logs where business_id = $1 and type = $2', [biz.id, type])).map((a) => a.description);

/** Runs the outbox's delivery of one row at `at`, as its job would then. */
async function deliverAt(rowId: number, at: Date) {
  await deliverOutboxText({ database: t.database, sms: t.sms, jobs: t.jobs, origin: 'http://localhost:3000', now: () => at }, biz.id, rowId, async () => {});
}

const SCHEDULED = { at: EIGHT_AM_PACIFIC.toISOString(), timeZone: 'America/Los_Angeles', local: '8:00 am' };

describe('at 1:15 am Pacific, each one-tap text waits for 8:00 am their time', () => {
  beforeAll(() => {
    clock = NIGHT;
  });

  // Each case: the request, the answer's sentence, then what the delivery at 8:00 am must have sent and recorded.
  it('thank-you: queued, nothing sent; at 8:00 am sent and recorded (the automation toggle does not apply)', async () => {
    const ann = await sfClient('Ann Lee');
    const before = t.sms.sent.length;
    const res = await post('/api/admin/send-thanks', { clientId: ann, message: 'Thanks {clientName}, it was a pleasure!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Thank you message scheduled for 8:00 am their time', sms: null, scheduled: SCHEDULED });
    expect(t.sms.sent.length).toBe(before);
    const [row] = (await outbox()).slice(-1);
    expect(row).toMatchObject({ kind: 'thankYou', status: 'queued', not_before: EIGHT_AM_PACIFIC, time_zone: 'America/Los_Angeles' });
    expect(row.owner_tap).not.toBeNull();
    expect((await clientRow(ann)).thank_you_sent).toBe(false);

    // Automatic thank-yous off: a text the owner asked for still goes.
    await t.database.query(`update outreach_settings set auto_message_settings = '{"autoSendThankYou": false}'::jsonb where business_id = $1`, [biz.id]);
    await deliverAt(row.id, new Date(EIGHT_AM_PACIFIC.getTime() - 60_000));
    expect(t.sms.sent.length).toBe(before); // 7:59 am: still waiting
    await deliverAt(row.id, EIGHT_AM_PACIFIC);
    expect(t.sms.sent.slice(before).map((s) => [s.to, s.body])).toEqual([['+14155550111', 'Thanks Ann, it was a pleasure!']]);
    expect((await outbox()).find((r) => r.id === row.id)?.status).toBe('sent');
    expect((await clientRow(ann)).thank_you_sent).toBe(true);
    expect(await activities('thank_you_sent')).toContain('Thank-you message sent to Ann Lee');
  });

  it('gift: queued with its text, the reward not recorded; at 8:00 am sent and the reward recorded', async () => {
    const ben = await sfClient('Ben Ortiz');
    const before = t.sms.sent.length;
    const res = await post('/api/admin/send-gift', { clientId: ben, giftType: 'discount', amount: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Gift scheduled for 8:00 am their time', sms: null, scheduled: SCHEDULED, client: { id: ben, hasReward: false } });
    expect(t.sms.sent.length).toBe(before);
    const [row] = (await outbox()).slice(-1);
    expect(row).toMatchObject({ kind: 'gift', status: 'queued', not_before: EIGHT_AM_PACIFIC });
    expect(await clientRow(ben)).toMatchObject({ has_reward: false, reward_earned: null });

    // Each text takes its own second of the number (pacing): these run minutes apart.
    await deliverAt(row.id, new Date(EIGHT_AM_PACIFIC.getTime() + 3 * 60_000));
    expect(t.sms.sent.slice(before).map((s) => s.body)).toEqual([
      'Hi Ben! As a thank-you, Sparkle Clean has a $25 Service Discount for you. Just mention it when you book your next visit.',
    ]);
    expect(await clientRow(ben)).toMatchObject({ has_reward: true, reward_earned: '$25 Service Discount' });
    expect(await activities('gift_sent')).toContain('$25 Service Discount sent to Ben Ortiz');
  });

  it("referral follow-up (Follow Up): queued for the friend's 8:00 am, then sent", async () => {
    const friend = await sfFriend('Cara Friend');
    const before = t.sms.sent.length;
    const res = await post(`/api/referrals/send-reminder/${friend}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Reminder scheduled for 8:00 am their time', sms: null, scheduled: SCHEDULED });
    expect(t.sms.sent.length).toBe(before);
    const [row] = (await outbox()).slice(-1);
    expect(row).toMatchObject({ kind: 'followUp', status: 'queued', not_before: EIGHT_AM_PACIFIC });

    await deliverAt(row.id, new Date(EIGHT_AM_PACIFIC.getTime() + 6 * 60_000));
    expect(t.sms.sent.slice(before)).toHaveLength(1);
    expect(t.sms.sent[before].body).toMatch(/^Hi Cara, just checking in!/);
    expect(await activities('referral_reminder')).toContain('Reminder texted to Cara Friend');
  });

  it('a second tap at night (the same text, or two at once) queues nothing more and answers the same time; another text is another send', async () => {
    const eve = await sfClient('Eve Moss');
    const friend = await sfFriend('Fay Friend');
    const queued = async () => (await outbox()).length;
    const before = await queued();
    const thanks = { clientId: eve, message: 'Thanks {clientName}!' };
    const first = await post('/api/admin/send-thanks', thanks);
    const [again, atOnce] = await Promise.all([post('/api/admin/send-thanks', thanks), post('/api/admin/send-thanks', thanks)]);
    for (const res of [first, again, atOnce]) expect(res.json()).toMatchObject({ success: true, sms: null, scheduled: SCHEDULED });
    expect(await queued()).toBe(before + 1);
    // The follow-up's once-a-day claim is not asked twice: the second tap answers the first one's time, not 409.
    const reminders = [await post(`/api/referrals/send-reminder/${friend}`), await post(`/api/referrals/send-reminder/${friend}`)];
    expect(reminders.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(reminders[1].json()).toMatchObject({ scheduled: SCHEDULED });
    expect(await queued()).toBe(before + 2);
    const other = await post('/api/admin/send-thanks', { clientId: eve, message: 'Thanks again {clientName}!' });
    expect(other.json()).toMatchObject({ scheduled: SCHEDULED });
    expect(await queued()).toBe(before + 3);
  });

  it('referral ask (POST /api/outreach/send-sms): queued, then sent with the client\'s link', async () => {
    const dee = await sfClient('Dee Park');
    const before = t.sms.sent.length;
    const res = await post('/api/outreach/send-sms', { clientId: dee, messageType: 'referral', messageContent: 'Hi {clientName}, share your link: {referralLink}' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Text scheduled for 8:00 am their time', sms: null, scheduled: SCHEDULED });
    expect(t.sms.sent.length).toBe(before);
    const [row] = (await outbox()).slice(-1);
    expect(row).toMatchObject({ kind: 'referral', status: 'queued', not_before: EIGHT_AM_PACIFIC });

    await deliverAt(row.id, new Date(EIGHT_AM_PACIFIC.getTime() + 9 * 60_000));
    expect(t.sms.sent.slice(before)).toHaveLength(1);
    expect(t.sms.sent[before].body).toMatch(/^Hi Dee, share your link: http:\/\/localhost:3000\/refer\?code=/);
  });

  it("the owner's thank-you, sent from the outbox, starts no cool-down for the automatic one", async () => {
    await t.database.query(`update outreach_settings set auto_message_settings = '{"autoSendThankYou": true}'::jsonb where business_id = $1`, [biz.id]);
    const kim = await sfClient('Kim Vo');
    expect((await post('/api/admin/send-thanks', { clientId: kim, message: 'Thanks Kim!' })).json().scheduled).toEqual(SCHEDULED);
    const [tapped] = (await outbox()).slice(-1);
    await deliverAt(tapped.id, new Date(EIGHT_AM_PACIFIC.getTime() + 30 * 60_000));
    const at = new Date(EIGHT_AM_PACIFIC.getTime() + 40 * 60_000);
    const [automatic] = await queueTexts(t, biz.id, [{ clientId: kim, kind: 'thankYou', key: `thank-you:booking:kim`, body: 'Thanks again {clientName}!' }], { now: at });
    await deliverAt(automatic.id, at);
    const rows = await outbox();
    expect([tapped.id, automatic.id].map((id) => rows.find((r) => r.id === id)?.status)).toEqual(['sent', 'sent']);
  });

  it('GET /api/sms/send-time says when, before the owner sends', async () => {
    const eve = await sfClient('Eve Stone');
    const res = await get(`/api/sms/send-time?clientId=${eve}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scheduled: SCHEDULED });
    clock = new Date('2026-11-24T06:30:00Z'); // Monday 10:30 pm Pacific: tomorrow's 8:00 am
    expect((await get(`/api/sms/send-time?clientId=${eve}`)).json().scheduled.local).toBe('8:00 am tomorrow');
    clock = NIGHT;
  });

  it('a text the send service would refuse is refused now, and nothing is queued', async () => {
    const noBooking = await t.database.query<{ id: number }>(
      `insert into clients (business_id, name, phone, referral_code) values ($1, 'Fay Nobooking', '+14155550199', 'FAYNB1') returning id`,
      [biz.id],
    );
    const rows = (await outbox()).length;
    const res = await post('/api/admin/send-thanks', { clientId: noBooking[0].id, message: 'Thanks!' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Fay Nobooking did not agree to texts, so no text was sent/);
    expect((await outbox()).length).toBe(rows);
  });

  it('bad input to GET /api/sms/send-time: 4xx with a message, never 500', async () => {
    for (const [query, status] of [['', 400], ['?clientId=abc', 400], ['?clientId=-1', 400], ['?clientId=1.5', 400], ['?clientId=%3Cscript%3E', 400], ['?clientId=99999999999', 400], ['?clientId=2147483647', 404]] as const) {
      const res = await get(`/api/sms/send-time${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json().message).toBe('Client not found');
    }
  });
});

describe('replies at 1:15 am Pacific', () => {
  beforeAll(() => {
    clock = NIGHT;
  });
  /** The client's own text to the business, `hoursBefore` the night's clock. */
  const textFrom = (clientId: number, hoursBefore: number) =>
    t.database.query(
      `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, timestamp)
       select business_id, id, 'inbound', phone, '+15125550110', 'Are you free Friday?', 'reply', $2 from clients where id = $1`,
      [clientId, new Date(NIGHT.getTime() - hoursBefore * 3_600_000)],
    );

  it('to a client who texted within 24 hours: sent at once', async () => {
    const lia = await sfClient('Lia Moss');
    await textFrom(lia, 23);
    const before = t.sms.sent.length;
    const res = await post('/api/sms/reply', { clientId: lia, message: 'Yes, Friday at 10 works!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Reply sent successfully', scheduled: null, sms: { messageBody: 'Yes, Friday at 10 works!' } });
    expect(t.sms.sent.length).toBe(before + 1);
  });

  it('to a client whose last text is older (or who never wrote): queued for 8:00 am, then sent', async () => {
    const max = await sfClient('Max Bell');
    await textFrom(max, 25);
    const rows = (await outbox()).length;
    const before = t.sms.sent.length;
    const res = await post('/api/sms/reply', { clientId: max, message: 'Hi {clientName}, we have a slot Friday.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Reply scheduled for 8:00 am their time', sms: null, scheduled: SCHEDULED });
    expect(t.sms.sent.length).toBe(before);
    const added = (await outbox()).slice(rows);
    expect(added).toMatchObject([{ kind: 'reply', status: 'queued', not_before: EIGHT_AM_PACIFIC }]);
    await deliverAt(added[0].id, new Date(EIGHT_AM_PACIFIC.getTime() + 50 * 60_000));
    expect(t.sms.sent.slice(before).map((x) => x.body)).toEqual(['Hi Max, we have a slot Friday.']);
  });
});

describe('at noon Pacific, each goes at once as before', () => {
  beforeAll(() => {
    clock = NOON_PACIFIC;
  });

  it('thank-you, gift, follow-up and referral ask are sent at once with the spec messages; nothing is queued', async () => {
    const gus = await sfClient('Gus Hall');
    const friend = await sfFriend('Hal Friend');
    const rows = (await outbox()).length;
    const before = t.sms.sent.length;
    expect((await get(`/api/sms/send-time?clientId=${gus}`)).json()).toEqual({ scheduled: null });
    const answers = [
      await post('/api/admin/send-thanks', { clientId: gus, message: 'Thanks Gus!' }),
      await post('/api/admin/send-gift', { clientId: gus, giftType: 'gift_card', amount: 50 }),
      await post(`/api/referrals/send-reminder/${friend}`),
      await post('/api/outreach/send-sms', { clientId: gus, messageType: 'referral', messageContent: 'Share your link: {referralLink}' }),
    ];
    expect(answers.map((a) => [a.statusCode, a.json().message, a.json().scheduled])).toEqual([
      [200, 'Thank you message sent!', null],
      [200, 'Gift sent successfully!', null],
      [200, 'Reminder sent successfully', null],
      [200, 'Text sent to Gus Hall', null],
    ]);
    expect(t.sms.sent.length).toBe(before + 4);
    expect((await outbox()).length).toBe(rows);
    expect(await clientRow(gus)).toMatchObject({ has_reward: true, reward_earned: '$50 Gift Card', thank_you_sent: true });
  });
});

describe("the browser tests' clock header (x-sms-send-window-clock)", () => {
  it('is ignored where the window is enforced: a claimed noon does not let a text out at 1:15 am', async () => {
    clock = NIGHT;
    const ivy = await sfClient('Ivy Lane');
    const res = await signedIn(t.app, biz.cookie, { 'x-sms-send-window-clock': NOON_PACIFIC.toISOString() }).get(`/api/sms/send-time?clientId=${ivy}`);
    expect(res.json()).toEqual({ scheduled: SCHEDULED });
  });

  it('with SMS_SEND_WINDOW=off (simulator only) it turns the window on at that instant; without it texts go at once', async () => {
    const off = await createTestApp({ smsSendWindow: 'off' }, { now: () => NIGHT });
    try {
      const owner = await createBusiness(off.database, { name: 'Night Owl' });
      await setSendingNumber(off.database, owner.id, '+15125550110');
      const jo = (await addClient(off.app, owner, 'Jo Reyes', '(415) 555-0177')).id;
      const plain = await signedIn(off.app, owner.cookie).get(`/api/sms/send-time?clientId=${jo}`);
      expect(plain.json()).toEqual({ scheduled: null });
      const atNight = signedIn(off.app, owner.cookie, { 'x-sms-send-window-clock': NIGHT.toISOString() });
      expect((await atNight.get(`/api/sms/send-time?clientId=${jo}`)).json()).toEqual({ scheduled: SCHEDULED });
      const sent = await atNight.post('/api/admin/send-thanks', { clientId: jo, message: 'Thanks Jo!' });
      expect(sent.json()).toMatchObject({ sms: null, scheduled: SCHEDULED });
      expect(off.sms.sent).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});
