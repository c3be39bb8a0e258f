import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleWebhookPayload } from '../../../shared/schemas/imports';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload } from '../../testing/requests';

// Import rules: the chips' headers, future dates, refused uploads in the history, the test webhook.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string, businessId: number) =>
  Number((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where business_id = $1`, [businessId]))[0].n);
const history = async (biz: TestBusiness) =>
  (await signedIn(t.app, biz.cookie).get('/api/csv-uploads')).json();
const hook = (biz: TestBusiness, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/webhook/${biz.webhookToken}`, payload: payload as object });

/** A business in a time zone far from UTC, so "today" is the business's own. */
async function businessIn(timeZone: string) {
  const biz = await createBusiness(t.database, { timeZone });
  return { biz, today: await todayIn(t.database, timeZone) };
}
const daysAfter = (date: string, n: number) => daysBefore(date, -n);

describe('upload headers', () => {
  it('accepts headers copied from the Data Sources chips, hints in brackets included', async () => {
    const biz = await createBusiness(t.database);
    const csv = [
      'Client Name,Client Email,Client Phone,Service Date (YYYY-MM-DD),Amount Charged (optional),Appointment Status',
      'Chip Header,chip@example.com,(555) 123-4567,2024-03-01,$80,Completed',
    ].join('\n');
    const res = await upload(t.app, biz.cookie, 'chips.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 1, errors: [] });
    const [b] = await t.database.query<any>(`select amount_charged::text a, to_char(service_date,'YYYY-MM-DD') d from bookings where business_id = $1`, [biz.id]);
    expect(b).toEqual({ a: '80.00', d: '2024-03-01' });
  });

  it('accepts square-bracket hints too, and still names a missing column', async () => {
    const biz = await createBusiness(t.database);
    const ok = await upload(t.app, biz.cookie, 'b.csv', 'Client Name,Email [work],Service Date [MM/DD/YYYY]\nSq Bracket,sq@example.com,03/02/2024\n');
    expect(ok.json()).toMatchObject({ processed: 1 });
    const missing = await upload(t.app, biz.cookie, 'm.csv', 'Client Name (full),Client Email\nNo Date,nd@example.com\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Missing required column: Service Date\./);
  });
});

describe('future service dates', () => {
  it('lists rows dated after tomorrow (business time zone) as row errors and imports the rest', async () => {
    const { biz, today } = await businessIn('Pacific/Kiritimati');
    const csv = [
      'Client Name,Client Email,Service Date,Appointment Status',
      `Today Row,today@example.com,${today},Completed`,
      `Slack Row,slack@example.com,${daysAfter(today, 1)},Completed`,
      `Future Row,future@example.com,${daysAfter(today, 2)},Completed`,
    ].join('\n');
    const res = await upload(t.app, biz.cookie, 'future.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 2, newClients: 2 });
    expect(res.json().errors).toEqual([
      `Row 4: service date ${daysAfter(today, 2)} is in the future (only completed bookings can be imported)`,
    ]);
    expect(await t.database.query<any>('select name from clients where business_id = $1 order by name', [biz.id])).toEqual([
      { name: 'Slack Row' },
      { name: 'Today Row' },
    ]);
  });

  it('uses the business time zone: a date that is tomorrow+1 in Honolulu is refused there', async () => {
    const { biz, today } = await businessIn('Pacific/Honolulu');
    const res = await upload(t.app, biz.cookie, 'f.csv', `Client Name,Client Email,Service Date\nHnl,hnl@example.com,${daysAfter(today, 2)}\n`);
    expect(res.json().errors).toHaveLength(1);
    expect(await count('clients', biz.id)).toBe(0);
  });

  it('Add Client refuses a future service date with a message and writes nothing', async () => {
    const { biz, today } = await businessIn('America/New_York');
    const add = (serviceDate: string) =>
      signedIn(t.app, biz.cookie).post('/api/clients', { name: 'Add Future', email: 'addf@example.com', serviceDate, serviceType: 'Regular Clean', amount: '50' });
    const refused = await add(daysAfter(today, 2));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "The service date can't be in the future" });
    expect(await count('clients', biz.id)).toBe(0);
    expect(await count('bookings', biz.id)).toBe(0);
    expect((await add(daysAfter(today, 1))).statusCode).toBe(201);
  });

  it('the webhook refuses a future date with a message, logs it and adds no client', async () => {
    const { biz, today } = await businessIn('Europe/London');
    const date = daysAfter(today, 3);
    const res = await hook(biz, { client_name: 'Hook Future', client_email: 'hf@example.com', appointment_date: date, status: 'Completed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid booking: service date ${date} is in the future (only completed bookings can be imported)`);
    expect(await count('clients', biz.id)).toBe(0);
    const logs = (await signedIn(t.app, biz.cookie).get('/api/webhook-logs')).json();
    expect(logs[0]).toMatchObject({ status: 'error', clientName: 'Hook Future' });
  });
});

describe('refused uploads in the history', () => {
  it('lists a refused upload with its reason and imports nothing', async () => {
    const biz = await createBusiness(t.database);
    const res = await upload(t.app, biz.cookie, 'wrong-columns.csv', 'Name,Date\nA,2024-01-01\n');
    expect(res.statusCode).toBe(400);
    const [entry] = await history(biz);
    expect(entry).toMatchObject({
      fileName: 'wrong-columns.csv',
      rowsProcessed: 0,
      totalRows: 0,
      failureReason: res.json().message,
    });
    expect(entry.failureReason).toMatch(/^Missing required column: Client Email \(or Client Phone\)\./);
    expect(await count('clients', biz.id)).toBe(0);
    expect(await count('bookings', biz.id)).toBe(0);
  });

  it('lists an empty file and a file of the wrong type; an imported upload has no failure reason', async () => {
    const biz = await createBusiness(t.database);
    expect((await upload(t.app, biz.cookie, 'empty.csv', '')).statusCode).toBe(400);
    expect((await upload(t.app, biz.cookie, 'notes.txt', 'hello')).statusCode).toBeGreaterThanOrEqual(400);
    await upload(t.app, biz.cookie, 'good.csv', 'Client Name,Client Email,Service Date\nGood,good@example.com,2024-01-01\n');
    const entries = await history(biz);
    expect(entries.map((e: any) => [e.fileName, e.failureReason === null])).toEqual([
      ['good.csv', true],
      ['notes.txt', false],
      ['empty.csv', false],
    ]);
    expect(entries[2].failureReason).toBe('The file is empty.');
  });

  it('another business does not see the refused upload', async () => {
    const a = await createBusiness(t.database);
    const b = await createBusiness(t.database);
    await upload(t.app, a.cookie, 'bad.csv', 'Nothing\n1\n');
    expect(await history(a)).toHaveLength(1);
    expect(await history(b)).toEqual([]);
  });
});

describe('the Data Sources test webhook', () => {
  it('checks the test payload, logs it as a test and adds no client', async () => {
    const biz = await createBusiness(t.database);
    const res = await hook(biz, sampleWebhookPayload(await todayIn(t.database, 'America/New_York')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, test: true });
    expect(res.json().message).toMatch(/^Test payload checked: a booking for Test Client on \d{4}-\d{2}-\d{2} would be recorded\. No client was added\.$/);
    expect(await count('clients', biz.id)).toBe(0);
    expect(await count('bookings', biz.id)).toBe(0);
    const logs = (await signedIn(t.app, biz.cookie).get('/api/webhook-logs')).json();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'test', clientName: 'Test Client', errorMessage: res.json().message });
  });

  it('an invalid test payload answers 400 and is logged as an error', async () => {
    const biz = await createBusiness(t.database);
    const res = await hook(biz, { test: true, client: { name: 'Test Client' }, job: { date: '2024-01-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid booking: needs an email or a phone number');
    expect(await count('clients', biz.id)).toBe(0);
  });

  it('a payload without the test flag still records the booking', async () => {
    const biz = await createBusiness(t.database);
    const { test: _test, ...real } = sampleWebhookPayload('2024-06-01');
    const res = await hook(biz, real);
    expect(res.json()).toMatchObject({ success: true, message: 'Booking recorded' });
    expect(await count('clients', biz.id)).toBe(1);
  });
});
