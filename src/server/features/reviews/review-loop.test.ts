import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../platform/jobs/testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';
import { addClient } from '../../testing/clients';
import { deliverTextJob, afterBookingsRecorded } from '../sms/service';
import { createBusiness } from '../../testing/factories';
import { queueReviewFollowUps } from './follow-ups';

// The review loop through the real outbox (SMS_SEND_WINDOW=off): the request carries its short link, the link
// records opens (not a HEAD or a link-preview bot), one reminder when not opened, none once opened or marked,
// the cool-down, an opt-out, and the referral ask after the open (docs/reviews.md).

const LINK = 'https://g.page/r/review-loop/review';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
let numberSeq = 0;
async function businessWithNumber(database: TestApp['database'], name: string, o: { reviewLink: string }) {
  numberSeq += 1;
  const biz = await createBusiness(database, { name, selectedPhoneNumber: `+1512556${String(1000 + numberSeq).slice(-4)}` });
  await database.query('update outreach_settings set google_review_link = $2 where business_id = $1', [biz.id, o.reviewLink]);
  return biz;
}
const outboxOf = (database: TestApp['database'], businessId: number) =>
  database.query<{ id: number; kind: string; status: string; reason: string | null; client_id: number | null }>(
    'select id, kind, status, reason, client_id from sms_outbox where business_id = $1 order by id',
    [businessId],
  );
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smsSendWindow: 'off' }, { jobs: [deliverTextJob] });
});
afterAll(() => t.close());

type Biz = Awaited<ReturnType<typeof businessWithNumber>>;
const settings = async (b: Biz, auto: object) => {
  const current = (await signedIn(t.app, b.cookie).get('/api/outreach/settings')).json();
  return signedIn(t.app, b.cookie).post('/api/outreach/settings', { ...current, autoMessageSettings: auto });
};
const settled = async (businessId: number, n: number) =>
  (await waitFor(async () => {
    const rows = await outboxOf(t.database, businessId);
    return rows.length === n && rows.every((r) => !['queued', 'sending'].includes(r.status)) ? rows : null;
  }, 20_000))!;
const texts = (businessId: number) =>
  t.database.query<{ message_body: string; message_type: string }>(`select message_body, message_type from sms_messages where business_id = $1 and direction = 'outbound' order by id`, [businessId]);
const requestRow = async (businessId: number) =>
  (await t.database.query<{ id: number; token: string; sent_at: Date | null; first_opened_at: Date | null; open_count: number; reminded_at: Date | null; referral_asked_at: Date | null }>(
    'select id, token, sent_at, first_opened_at, open_count, reminded_at, referral_asked_at from review_requests where business_id = $1 order by id desc limit 1',
    [businessId],
  ))[0];
const ctx = () => ({ database: t.database, jobs: t.jobs });
const open = (token: string, headers: Record<string, string> = { 'user-agent': BROWSER }, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: `/r/${token}`, headers });
const ago = (businessId: number, column: string, days: number) =>
  t.database.query(`update review_requests set ${column} = now() - make_interval(secs => $2::float8 * 86400) where business_id = $1`, [businessId, days]);

/** A business with the review request on, and one client asked (the request sent through the outbox). */
async function asked(name: string, phone: string, auto: object = {}): Promise<{ b: Biz; clientId: number }> {
  const b = await businessWithNumber(t.database, name, { reviewLink: LINK });
  expect((await settings(b, { autoSendReview: true, autoSendThankYou: false, ...auto })).statusCode).toBe(200);
  const client = await addClient(t.app, b, `${name} Client`, phone, { serviceDate: '2025-01-05' });
  const [booking] = await t.database.query<{ id: number }>('select id from bookings where client_id = $1', [client.id]);
  // Recorded a day ago: its request is due now.
  await afterBookingsRecorded({ ...ctx(), now: () => new Date(Date.now() - 86_400_000) }, b.id, [{ id: booking.id, clientId: client.id, serviceDate: '2025-01-05' }]);
  expect((await settled(b.id, 1))[0]).toMatchObject({ kind: 'review', status: 'sent' });
  return { b, clientId: client.id };
}

