import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryQueue } from '../../../platform/jobs/testing';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { businessWithNumber, uploadCsv, outboxOf, serviceDay } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';
import { addClient as addClientThroughApi } from '../../../testing/clients';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../../shared/schemas/sms';

// Which new bookings queue a thank-you (and a review request): Add Client, the import and the webhook, with
// the memory queue (what is enqueued); delivery through the real queue is in delivery.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: unknown) => signedIn(t.app, cookie).post(url, payload as object);
const addClient = async (b: TestBusiness, name: string, phone: string | null, serviceDate: string) => (await addClientThroughApi(t.app, b, name, phone, { serviceDate, amount: 90 })).id;
const deliveryJobs = () => (t.jobs as ReturnType<typeof memoryQueue>).sent.filter((j) => j.name === 'sms.deliver-text');
const jobsFor = (outboxIds: number[]) => deliveryJobs().filter((j) => outboxIds.includes((j.data as { outboxId: number }).outboxId));
const bookingIdOf = async (clientId: number, date: string) =>
  (await t.database.query<{ id: number }>(`select id from bookings where client_id = $1 and service_date = $2`, [clientId, date]))[0].id;
const settings = (b: TestBusiness, auto: object, extra: object = {}) =>
  post(b.cookie, '/api/outreach/settings', {
    referralDiscount: '$25',
    googleReviewLink: null,
    customMessages: {
      referral: 'Share {referralLink} for {referralDiscount} off',
      thankYou: 'Thank you {clientName}! Friends get {referralDiscount} off: {referralLink}',
      followUp: 'Hi {clientName}, still {referralDiscount} off: {referralLink}',
      review: 'Hi {clientName}, would you review us? {googleReviewLink}',
    },
    autoMessageSettings: auto,
    ...extra,
  });

