import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sampleWebhookPayload } from '../../../shared/schemas/imports';
import { signedIn } from '../../testing/requests';

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

const hook = (token: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/webhook/${token}`, payload: payload as any });
const logs = (url = '/api/webhook-logs', cookie = biz.cookie) => signedIn(t.app, cookie).get(url);

describe('POST /api/webhook/:token', () => {
  it('records a flat Zapier payload', async () => {
    const res = await hook(biz.webhookToken, {
      client_name: 'Flat Client',
      client_email: 'Flat@Example.com',
      appointment_date: '2024-05-01',
      status: 'Completed',
      phone: '(555) 123-4567',
      amount_charged: '$150.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Booking recorded', duplicate: false });
    const [c] = await t.database.query<any>('select name, email, phone, total_bookings from clients where id = $1', [res.json().clientId]);
    expect(c).toEqual({ name: 'Flat Client', email: 'flat@example.com', phone: '+15551234567', total_bookings: 1 });
  });

  it('records the nested test payload, and the same booking twice only once', async () => {
    const { test: _test, ...payload } = sampleWebhookPayload('2024-06-01');
    const first = await hook(biz.webhookToken, payload);
    expect(first.json()).toMatchObject({ success: true, duplicate: false });
    const again = await hook(biz.webhookToken, payload);
    expect(again.json()).toMatchObject({ success: true, duplicate: true, message: 'Booking already recorded', clientId: first.json().clientId });
    const [b] = await t.database.query<any>('select count(*)::int n from bookings where client_id = $1', [first.json().clientId]);
    expect(b.n).toBe(1);
  });

  it('skips a booking that is not completed', async () => {
    const res = await hook(biz.webhookToken, { client_name: 'P', client_email: 'p@example.com', appointment_date: '2024-05-01', status: 'Scheduled' });
    expect(res.json()).toEqual({ success: true, skipped: true, message: 'Skipped: status is not Completed' });
  });

  it('answers 400 and logs the error for an unusable payload', async () => {
    const res = await hook(biz.webhookToken, { client_name: 'No Date', client_email: 'nd@example.com', status: 'Completed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid booking: missing service date');
  });

  it('answers 404 for an unknown token and logs nothing', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int n from webhook_logs');
    const res = await hook('not-a-token', sampleWebhookPayload());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unknown webhook');
    const after = await t.database.query<{ n: number }>('select count(*)::int n from webhook_logs');
    expect(after[0].n).toBe(before[0].n);
  });

  it('lists the latest logs, newest first, on both paths', async () => {
    const a = await logs();
    const b = await logs('/api/webhook/logs');
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const entries = a.json();
    expect(entries.map((e: any) => e.status)).toEqual(['error', 'skipped', 'success', 'success', 'success']);
    expect(entries[0]).toMatchObject({ clientName: 'No Date', errorMessage: 'Invalid booking: missing service date' });
    expect(entries[3]).toMatchObject({ clientName: 'Test Client', errorMessage: null, payload: { client: sampleWebhookPayload().client, job: sampleWebhookPayload('2024-06-01').job } });
  });

  it('keeps only the latest 10 and shows nothing to another business', async () => {
    for (let i = 0; i < 8; i += 1) await hook(biz.webhookToken, { client_name: `C${i}`, status: 'Pending' });
    expect((await logs()).json()).toHaveLength(10);
    const other = await createBusiness(t.database);
    expect((await logs('/api/webhook-logs', other.cookie)).json()).toEqual([]);
  });

  it('needs a session for the logs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webhook-logs' });
    expect(res.statusCode).toBe(401);
  });
});