describe('the review request and its link', () => {
  it('carries the short link, not the Google link; the link redirects there and counts a person’s opens once each, not a HEAD or a preview bot', async () => {
    const { b } = await asked('Link Co', '5125550401');
    const row = await requestRow(b.id);
    expect(row.token).toMatch(/^[0-9a-f]{32}$/);
    expect(row.sent_at).not.toBeNull();
    const [text] = await texts(b.id);
    expect(text.message_body).toContain(`/r/${row.token}`);
    expect(text.message_body).not.toContain(LINK);

    expect((await open(row.token, { 'user-agent': BROWSER }, 'HEAD')).statusCode).toBe(302);
    for (const agent of ['facebookexternalhit/1.1 Facebot Twitterbot/1.0', 'WhatsApp/2.23.20.0', 'Slackbot-LinkExpanding 1.0', 'TelegramBot (like TwitterBot)']) {
      expect((await open(row.token, { 'user-agent': agent })).headers.location).toBe(LINK);
    }
    expect(await requestRow(b.id)).toMatchObject({ open_count: 0, first_opened_at: null });

    const first = await open(row.token);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(LINK);
    const opened = await requestRow(b.id);
    expect(opened.open_count).toBe(1);
    await open(row.token);
    const again = await requestRow(b.id);
    expect(again.open_count).toBe(2);
    expect(again.first_opened_at).toEqual(opened.first_opened_at);
  });

  it('an unknown token and a malformed one get the same plain page; an expired one the business’s name and its link; never a redirect elsewhere', async () => {
    const { b } = await asked('Expired Co', '5125550402');
    const unknown = await open('0123456789abcdef0123456789abcdef');
    const garbage = await open('%3Cscript%3E');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(garbage.body).toBe(unknown.body);
    expect(unknown.body).not.toContain('Expired Co');

    const row = await requestRow(b.id);
    await t.database.query(`update review_requests set created_at = now() - interval '13 months' where id = $1`, [row.id]);
    const expired = await open(row.token);
    expect(expired.statusCode).toBe(200);
    expect(expired.body).toContain('Expired Co');
    expect(expired.body).toContain(LINK);
    expect((await requestRow(b.id)).open_count).toBe(0);

    // A stored link that is no https URL (saved before the check) is never a redirect.
    await t.database.query(`update review_requests set created_at = now() where id = $1`, [row.id]);
    await t.database.query(`update outreach_settings set google_review_link = 'javascript:alert(1)' where business_id = $1`, [b.id]);
    const unsafe = await open(row.token);
    expect(unsafe.statusCode).toBe(200);
    expect(unsafe.body).not.toContain('javascript:');
  });

  it('settings: the review link must be https; reminder days 2 to 7 or off; referral ask 1 to 14 days', async () => {
    const b = await businessWithNumber(t.database, 'Settings Co', { reviewLink: LINK });
    const current = (await signedIn(t.app, b.cookie).get('/api/outreach/settings')).json();
    expect(current.autoMessageSettings).toMatchObject({ reviewReminderDays: 3, askReviewersToRefer: false, referAfterReviewDays: 2 });
    const http = await signedIn(t.app, b.cookie).post('/api/outreach/settings', { ...current, googleReviewLink: 'http://g.page/r/x/review' });
    expect(http.statusCode).toBe(400);
    for (const bad of [{ reviewReminderDays: 1 }, { reviewReminderDays: 8 }, { reviewReminderDays: 2.5 }, { referAfterReviewDays: 0 }, { referAfterReviewDays: 15 }, { askReviewersToRefer: 'yes' }]) {
      const res = await settings(b, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await settings(b, { reviewReminderDays: 1 })).json().message).toBe('Choose 2 to 7 days for the review reminder, or turn it off');
    const off = await settings(b, { reviewReminderDays: null, askReviewersToRefer: true, referAfterReviewDays: 14 });
    expect(off.json().autoMessageSettings).toMatchObject({ reviewReminderDays: null, askReviewersToRefer: true, referAfterReviewDays: 14 });
  });
});