describe('thank-you after a new booking', () => {
  it('Add Client with a booking today queues one thank-you, keyed by the booking, with its delivery job', async () => {
    const b = await businessWithNumber(t.database, 'Today Co');
    const today = await serviceDay(t.database, 0);
    const id = await addClient(b, 'Tia Today', '(512) 555-0201', today);
    const rows = await outboxOf(t.database, b.id);
    expect(rows).toEqual([expect.objectContaining({ kind: 'thankYou', key: `thank-you:booking:${await bookingIdOf(id, today)}`, status: 'queued', client_id: id })]);
    expect(jobsFor(rows.map((r) => r.id))).toHaveLength(1);
    const [{ body }] = await t.database.query<{ body: string }>('select body from sms_outbox where id = $1', [rows[0].id]);
    expect(body).toContain('{referralLink}'); // the business's template, rendered for the client when it goes
  });

  it('counts today and the 2 days before in the business time zone; older and future service dates queue nothing', async () => {
    const b = await businessWithNumber(t.database, 'Window Co');
    const twoDays = await addClient(b, 'Two Days', '5125550202', await serviceDay(t.database, 2));
    await addClient(b, 'Three Days', '5125550203', await serviceDay(t.database, 3));
    await addClient(b, 'Tomorrow Tom', '5125550204', await serviceDay(t.database, -1)); // accepted (a day of slack), never texted
    const rows = await outboxOf(t.database, b.id);
    expect(rows.map((r) => r.client_id)).toEqual([twoDays]);
  });

  it('an import queues one thank-you per client with a new recent booking, none for history or clients without a phone; re-importing queues nothing', async () => {
    const b = await businessWithNumber(t.database, 'Import Co');
    const [today, yesterday, old] = [await serviceDay(t.database, 0), await serviceDay(t.database, 1), await serviceDay(t.database, 40)];
    const csv = [
      'Client Name,Email,Phone,Appointment Date,Status,Amount',
      `Ana Twice,ana@example.com,512-555-0211,${yesterday},Completed,80`,
      `Ana Twice,ana@example.com,512-555-0211,${today},Completed,85`,
      `Old Olga,olga@example.com,512-555-0212,${old},Completed,70`,
      `Nora Nophone,nora@example.com,,${today},Completed,60`,
      `Pat Pending,pat@example.com,512-555-0213,${today},Scheduled,60`,
    ].join('\n');
    const first = await uploadCsv(t.app, b.cookie, 'bookings.csv', csv);
    expect(first.statusCode).toBe(200);
    const rows = await outboxOf(t.database, b.id);
    const [ana] = await t.database.query<{ id: number }>(`select id from clients where business_id = $1 and email = 'ana@example.com'`, [b.id]);
    expect(rows).toEqual([expect.objectContaining({ kind: 'thankYou', client_id: ana.id, key: `thank-you:booking:${await bookingIdOf(ana.id, today)}` })]);
    const jobsBefore = deliveryJobs().length;

    const again = await uploadCsv(t.app, b.cookie, 'bookings.csv', csv);
    expect(again.json()).toMatchObject({ newBookings: 0 });
    expect(await outboxOf(t.database, b.id)).toHaveLength(1);
    expect(deliveryJobs()).toHaveLength(jobsBefore);
  });

  it('the same webhook booking twice queues one text', async () => {
    const b = await businessWithNumber(t.database, 'Hook Co');
    const payload = { client_name: 'Wes Hook', client_email: 'wes@example.com', phone: '512-555-0221', appointment_date: await serviceDay(t.database, 0), status: 'Completed', amount_charged: '120' };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/webhook/${b.webhookToken}`, payload });
      expect(res.statusCode).toBe(200);
    }
    expect(await outboxOf(t.database, b.id)).toEqual([expect.objectContaining({ kind: 'thankYou', status: 'queued' })]);
  });

  it('queues nothing with autoSendThankYou off, or without a business number', async () => {
    const off = await businessWithNumber(t.database, 'Off Co');
    expect((await settings(off, { autoSendThankYou: false })).statusCode).toBe(200);
    await addClient(off, 'Oscar Off', '5125550231', await serviceDay(t.database, 0));
    expect(await outboxOf(t.database, off.id)).toEqual([]);

    const noNumber = await createBusiness(t.database, { name: 'No Number Co' });
    await addClient(noNumber, 'Nina Nonumber', '5125550232', await serviceDay(t.database, 0));
    expect(await outboxOf(t.database, noNumber.id)).toEqual([]);
  });
});

describe('review request after a new booking', () => {
  it('is off by default: only the thank-you is queued', async () => {
    const b = await businessWithNumber(t.database, 'Default Review Co', { reviewLink: 'https://g.page/r/default/review' });
    await addClient(b, 'Dora Default', '5125550241', await serviceDay(t.database, 0));
    expect((await outboxOf(t.database, b.id)).map((r) => r.kind)).toEqual(['thankYou']);
  });

  it('turned on with a review link: queued a day after the booking was recorded, keyed by the booking', async () => {
    const b = await businessWithNumber(t.database, 'Review Co');
    expect((await settings(b, { autoSendReview: true }, { googleReviewLink: 'https://g.page/r/review-co/review' })).statusCode).toBe(200);
    const before = Date.now();
    const today = await serviceDay(t.database, 0);
    const id = await addClient(b, 'Rae Review', '5125550242', today);
    const rows = await outboxOf(t.database, b.id);
    const review = rows.find((r) => r.kind === 'review')!;
    expect(review).toMatchObject({ key: `review:booking:${await bookingIdOf(id, today)}`, status: 'queued', client_id: id });
    const due = new Date(review.not_before).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(due).toBeLessThan(Date.now() + 24 * 3600_000 + 60_000);
    expect(rows.map((r) => r.kind).sort()).toEqual(['review', 'thankYou']);
  });

  it('without a Google review link nothing is queued for it; turned off, none either', async () => {
    const noLink = await businessWithNumber(t.database, 'No Link Co');
    await settings(noLink, { autoSendReview: true, autoSendThankYou: false });
    await addClient(noLink, 'Lee Nolink', '5125550243', await serviceDay(t.database, 0));
    expect(await outboxOf(t.database, noLink.id)).toEqual([]);

    const off = await businessWithNumber(t.database, 'Review Off Co');
    await settings(off, { autoSendReview: false, autoSendThankYou: false }, { googleReviewLink: 'https://g.page/r/off/review' });
    await addClient(off, 'Otto Off', '5125550244', await serviceDay(t.database, 0));
    expect(await outboxOf(t.database, off.id)).toEqual([]);
  });
});

describe('a template that needs a Settings value with none', () => {
  it('a thank-you that uses {googleReviewLink} without a link is not queued (its text could only be skipped)', async () => {
    const b = await businessWithNumber(t.database, 'Linkless Thanks Co');
    const thanks = { thankYou: 'Thanks {clientName}! Review us: {googleReviewLink}' };
    expect((await settings(b, {}, { customMessages: { ...DEFAULT_CUSTOM_MESSAGES, ...thanks } })).statusCode).toBe(200);
    await addClient(b, 'Tia Thanks', '5125550245', await serviceDay(t.database, 0));
    expect(await outboxOf(t.database, b.id)).toEqual([]);
  });
});

describe('automation settings', () => {
  it('GET answers the toggles and cool-downs with their defaults; a partial save keeps the rest', async () => {
    const b = await businessWithNumber(t.database, 'Settings Co');
    const get = async () => (await signedIn(t.app, b.cookie).get('/api/outreach/settings')).json();
    expect((await get()).autoMessageSettings).toEqual({
      autoSendThankYou: true,
      autoSendFollowUp: true,
      autoSendReview: false,
      cooldownDays: { thankYou: 14, review: 180, followUp: 30 },
      reviewReminderDays: 3,
      askReviewersToRefer: false,
      referAfterReviewDays: 2,
    });
    const saved = await settings(b, { autoSendReview: true, cooldownDays: { review: 200 } });
    expect(saved.statusCode).toBe(200);
    expect((await get()).autoMessageSettings).toEqual({
      autoSendThankYou: true,
      autoSendFollowUp: true,
      autoSendReview: true,
      cooldownDays: { thankYou: 14, review: 200, followUp: 30 },
      reviewReminderDays: 3,
      askReviewersToRefer: false,
      referAfterReviewDays: 2,
    });
  });

  it('refuses bad cool-downs and a review cool-down under 180 days with a sentence, and saves nothing', async () => {
    const b = await businessWithNumber(t.database, 'Bad Settings Co');
    const cases: [object, string][] = [
      [{ cooldownDays: { thankYou: -1 } }, 'Cool-down must be a whole number of days from 0 to 365'],
      [{ cooldownDays: { followUp: 366 } }, 'Cool-down must be a whole number of days from 0 to 365'],
      [{ cooldownDays: { thankYou: 2.5 } }, 'Cool-down must be a whole number of days from 0 to 365'],
      [{ cooldownDays: { thankYou: '7' } }, 'Cool-down must be a whole number of days from 0 to 365'],
      [{ cooldownDays: { review: 179 } }, 'Review requests go to a client at most once every 180 days: enter 180 to 365'],
      [{ cooldownDays: { review: 0 } }, 'Review requests go to a client at most once every 180 days: enter 180 to 365'],
      [{ autoSendReview: 'yes' }, 'Invalid input'],
    ];
    for (const [auto, message] of cases) {
      const res = await settings(b, auto, { referralDiscount: '$99' });
      expect(res.statusCode, JSON.stringify(auto)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [row] = await t.database.query<{ referral_discount: string; auto: object }>(
      'select referral_discount, auto_message_settings as auto from outreach_settings where business_id = $1',
      [b.id],
    );
    expect(row).toEqual({ referral_discount: '$25', auto: { autoSendThankYou: true, autoSendFollowUp: true } });
  });
});
