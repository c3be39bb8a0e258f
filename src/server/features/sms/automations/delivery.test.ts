import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryQueue, waitFor } from '../../../platform/jobs/testing';
import type { JobContext } from '../../../platform/jobs/index';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { jobDefinitions } from '../../index';
import { deliverTextJob } from '../outbox/jobs';
import { queueDueFollowUps } from './follow-ups';
import { businessFollowUpsJob, queueFollowUpsJob } from './jobs';
import { businessWithNumber, createReferral, outboxOf, serviceDay } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';
import { addClient as addClientThroughApi } from '../../../testing/clients';

// Automated texts through the real queue (SMS_SEND_WINDOW=off, so the hour does not matter): sent once,
// in Message History, under the cool-downs; the referral follow-up to the friend.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smsSendWindow: 'off' }, { jobs: [deliverTextJob] });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: unknown) => signedIn(t.app, cookie).post(url, payload as object);
const addClient = (cookie: string, name: string, phone: string, serviceDate: string) => addClientThroughApi(t.app, { cookie }, name, phone, { serviceDate, amount: 90 });
const settled = async (businessId: number, n: number) =>
  (await waitFor(async () => {
    const rows = await outboxOf(t.database, businessId);
    return rows.length === n && rows.every((r) => !['queued', 'sending'].includes(r.status)) ? rows : null;
  }, 20_000))!;
const outbound = (businessId: number) =>
  t.database.query<{ to_number: string; message_body: string; message_type: string; client_id: number | null }>(
    `select to_number, message_body, message_type, client_id from sms_messages where business_id = $1 and direction = 'outbound' order by id`,
    [businessId],
  );

describe('thank-you texts', () => {
  it('a new booking from the webhook is texted once, rendered for the client, and shows in Message History; the same webhook again sends nothing', async () => {
    const b = await businessWithNumber(t.database, 'Sent Co');
    const payload = { client_name: 'Gia Green', client_email: 'gia@example.com', phone: '512-555-0301', appointment_date: await serviceDay(t.database, 0), status: 'Completed' };
    await t.app.inject({ method: 'POST', url: `/api/webhook/${b.webhookToken}`, payload });
    const [row] = await settled(b.id, 1);
    expect(row).toMatchObject({ kind: 'thankYou', status: 'sent' });
    const [code] = await t.database.query<{ referral_code: string }>(`select referral_code from clients where business_id = $1`, [b.id]);
    const texts = await outbound(b.id);
    expect(texts).toEqual([
      expect.objectContaining({ to_number: '+15125550301', message_type: 'thankYou', message_body: expect.stringContaining(`Hi Gia,`) }),
    ]);
    expect(texts[0].message_body).toContain(`/refer?code=${code.referral_code}`);

    await t.app.inject({ method: 'POST', url: `/api/webhook/${b.webhookToken}`, payload });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await outbound(b.id)).toHaveLength(1);

    const history = (await signedIn(t.app, b.cookie).get('/api/sms/messages')).json();
    expect(history.messages).toEqual([expect.objectContaining({ direction: 'outbound', messageType: 'thankYou', toNumber: '+15125550301' })]);
    expect(t.jobLog.errors).toEqual([]);
  });

  it('a second booking within the cool-down is skipped with the reason; with the cool-down set to 0 it goes', async () => {
    const b = await businessWithNumber(t.database, 'Cooldown Co');
    await addClient(b.cookie, 'Cole Cool', '5125550311', await serviceDay(t.database, 2));
    await settled(b.id, 1);
    await addClient(b.cookie, 'Cole Cool', '5125550311', await serviceDay(t.database, 1));
    const rows = await settled(b.id, 2);
    expect(rows[1]).toMatchObject({ kind: 'thankYou', status: 'skipped', reason: expect.stringMatching(/^Already sent one of these on \d{4}-\d\d-\d\d; at most one every 14 days\.$/) });

    const current = (await signedIn(t.app, b.cookie).get('/api/outreach/settings')).json();
    const saved = await post(b.cookie, '/api/outreach/settings', { ...current, autoMessageSettings: { cooldownDays: { thankYou: 0 } } });
    expect(saved.statusCode).toBe(200);
    await addClient(b.cookie, 'Cole Cool', '5125550311', await serviceDay(t.database, 0));
    expect((await settled(b.id, 3))[2]).toMatchObject({ status: 'sent' });
    expect(await outbound(b.id)).toHaveLength(2);
  });

  it('a text queued before the owner turned the automation off is not sent', async () => {
    const b = await businessWithNumber(t.database, 'Turned Off Co');
    // Queued into a queue nobody works, then the owner turns thank-yous off before it is delivered.
    const idle = memoryQueue();
    const { afterBookingsRecorded } = await import('./after-bookings');
    const client = await addClient(b.cookie, 'Tess Turned', '5125550321', '2025-01-05'); // old booking: nothing queued by itself
    const [booking] = await t.database.query<{ id: number }>(`select id from bookings where client_id = $1`, [client.id]);
    await afterBookingsRecorded({ database: t.database, jobs: idle }, b.id, [{ id: booking.id, clientId: client.id, serviceDate: '2025-01-05' }]);
    const current = (await signedIn(t.app, b.cookie).get('/api/outreach/settings')).json();
    await post(b.cookie, '/api/outreach/settings', { ...current, autoMessageSettings: { autoSendThankYou: false } });
    await deliverTextJob.handler(idle.sent[0].data as { businessId: number; outboxId: number }, jobContext());
    expect(await outboxOf(t.database, b.id)).toEqual([
      expect.objectContaining({ status: 'skipped', reason: 'Automatic thank-you texts were turned off before this text went out.' }),
    ]);
    expect(await outbound(b.id)).toEqual([]);
  });
});