describe('a review request by hand', () => {
  it('from the client view: queued, sent with its short link, tracked; refused without a review link or a phone', async () => {
    const b = await businessWithNumber(t.database, 'Hand Co', { reviewLink: LINK });
    const client = await addClient(t.app, b, 'Hana Hand', '5125550431');
    const res = await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${client.id}/request`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Review request queued for Hana Hand: it goes out within their sending hours.');
    expect((await settled(b.id, 1))[0]).toMatchObject({ kind: 'review', status: 'sent' });
    const row = await requestRow(b.id);
    expect((await texts(b.id))[0].message_body).toContain(`/r/${row.token}`);
    expect(row.sent_at).not.toBeNull();

    const noPhone = await addClient(t.app, b, 'Nina Nophone');
    expect((await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${noPhone.id}/request`, {})).statusCode).toBe(400);
    await t.database.query('update outreach_settings set google_review_link = null where business_id = $1', [b.id]);
    await t.database.query('update businesses set google_review_link = null where id = $1', [b.id]);
    const noLink = await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${client.id}/request`, {});
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().message).toBe('Add your Google review link in Settings first: the review request carries it.');
  });
});

describe('one reminder, then silence', () => {
  it('not opened after 3 days: one reminder with the same link; a second scan adds none; then the open is recorded', async () => {
    const { b } = await asked('Remind Co', '5125550411');
    await ago(b.id, 'sent_at', 2.9);
    expect(await queueReviewFollowUps(ctx(), b.id)).toEqual({ reminders: 0, referralAsks: 0 });
    await ago(b.id, 'sent_at', 3.1);
    expect(await queueReviewFollowUps(ctx(), b.id)).toEqual({ reminders: 1, referralAsks: 0 });
    expect(await queueReviewFollowUps(ctx(), b.id)).toEqual({ reminders: 0, referralAsks: 0 });
    const rows = await settled(b.id, 2);
    expect(rows[1]).toMatchObject({ kind: 'reviewReminder', status: 'sent' });
    const row = await requestRow(b.id);
    expect(row.reminded_at).not.toBeNull();
    const sent = await texts(b.id);
    expect(sent[1].message_body).toContain(`/r/${row.token}`);
    await open(row.token);
    expect((await requestRow(b.id)).open_count).toBe(1);
  });

  it('no reminder once the link was opened, or the owner marked a review, or reminders are off', async () => {
    const opened = await asked('Opened Co', '5125550412');
    await open((await requestRow(opened.b.id)).token);
    await ago(opened.b.id, 'sent_at', 4);
    expect(await queueReviewFollowUps(ctx(), opened.b.id)).toEqual({ reminders: 0, referralAsks: 0 });

    const marked = await asked('Marked Co', '5125550413');
    await t.database.query('update review_requests set marked_reviewed_at = now() where business_id = $1', [marked.b.id]);
    await ago(marked.b.id, 'sent_at', 4);
    expect(await queueReviewFollowUps(ctx(), marked.b.id)).toEqual({ reminders: 0, referralAsks: 0 });

    const off = await asked('Off Co', '5125550414', { reviewReminderDays: null });
    await ago(off.b.id, 'sent_at', 4);
    expect(await queueReviewFollowUps(ctx(), off.b.id)).toEqual({ reminders: 0, referralAsks: 0 });
  });

  it('a reminder queued and then the link opened before it went: skipped', async () => {
    const { b } = await asked('Late Open Co', '5125550415');
    await ago(b.id, 'sent_at', 3.5);
    const row = await requestRow(b.id);
    // Queued into a queue nobody works; the open lands before the reminder's delivery, which reads it again.
    await queueReviewFollowUps({ ...ctx(), jobs: { send: async () => null, sendMany: async () => [] } as never }, b.id);
    await t.database.query(`update review_requests set first_opened_at = now() where id = $1`, [row.id]);
    const [reminder] = await t.database.query<{ id: number }>(`select id from sms_outbox where business_id = $1 and kind = 'reviewReminder'`, [b.id]);
    await t.jobs.send(deliverTextJob, { businessId: b.id, outboxId: reminder.id }, { key: `test:${reminder.id}` });
    const rows = await settled(b.id, 2);
    expect(rows[1]).toMatchObject({ status: 'skipped', reason: 'The client opened the review link, so no reminder was needed.' });
  });

  it('an opted-out client gets no reminder (skipped with the opt-out sentence)', async () => {
    const { b } = await asked('Opt Out Co', '5125550416');
    await t.database.query(`insert into sms_opt_outs (business_id, phone, opted_out, source) values ($1, '+15125550416', true, 'keyword')`, [b.id]);
    await ago(b.id, 'sent_at', 3.5);
    expect((await queueReviewFollowUps(ctx(), b.id)).reminders).toBe(1);
    const rows = await settled(b.id, 2);
    expect(rows[1]).toMatchObject({ kind: 'reviewReminder', status: 'skipped', reason: expect.stringContaining('opted out') });
    expect((await requestRow(b.id)).reminded_at).toBeNull();
  });

  it('the A2P gate: a business whose campaign is not approved gets no reminder queued; approved again, the next scan sends it', async () => {
    const { b } = await asked('Gate Co', '5125550418');
    await t.database.query(`update sms_registrations set campaign_status = 'pending' where business_id = $1`, [b.id]);
    await ago(b.id, 'sent_at', 3.5);
    expect((await queueReviewFollowUps(ctx(), b.id)).reminders).toBe(0);
    expect(await outboxOf(t.database, b.id)).toHaveLength(1);
    // Approved again while the reminder is still due: the next scan sends it.
    await t.database.query(`update sms_registrations set campaign_status = 'approved' where business_id = $1`, [b.id]);
    expect((await queueReviewFollowUps(ctx(), b.id)).reminders).toBe(1);
    expect((await settled(b.id, 2))[1]).toMatchObject({ kind: 'reviewReminder', status: 'sent' });
  });

  it('cool-down: a client reminded once gets no second reminder within 180 days, even for a later request', async () => {
    const { b, clientId } = await asked('Cool Co', '5125550417');
    await ago(b.id, 'sent_at', 3.5);
    expect((await queueReviewFollowUps(ctx(), b.id)).reminders).toBe(1);
    await settled(b.id, 2);
    // A later request of the same client (sent by hand, say), not opened for 4 days.
    await t.database.query(
      `insert into review_requests (business_id, client_id, token, request_key, sent_at) values ($1, $2, $3, 'review:test:2', now() - interval '4 days')`,
      [b.id, clientId, 'f'.repeat(32)],
    );
    expect((await queueReviewFollowUps(ctx(), b.id)).reminders).toBe(0);
  });
});

describe('from review to referral', () => {
  it('off by default; on: the Referral Request template once, 2 days after the open, with the client’s referral link', async () => {
    const { b, clientId } = await asked('Refer Co', '5125550421');
    const row = await requestRow(b.id);
    await open(row.token);
    await ago(b.id, 'first_opened_at', 2.1);
    expect(await queueReviewFollowUps(ctx(), b.id)).toEqual({ reminders: 0, referralAsks: 0 });
    expect((await settings(b, { askReviewersToRefer: true })).statusCode).toBe(200);
    await ago(b.id, 'first_opened_at', 1.9);
    expect((await queueReviewFollowUps(ctx(), b.id)).referralAsks).toBe(0);
    await ago(b.id, 'first_opened_at', 2.1);
    expect((await queueReviewFollowUps(ctx(), b.id)).referralAsks).toBe(1);
    expect((await queueReviewFollowUps(ctx(), b.id)).referralAsks).toBe(0);
    const rows = await settled(b.id, 2);
    expect(rows[1]).toMatchObject({ kind: 'referral', status: 'sent', client_id: clientId });
    const [code] = await t.database.query<{ referral_code: string }>('select referral_code from clients where id = $1', [clientId]);
    expect((await texts(b.id))[1].message_body).toContain(`/refer?code=${code.referral_code}`);
    expect((await requestRow(b.id)).referral_asked_at).not.toBeNull();
  });
});
