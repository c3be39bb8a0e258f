import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingNewSentence } from '../../../shared/import-summary';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload } from '../../testing/requests';

// docs/clients-api.md, "What an upload says": bookings and clients as they are (new or already there), and rows
// without a status, in the answer and in the upload history.

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  today = await todayIn(t.database, 'America/New_York');
});
afterAll(() => t.close());

const history = async (cookie: string) => (await signedIn(t.app, cookie).get('/api/csv-uploads')).json();

describe('upload counts', () => {
  it('a file without a status column says how many rows were counted as completed; a re-upload says nothing was added', async () => {
    const biz = await createBusiness(t.database);
    // 3 bookings of 2 clients, and a row without a date (an error, not counted as completed).
    const csv = [
      'Client Name,Client Email,Service Date,Amount',
      `Jane Doe,jane@example.com,${daysBefore(today, 40)},100`,
      `Jane Doe,jane@example.com,${daysBefore(today, 10)},100`,
      `Bob Smith,bob@example.com,${daysBefore(today, 5)},80`,
      'No Date,nodate@example.com,,80',
    ].join('\n');
    const first = await upload(t.app, biz.cookie, 'no-status.csv', csv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ processed: 3, skipped: 0, newBookings: 3, duplicateBookings: 0, newClients: 2, updatedClients: 0, rowsWithoutStatus: 3 });
    expect(first.json().message).toBe(
      'Processed 3 bookings, skipped 0. Bookings: 3 new. Clients: 2 new. 3 rows had no status and were counted as completed. 1 row had problems (see errors).',
    );
    expect((await history(biz.cookie))[0]).toMatchObject({
      id: first.json().id,
      rowsProcessed: 3,
      newBookings: 3,
      duplicateBookings: 0,
      newClients: 2,
      updatedClients: 0,
      rowsWithoutStatus: 3,
    });

    const again = await upload(t.app, biz.cookie, 'no-status.csv', csv);
    expect(again.json()).toMatchObject({ processed: 3, newBookings: 0, duplicateBookings: 3, newClients: 0, updatedClients: 2, rowsWithoutStatus: 3 });
    expect(again.json().message).toBe(
      'Processed 3 bookings, skipped 0. Bookings: none new, 3 already imported (not added again). Clients: 2 already there. 3 rows had no status and were counted as completed. 1 row had problems (see errors).',
    );
    // The toast beside that panel reads the same counts.
    expect(nothingNewSentence(again.json())).toBe('Nothing new: 3 bookings were already imported');
    expect(nothingNewSentence(first.json())).toBeNull();
    const [latest, earlier] = await history(biz.cookie);
    expect(latest).toMatchObject({ id: again.json().id, rowsProcessed: 3, newBookings: 0, duplicateBookings: 3, newClients: 0, updatedClients: 2 });
    expect(earlier.id).toBe(first.json().id);
  });

  it('counts thousands with a separator, and one row in the singular', async () => {
    const biz = await createBusiness(t.database);
    const rows = Array.from({ length: 1240 }, (_, i) => `Client ${i},c${i}@example.com,${daysBefore(today, 1 + (i % 300))}`);
    const many = await upload(t.app, biz.cookie, 'many.csv', ['Name,Email,Date', ...rows].join('\n'));
    expect(many.json()).toMatchObject({ processed: 1240, rowsWithoutStatus: 1240, newClients: 1240 });
    expect(many.json().message).toBe('Processed 1,240 bookings, skipped 0. Bookings: 1,240 new. Clients: 1,240 new. 1,240 rows had no status and were counted as completed.');

    const one = await upload(t.app, biz.cookie, 'one.csv', `Name,Email,Date\nClient 0,c0@example.com,${today}\nNew Person,new@example.com,${today}`);
    expect(one.json().message).toBe(
      'Processed 2 bookings, skipped 0. Bookings: 2 new. Clients: 1 new, 1 already there. 2 rows had no status and were counted as completed.',
    );
    const single = await upload(t.app, biz.cookie, 'single.csv', `Name,Email,Date\nLast Person,last@example.com,${today}`);
    expect(single.json().message).toBe('Processed 1 booking, skipped 0. Bookings: 1 new. Clients: 1 new. 1 row had no status and was counted as completed.');
  });

  it('a file with a status column counts no row as without status, blank statuses included (they are skipped)', async () => {
    const biz = await createBusiness(t.database);
    const csv = [
      'Client Name,Client Email,Service Date,Status',
      `Jane Doe,jane@example.com,${daysBefore(today, 3)},Completed`,
      `Bob Smith,bob@example.com,${daysBefore(today, 3)},`,
      `Cal Ray,cal@example.com,${daysBefore(today, 3)},Scheduled`,
    ].join('\n');
    const res = await upload(t.app, biz.cookie, 'status.csv', csv);
    expect(res.json()).toMatchObject({ processed: 1, skipped: 2, rowsWithoutStatus: 0 });
    expect(res.json().message).toBe('Processed 1 booking, skipped 2. Bookings: 1 new. Clients: 1 new.');
    expect((await history(biz.cookie))[0]).toMatchObject({ rowsWithoutStatus: 0, newBookings: 1, newClients: 1 });
  });

  it('a refused upload has no counts in the history (nothing was imported)', async () => {
    const biz = await createBusiness(t.database);
    const res = await upload(t.app, biz.cookie, 'headers.csv', 'Name,Email,Date\n');
    expect(res.statusCode).toBe(400);
    expect((await history(biz.cookie))[0]).toMatchObject({
      fileName: 'headers.csv',
      rowsProcessed: 0,
      newBookings: null,
      duplicateBookings: null,
      newClients: null,
      updatedClients: null,
      rowsWithoutStatus: null,
    });
    const [row] = await t.database.query<{ n: number }>('select count(*)::int n from bookings where business_id = $1', [biz.id]);
    expect(row.n).toBe(0);
  });
});