const jobContext = (): JobContext => ({ database: t.database, email: t.email, jobId: 'test', jobs: memoryQueue(), sms: t.sms, origin: 'http://localhost', smsSendWindowOff: true });

describe('referral follow-up', () => {
  it('a referral pending 3 days gets one text to the friend with the referrer link; not before 3 days, not converted ones, not twice', async () => {
    const b = await businessWithNumber(t.database, 'Referral Co');
    const referrer = await addClient(b.cookie, 'Rita Referrer', '5125550331', '2025-01-05');
    const due = await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Fran Friend', refereePhone: '+15125550332', ageDays: 3.1 });
    await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Young Yan', refereePhone: '+15125550333', ageDays: 2.5 });
    await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Conny Converted', refereePhone: '+15125550334', ageDays: 4, converted: true });
    await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Pia Nophone', refereePhone: null, ageDays: 4 });
    await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Olly Old', refereePhone: '+15125550335', ageDays: 30 });
    // Already a client of the business, and one the owner followed up by hand: no automated follow-up.
    await addClient(b.cookie, 'Kim Known', '5125550336', '2025-01-05');
    await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Kim Known', refereePhone: '+15125550336', ageDays: 4 });
    const byHand = await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Hank Hand', refereePhone: '+15125550337', ageDays: 4 });
    await t.database.query('update referrals set last_reminder_at = now() where id = $1', [byHand]);

    const ctx = { database: t.database, jobs: t.jobs, origin: 'http://localhost' };
    expect(await queueDueFollowUps(ctx)).toBe(1);
    const [row] = await settled(b.id, 1);
    expect(row).toMatchObject({ kind: 'followUp', key: `follow-up:referral:${due}`, status: 'sent', client_id: null, to_number: '+15125550332' });
    const texts = await outbound(b.id);
    expect(texts).toEqual([expect.objectContaining({ to_number: '+15125550332', message_type: 'followUp', client_id: null })]);
    expect(texts[0].message_body).toBe(
      `Hi Fran, just checking in! You still get $25 off when you book your first visit with your friend's link: http://localhost/refer?code=${referrer.referralCode}`,
    );
    const [{ last_reminder_at }] = await t.database.query<{ last_reminder_at: Date | null }>('select last_reminder_at from referrals where id = $1', [due]);
    expect(last_reminder_at).not.toBeNull();

    expect(await queueDueFollowUps(ctx)).toBe(0);
    expect(await outboxOf(t.database, b.id)).toHaveLength(1);
    const history = (await signedIn(t.app, b.cookie).get('/api/sms/messages')).json();
    expect(history.messages).toEqual([expect.objectContaining({ messageType: 'followUp', toNumber: '+15125550332', client: null })]);
  });

  it('a friend who converted after the follow-up was queued is not texted; autoSendFollowUp off queues none', async () => {
    const b = await businessWithNumber(t.database, 'Converted Later Co');
    const referrer = await addClient(b.cookie, 'Lou Later', '5125550341', '2025-01-05');
    const id = await createReferral(t.database, b.id, { referrerCode: referrer.referralCode, refereeName: 'Cam Later', refereePhone: '+15125550342', ageDays: 3.5 });
    const idle = memoryQueue();
    expect(await queueDueFollowUps({ database: t.database, jobs: idle, origin: 'http://localhost' })).toBe(1);
    await t.database.query('update referrals set converted = true, converted_at = now() where id = $1', [id]);
    await deliverTextJob.handler(idle.sent[0].data as { businessId: number; outboxId: number }, jobContext());
    expect(await outboxOf(t.database, b.id)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'Cam Later has booked already, so no follow-up was needed.' })]);

    const off = await businessWithNumber(t.database, 'Follow Off Co');
    const current = (await signedIn(t.app, off.cookie).get('/api/outreach/settings')).json();
    await post(off.cookie, '/api/outreach/settings', { ...current, autoMessageSettings: { autoSendFollowUp: false } });
    await createReferral(t.database, off.id, { referrerCode: 'NOPE1234', refereeName: 'Ned Off', refereePhone: '+15125550343', ageDays: 4 });
    expect(await queueDueFollowUps({ database: t.database, jobs: idle, origin: 'http://localhost' })).toBe(0);
    expect(await outboxOf(t.database, off.id)).toEqual([]);
  });

  it('is an hourly scheduled job among the app jobs', () => {
    expect(queueFollowUpsJob.schedule).toEqual({ cron: '45 * * * *' });
    expect(jobDefinitions).toContain(queueFollowUpsJob);
    expect(jobDefinitions).toContain(businessFollowUpsJob);
  });

  it('fans out: the hourly scan enqueues one job per business with a referral due, keyed by the hour; each job queues only its business', async () => {
    const one = await businessWithNumber(t.database, 'Fan One Co');
    const two = await businessWithNumber(t.database, 'Fan Two Co');
    const quiet = await businessWithNumber(t.database, 'Fan Quiet Co');
    const r1 = await createReferral(t.database, one.id, { referrerCode: 'FANONE01', refereeName: 'Fay One', refereePhone: '+15125550381', ageDays: 3.5 });
    await createReferral(t.database, two.id, { referrerCode: 'FANTWO01', refereeName: 'Tia Two', refereePhone: '+15125550382', ageDays: 3.5 });
    await createReferral(t.database, quiet.id, { referrerCode: 'FANQUI01', refereeName: 'Young Quiet', refereePhone: '+15125550383', ageDays: 1 });
    const queue = memoryQueue();
    const context = { database: t.database, email: t.email, jobId: 'scan', jobs: queue, sms: t.sms, origin: 'http://localhost' } as JobContext;
    await queueFollowUpsJob.handler({}, context);
    await queueFollowUpsJob.handler({}, context); // a second instance's run in the same hour
    const fanned = queue.sent.filter((j) => j.name === businessFollowUpsJob.name && [one.id, two.id, quiet.id].includes((j.data as { businessId: number }).businessId));
    const hour = new Date().toISOString().slice(0, 13);
    expect(fanned.map((j) => j.key).sort()).toEqual([`follow-ups:${one.id}:${hour}`, `follow-ups:${two.id}:${hour}`].sort());
    await businessFollowUpsJob.handler({ businessId: one.id }, context);
    expect((await outboxOf(t.database, one.id)).map((r) => r.key)).toEqual([`follow-up:referral:${r1}`]);
    expect(await outboxOf(t.database, two.id)).toEqual([]);
  });
});
