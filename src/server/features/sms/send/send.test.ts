import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { SmsProviderError } from '../../../providers/sms/types';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { isOptedOut, optIn, optOut, optOutLog, optedOutAmong } from '../numbers/opt-outs';
import { NO_NUMBER_MESSAGE, type SendContext, sendSms, smsUsage } from './send';
import { signedIn } from '../../../testing/requests';

let t: TestApp;
let biz: TestBusiness;
let ctx: SendContext;
const NUMBER = '+15125550110';

async function addClient(b: TestBusiness, name: string, phone: string | null) {
  const res = await signedIn(t.app, b.cookie).post('/api/clients', { name, email: `${name.split(' ')[0].toLowerCase()}${Math.random().toString(36).slice(2, 6)}@example.com`, phone, serviceDate: '2025-01-05', amount: 100 });
  expect(res.statusCode).toBe(201);
  return res.json().client as { id: number; referralCode: string };
}

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Sparkle Clean', selectedPhoneNumber: NUMBER });
  ctx = { database: t.database, sms: t.sms, origin: 'https://app.example.com' };
});
afterAll(() => t.close());

describe('sendSms', () => {
  it('renders the placeholders, sends from the business number and records the message, log and activity with the sid', async () => {
    const maria = await addClient(biz, 'Maria Lopez', '(512) 555-0199');
    await t.database.db.execute(sql`update outreach_settings set referral_discount = '$30', google_review_link = 'https://g.page/r/abc'
      where business_id = ${biz.id}`);
    const sent = await sendSms(ctx, {
      businessId: biz.id,
      clientId: maria.id,
      body: 'Hi {clientName}! {businessName} thanks you. Share {referralLink} ({referralCode}) for {referralDiscount}; review: {googleReviewLink} {other}',
      messageType: 'thankYou',
    });
    const expected = `Hi Maria! Sparkle Clean thanks you. Share https://app.example.com/refer?code=${maria.referralCode} (${maria.referralCode}) for $30 off; review: https://g.page/r/abc {other}`;
    expect(sent).toMatchObject({ from: NUMBER, to: '+15125550199', body: expected, status: 'sent', clientId: maria.id, segments: 1 });
    expect(t.sms.last('+15125550199')).toMatchObject({ from: NUMBER, body: expected, sid: sent.sid });
    const [message] = await rows<Record<string, unknown>>(sql`select * from sms_messages where id = ${sent.messageId}`);
    expect(message).toMatchObject({ business_id: biz.id, client_id: maria.id, direction: 'outbound', twilio_sid: sent.sid, status: 'sent', message_type: 'thankYou', message_body: expected });
    const [log] = await rows<Record<string, unknown>>(sql`select * from sms_logs where twilio_sid = ${sent.sid}`);
    expect(log).toMatchObject({ business_id: biz.id, client_id: maria.id, phone_number: '+15125550199', status: 'sent', message_type: 'thankYou' });
    const [activity] = await rows<{ type: string; metadata: Record<string, unknown> }>(
      sql`select type, metadata from activity_logs where business_id = ${biz.id} and metadata->>'twilio_sid' = ${sent.sid}`,
    );
    expect(activity).toMatchObject({ type: 'sms_sent', metadata: { client_id: maria.id, client_name: 'Maria Lopez', phone_number: '+15125550199', message_type: 'thankYou' } });
  });

  it('refuses without a business number, storing nothing', async () => {
    const other = await createBusiness(t.database);
    const c = await addClient(other, 'Nina Noel', '5125550123');
    const before = t.sms.sent.length;
    await expect(sendSms(ctx, { businessId: other.id, clientId: c.id, body: 'Hello there', messageType: 'thankYou' })).rejects.toMatchObject({
      status: 409,
      message: NO_NUMBER_MESSAGE,
    });
    expect(t.sms.sent.length).toBe(before);
    expect(await rows(sql`select 1 from sms_messages where business_id = ${other.id}`)).toHaveLength(0);
  });

  it('refuses a client without a valid phone, another business\'s client, and a placeholder without a value', async () => {
    const nophone = await addClient(biz, 'Paul Nophone', null);
    await expect(sendSms(ctx, { businessId: biz.id, clientId: nophone.id, body: 'Hello there', messageType: 'thankYou' })).rejects.toMatchObject({
      status: 400,
      message: 'Paul Nophone has no valid mobile number, so no text was sent. Add one to the client first.',
    });
    const other = await createBusiness(t.database, { selectedPhoneNumber: '+15125550111' });
    const theirs = await addClient(other, 'Theo Theirs', '5125550177');
    await expect(sendSms(ctx, { businessId: biz.id, clientId: theirs.id, body: 'Hello there', messageType: 'thankYou' })).rejects.toMatchObject({ status: 404 });
    await expect(sendSms(ctx, { businessId: biz.id, to: '5125550178', body: 'Hi {clientName}', messageType: 'reply' })).rejects.toMatchObject({ status: 400 });
    await t.database.db.execute(sql`update outreach_settings set google_review_link = null where business_id = ${other.id}`);
    await expect(sendSms(ctx, { businessId: other.id, clientId: theirs.id, body: 'Review us: {googleReviewLink}', messageType: 'review' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('{googleReviewLink}'),
    });
  });

  it('refuses an opted-out number; opting in again lets it through; every change is logged with its source', async () => {
    const c = await addClient(biz, 'Olive Out', '5125550144');
    await optOut(t.database.db, biz.id, '(512) 555-0144', { source: 'keyword', detail: 'STOP' });
    expect(await isOptedOut(t.database.db, biz.id, '+15125550144')).toBe(true);
    expect(await optedOutAmong(t.database.db, biz.id, ['+15125550144', '+15125550199'])).toEqual(new Set(['+15125550144']));
    await expect(sendSms(ctx, { businessId: biz.id, clientId: c.id, body: 'Hello there', messageType: 'bulk' })).rejects.toMatchObject({
      status: 409,
      message: 'Olive Out has opted out of texts (replied STOP), so no text was sent. They can text START to your number to opt back in.',
    });
    // Another business's list is its own.
    expect(await isOptedOut(t.database.db, biz.id + 100000, '+15125550144')).toBe(false);
    await optIn(t.database.db, biz.id, '+15125550144', { source: 'keyword', detail: 'START' });
    await expect(sendSms(ctx, { businessId: biz.id, clientId: c.id, body: 'Hello there', messageType: 'bulk' })).resolves.toMatchObject({ status: 'sent' });
    const log = await optOutLog(t.database.db, biz.id, '+15125550144');
    expect(log.map((e) => [e.optedOut, e.source, e.detail])).toEqual([
      [false, 'keyword', 'START'],
      [true, 'keyword', 'STOP'],
    ]);
  });

  it('a provider failure stores the message as failed and says it was not sent', async () => {
    const c = await addClient(biz, 'Fay Fail', '5125550155');
    t.sms.failNextSend(new SmsProviderError('Service unavailable', null, 503));
    await expect(sendSms(ctx, { businessId: biz.id, clientId: c.id, body: 'Hello there', messageType: 'thankYou' })).rejects.toMatchObject({
      status: 502,
      message: 'The text to Fay Fail was not sent: Service unavailable. It is kept as failed in Message History; please try again.',
    });
    const stored = await rows<{ status: string; twilio_sid: string | null }>(sql`select status, twilio_sid from sms_messages where client_id = ${c.id}`);
    expect(stored).toEqual([{ status: 'failed', twilio_sid: null }]);
    expect(await rows(sql`select 1 from sms_logs where client_id = ${c.id} and status = 'failed'`)).toHaveLength(1);
    expect(await rows(sql`select 1 from activity_logs where business_id = ${biz.id} and type = 'sms_failed' and (metadata->>'client_id')::int = ${c.id}`)).toHaveLength(1);
  });

  it('a 21610 refusal marks the number opted out (source provider)', async () => {
    const c = await addClient(biz, 'Rita Refused', '5125550166');
    t.sms.refuse('+15125550166', 21610);
    await expect(sendSms(ctx, { businessId: biz.id, clientId: c.id, body: 'Hello there', messageType: 'thankYou' })).rejects.toMatchObject({ status: 409 });
    expect(await isOptedOut(t.database.db, biz.id, '+15125550166')).toBe(true);
    expect((await optOutLog(t.database.db, biz.id, '+15125550166'))[0]).toMatchObject({ optedOut: true, source: 'provider', detail: '21610' });
  });

  it('counts sent texts against the free 100', async () => {
    const usage = await smsUsage(t.database.db, biz.id);
    expect(usage).toEqual({ used: 2, free: 100, freeRemaining: 98 });
  });
});
