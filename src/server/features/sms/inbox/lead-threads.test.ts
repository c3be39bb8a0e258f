import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { smsLeadConversationsSchema } from '../../../../shared/schemas/sms-inbox';
import { leadStatusReplySchema } from '../../../../shared/schemas/leads';
import { APP_URL, addClient, businessWithNumber, type InboxBusiness, postSigned, textFrom } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';

// Leads are conversations (docs/sms-inbox.md, "Leads"): a lead's texts in its communications and in the lead
// threads, the owner's answer in the same thread, and the thread following the lead when it becomes a client.

let t: TestApp;

/** A lead as a form or claim leaves it (written directly). */
async function addLeadRow(_db: unknown, businessId: number, l: { name: string; email?: string; phone?: string; source?: string; referrerCode?: string; referrerName?: string }) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into leads (business_id, name, email, phone, source, referrer_code, referrer_name) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [businessId, l.name, l.email ?? null, l.phone ?? null, l.source ?? 'form', l.referrerCode ?? null, l.referrerName ?? null],
  );
  return row.id;
}
let a: InboxBusiness;
let b: InboxBusiness;
const LEAD_PHONE = '+14155550142';

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  a = await businessWithNumber(t.database, '+15125550180', { name: 'Sparkle Homes' });
  b = await businessWithNumber(t.database, '+15125550181', { name: 'Other Co' });
});
afterAll(() => t.close());

