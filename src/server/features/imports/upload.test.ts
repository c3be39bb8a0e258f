import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload } from '../../testing/requests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string, businessId: number) =>
  Number((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where business_id = $1`, [businessId]))[0].n);

const SPEC_CSV = [
  'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status',
  'Jane Doe,jane@example.com,(555) 123-4567,2024-01-05,120,Completed',
  'Jane Doe,JANE@example.com,+1-555-123-4567,2024-02-05,$1,234.50,completed',
  'Bob Smith,bob@example.com,5551234568,2024-01-10,80,Cancelled',
  'Carl Jones,carl@example.com,12,2024-01-11,80,Completed',
  'No Date,nodate@example.com,,,80,Completed',
].join('\n');

describe('POST /api/upload/csv', () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createBusiness(t.database);
  });

  it('imports completed rows, skips the others, reports bad rows and phones', async () => {
    // "$1,234.50" unquoted would split the row; quote it as exports do.
    const csv = SPEC_CSV.replace('$1,234.50', '"$1,234.50"');
    const res = await upload(t.app, biz.cookie, 'bookings.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ processed: 3, skipped: 1, totalRows: 5, newClients: 2, newBookings: 3, duplicateBookings: 0 });
    expect(body.errors).toEqual([
      'Row 5: phone "12" is not a usable phone number; the client was kept without a phone',
      'Row 6: missing service date',
    ]);
    expect(body.message).toBe('Processed 3 bookings, skipped 1. Bookings: 3 new. Clients: 2 new. 2 rows had problems (see errors).');
    expect(body.phoneStats).toEqual({ total: 2, withPhone: 1, withoutPhone: 1, invalid: 1, coverage: 50 });
    const clients = await t.database.query<any>(
      `select name, email, phone, total_bookings, to_char(first_booking,'YYYY-MM-DD') f, to_char(last_booking,'YYYY-MM-DD') l, frequency
       from clients where business_id = $1 order by name`,
      [biz.id],
    );
    expect(clients).toEqual([
      { name: 'Carl Jones', email: 'carl@example.com', phone: null, total_bookings: 1, f: '2024-01-11', l: '2024-01-11', frequency: null },
      { name: 'Jane Doe', email: 'jane@example.com', phone: '+15551234567', total_bookings: 2, f: '2024-01-05', l: '2024-02-05', frequency: 31 },
    ]);
    const [amount] = await t.database.query<any>(
      `select sum(amount_charged)::text s from bookings where business_id = $1`,
      [biz.id],
    );
    expect(amount.s).toBe('1434.50');

    const history = await signedIn(t.app, biz.cookie).get('/api/csv-uploads');
    expect(history.json()[0]).toMatchObject({ id: body.id, fileName: 'bookings.csv', rowsProcessed: 3, rowsSkipped: 1, totalRows: 5 });
    expect(history.json()[0].clientPreviews[0]).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', phone: '+15551234567' });
  });

  it('re-uploading the same file adds no duplicates and says so', async () => {
    const csv = SPEC_CSV.replace('$1,234.50', '"$1,234.50"');
    const before = { clients: await count('clients', biz.id), bookings: await count('bookings', biz.id) };
    const res = await upload(t.app, biz.cookie, 'bookings.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 3, newClients: 0, updatedClients: 2, newBookings: 0, duplicateBookings: 3 });
    expect(res.json().message).toContain('Bookings: none new, 3 already imported (not added again). Clients: 2 already there.');
    expect({ clients: await count('clients', biz.id), bookings: await count('bookings', biz.id) }).toEqual(before);
  });

  it('understands BOM, CRLF, quoted commas and newlines, MM/DD/YYYY, snake_case and no status column', async () => {
    const b = await createBusiness(t.database);
    const csv =
      '\uFEFFclient_name,client_email,client_phone,service_date,Total,Service\r\n' +
      '"Smith, Anna",anna@example.com,555.222.3333,03/15/2024,"$1,234.50","Deep\r\nClean"\r\n' +
      'Tom,tom@example.com,,2024-3-9,,Regular Clean\r\n';
    const res = await upload(t.app, b.cookie, 'zenmaid.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 2, skipped: 0, errors: [] });
    const rows = await t.database.query<any>(
      `select c.name, c.phone, to_char(b.service_date,'YYYY-MM-DD') d, b.amount_charged::text a, b.service_type
       from bookings b join clients c on c.id = b.client_id where b.business_id = $1 order by c.name`,
      [b.id],
    );
    expect(rows).toEqual([
      { name: 'Smith, Anna', phone: '+15552223333', d: '2024-03-15', a: '1234.50', service_type: 'Deep\r\nClean' },
      { name: 'Tom', phone: null, d: '2024-03-09', a: null, service_type: 'Regular Clean' },
    ]);
  });

  it('understands Customer Name / Email / Mobile / Appointment Date / Price / Status headers', async () => {
    const b = await createBusiness(t.database);
    const csv = 'customer name,EMAIL,Mobile,Appointment Date,Price,STATUS\nLi Wei,li@example.com,555-777-8888,12/31/2023,99.5,COMPLETED\n';
    const res = await upload(t.app, b.cookie, 'export.csv', csv);
    expect(res.json()).toMatchObject({ processed: 1, skipped: 0 });
  });

  it('reads .xlsx files with spreadsheet date cells', async () => {
    const b = await createBusiness(t.database);
    const ws = XLSX.utils.aoa_to_sheet(
      [
        ['Client Name', 'Client Email', 'Phone Number', 'Service Date', 'Amount Charged', 'Appointment Status', 'Service Type'],
        ['Ann Lee', 'ann@example.com', 5559990000, new Date(2024, 5, 1), 150, 'Completed', 'Deep Clean'],
        ['Ann Lee', 'ann@example.com', 5559990000, '2024-07-01', 150, 'Completed', 'Deep Clean'],
        ['Max Roe', 'max@example.com', '', new Date(2024, 5, 2), 75, 'Pending', 'Regular Clean'],
      ],
      { cellDates: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'Bookings');
    const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const res = await upload(t.app, b.cookie, 'bookings.xlsx', buffer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 2, skipped: 1, errors: [] });
    const [c] = await t.database.query<any>(
      `select phone, to_char(first_booking,'YYYY-MM-DD') f, to_char(last_booking,'YYYY-MM-DD') l from clients where business_id = $1`,
      [b.id],
    );
    expect(c).toEqual({ phone: '+15559990000', f: '2024-06-01', l: '2024-07-01' });
  });

  it('reads .xls files too', async () => {
    const b = await createBusiness(t.database);
    const ws = XLSX.utils.aoa_to_sheet([
      ['Name', 'Email', 'Date', 'Amount'],
      ['Old Format', 'old@example.com', '2024-01-02', 10],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'Sheet1');
    const buffer = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const res = await upload(t.app, b.cookie, 'old.xls', buffer);
    expect(res.json()).toMatchObject({ processed: 1 });
  });
});

describe('bad uploads are a clear 4xx and write nothing', () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createBusiness(t.database);
  });

  const cases: [string, string, Buffer | string, number, string | RegExp][] = [
    ['an empty file', 'empty.csv', '', 400, 'The file is empty.'],
    ['only headers', 'headers.csv', 'Client Name,Client Email,Service Date,Appointment Status\r\n', 400, 'The file has a header row but no bookings.'],
    ['a missing required column', 'nodate.csv', 'Client Name,Client Email,Status\nA,a@example.com,Completed\n', 400,
      'Missing required column: Service Date. Found columns: Client Name, Client Email, Status.'],
    ['a PNG renamed to .csv', 'photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 400,
      'This file is not a CSV or Excel file. Please upload a .csv, .xlsx or .xls file.'],
    ['binary garbage', 'garbage.csv', Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)), 400,
      'This file is not a CSV or Excel file. Please upload a .csv, .xlsx or .xls file.'],
    ['a zip that is not a spreadsheet', 'zip.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 1)]), 400,
      'This file is not a CSV or Excel file. Please upload a .csv, .xlsx or .xls file.'],
    ['a .pdf name', 'list.pdf', 'Client Name\n', 400, 'Please upload a .csv, .xlsx or .xls file.'],
    ['an 11 MB file', 'big.csv', 'Client Name,Client Email,Service Date\n' + 'A,a@example.com,2024-01-01\n'.repeat(Math.ceil((11 * 1024 * 1024) / 26)), 413,
      'File is too large. The limit is 10 MB.'],
  ];

  it.each(cases)('%s', async (_label, name, content, status, message) => {
    const res = await upload(t.app, biz.cookie, name, content);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(message);
    expect(await count('clients', biz.id)).toBe(0);
    // The only write: the refused upload listed in the history with its reason. A body over the
    // limit is refused before its file part is read, so it has no file name and is not listed.
    const logs = await t.database.query<any>(
      'select file_name, failure_reason, rows_processed from csv_upload_logs where business_id = $1 and file_name = $2',
      [biz.id, name],
    );
    expect(logs).toEqual(status === 413 ? [] : [{ file_name: name, failure_reason: message, rows_processed: 0 }]);
  });

  it('a request without a file field csv', async () => {
    const res = await upload(t.app, biz.cookie, 'a.csv', 'x', 'other');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a file to upload (form field "csv").');
  });

  it('a JSON body instead of multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie: biz.cookie }, payload: { a: 1 } });
    expect(res.statusCode).toBe(415);
  });
});