const get = (biz: InboxBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const inbound = (biz: InboxBusiness, from: string, body: string) => postSigned(t.app, '/api/sms/inbound', textFrom(from, biz.number, body));

describe('a lead who texts', () => {
  let leadId: number;
  it('lands in the lead’s communications and in the lead threads, unread, with an activity line naming the lead', async () => {
    leadId = await addLeadRow(t.database, a.id, { name: 'Lena Lead', phone: LEAD_PHONE, email: 'lena@example.com' });
    // the same number is a lead of the other business too: each keeps its own
    const otherLead = await addLeadRow(t.database, b.id, { name: 'Bea Other', phone: LEAD_PHONE });
    expect((await inbound(a, LEAD_PHONE, 'Is Friday open?')).statusCode).toBe(200);

    const comms = (await get(a, `/api/leads/${leadId}/communications`)).json();
    expect(comms).toEqual([expect.objectContaining({ leadId, type: 'sms', direction: 'inbound', content: 'Is Friday open?', status: 'received' })]);
    const threads = smsLeadConversationsSchema.parse((await get(a, '/api/sms/lead-conversations')).json());
    expect(threads.hasMore).toBe(false);
    expect(threads.conversations).toHaveLength(1);
    expect(threads.conversations[0]).toMatchObject({ leadId, lead: { id: leadId, name: 'Lena Lead', phone: LEAD_PHONE }, unreadCount: 1, lastMessage: { messageBody: 'Is Friday open?' } });
    expect(threads.conversations[0].unreadMessageIds).toHaveLength(1);
    const [activity] = await t.database.query<{ description: string }>(`select description from activity_logs where business_id = $1 and type = 'sms_received' order by id desc limit 1`, [a.id]);
    expect(activity.description).toBe('Text from Lena Lead (lead)');
    // the other business sees none of it
    expect((await get(b, '/api/sms/lead-conversations')).json().conversations).toEqual([]);
    expect((await get(b, `/api/leads/${otherLead}/communications`)).json()).toEqual([]);
    expect((await get(b, `/api/leads/${leadId}/communications`)).statusCode).toBe(404);
  });

  it('the owner answers in the same thread, and reading it clears the unread count', async () => {
    const res = await signedIn(t.app, a.cookie).post(`/api/leads/${leadId}/sms`, { message: 'Yes, 10am works!' });
    expect(res.statusCode).toBe(200);
    const thread = (await get(a, '/api/sms/lead-conversations')).json().conversations[0];
    expect(thread.recentMessages.map((m: { direction: string; messageBody: string }) => [m.direction, m.messageBody])).toEqual([
      ['inbound', 'Is Friday open?'],
      ['outbound', 'Yes, 10am works!'],
    ]);
    const comms = (await get(a, `/api/leads/${leadId}/communications`)).json();
    expect(comms.map((c: { direction: string }) => c.direction)).toEqual(['outbound', 'inbound']);
    const read = await signedIn(t.app, a.cookie).post('/api/sms/mark-read', { messageIds: thread.unreadMessageIds });
    expect(read.json()).toMatchObject({ updated: 1 });
    expect((await get(a, '/api/sms/lead-conversations')).json().conversations[0].unreadCount).toBe(0);
  });

  it('follows the lead when it becomes a client: the texts move to the client’s conversation', async () => {
    const clientId = await addClient(t.app, a, 'Lena Lead', '(415) 555-0142');
    expect((await get(a, '/api/sms/lead-conversations')).json().conversations).toEqual([]);
    const conversations = (await get(a, '/api/sms/conversations')).json().conversations;
    const lena = conversations.find((c: { clientId: number }) => c.clientId === clientId);
    expect(lena.recentMessages.map((m: { messageBody: string }) => m.messageBody)).toEqual(['Is Friday open?', 'Yes, 10am works!']);
    // the lead's communications still show the thread, and the next text is the client's
    expect((await get(a, `/api/leads/${leadId}/communications`)).json()).toHaveLength(2);
    expect((await inbound(a, LEAD_PHONE, 'See you Friday')).statusCode).toBe(200);
    const [last] = await t.database.query<{ client_id: number; lead_id: number | null }>(`select client_id, lead_id from sms_messages where business_id = $1 order by id desc limit 1`, [a.id]);
    expect(last).toEqual({ client_id: clientId, lead_id: null });
    // the other business's lead thread stays its own
    expect((await t.database.query<{ n: number }>(`select count(*)::int as n from sms_messages where business_id = $1 and client_id is not null`, [b.id]))[0].n).toBe(0);
  });

  it('a client whose phone is changed to a waiting lead’s gets its texts', async () => {
    const lead = await addLeadRow(t.database, a.id, { name: 'Max Later', phone: '+14155550143' });
    expect((await inbound(a, '+14155550143', 'Hello?')).statusCode).toBe(200);
    const clientId = await addClient(t.app, a, 'Max Later', null);
    const edit = await signedIn(t.app, a.cookie).patch(`/api/clients/${clientId}`, { phone: '(415) 555-0143' });
    expect(edit.statusCode, edit.body).toBe(200);
    const [m] = await t.database.query<{ client_id: number; lead_id: number }>(`select client_id, lead_id from sms_messages where business_id = $1 and message_body = 'Hello?'`, [a.id]);
    expect(m).toEqual({ client_id: clientId, lead_id: lead });
  });
});

describe('a referral lead set to Converted', () => {
  it('names the pending referral it came with, so the screen can offer to convert it', async () => {
    const referrer = await addClient(t.app, a, 'Rita Ref', null);
    const [{ referral_code: code }] = await t.database.query<{ referral_code: string }>('select referral_code from clients where id = $1', [referrer]);
    const [{ id: referralId }] = await t.database.query<{ id: number }>(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email) values ($1, $2, $3, 'Fay Friend', 'fay@example.com') returning id`,
      [a.id, code, referrer],
    );
    const lead = await addLeadRow(t.database, a.id, { name: 'Fay Friend', email: 'FAY@example.com', source: 'referral', referrerCode: code, referrerName: 'Rita Ref' });
    const patch = (status: string) => signedIn(t.app, a.cookie).patch(`/api/leads/${lead}/status`, { status });
    const contacted = leadStatusReplySchema.parse((await patch('contacted')).json());
    expect(contacted.pendingReferral).toBeNull();
    const converted = leadStatusReplySchema.parse((await patch('converted')).json());
    expect(converted).toMatchObject({ id: lead, status: 'converted', pendingReferral: { id: referralId, refereeName: 'Fay Friend', referrerName: 'Rita Ref' } });
    // once the referral is converted there is nothing more to offer
    expect((await signedIn(t.app, a.cookie).post(`/api/referrals/${referralId}/convert`, {})).statusCode).toBe(200);
    expect(leadStatusReplySchema.parse((await patch('converted')).json()).pendingReferral).toBeNull();
    // a lead without a referral never names one
    const plain = await addLeadRow(t.database, a.id, { name: 'Pat Plain', email: 'fay@example.com' });
    const res = await signedIn(t.app, a.cookie).patch(`/api/leads/${plain}/status`, { status: 'converted' });
    expect(res.json().pendingReferral).toBeNull();
  });
});
