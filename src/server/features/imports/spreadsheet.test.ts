import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parsing } from './read-file';
import { SPREADSHEET_MESSAGES } from './spreadsheet';
import { upload } from '../../testing/requests';
import { zipBomb } from './zip-fixture.test-util';

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

const written = async () =>
  (await t.database.query<{ n: number }>(
    `select (select count(*) from clients where business_id = $1) + (select count(*) from bookings where business_id = $1) as n`,
    [biz.id],
  ))[0].n;

function bookingsXlsx(rows: number): Buffer {
  const data: unknown[][] = [['Client Name', 'Client Email', 'Service Date', 'Amount Charged', 'Appointment Status']];
  for (let i = 0; i < rows; i += 1) data.push([`Client ${i}`, `client${i}@example.com`, '2024-03-01', 120, 'Completed']);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Bookings');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

describe('hostile spreadsheets', () => {
  it('refuses a zip bomb by its inflated size with a 413 and a sentence, and writes nothing', async () => {
    const bomb = await zipBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(t.app, biz.cookie, 'bomb.xlsx', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SPREADSHEET_MESSAGES['too-large'] });
    expect(Number(await written())).toBe(0);
  });

  it('refuses a bomb whose zip directory understates the inflated size', async () => {
    const res = await upload(t.app, biz.cookie, 'liar.xlsx', await zipBomb(120, 1000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SPREADSHEET_MESSAGES['too-large'] });
    expect(Number(await written())).toBe(0);
  });

  it('answers a corrupt .xls with a sentence, not the bytes of the file', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Client Name', 'Client Email', 'Service Date'], ['A', 'a@example.com', '2024-01-01']]), 'S');
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const corrupt = Buffer.from(xls);
    for (let i = 600; i < corrupt.length; i += 1) corrupt[i] = (i * 7) & 255;
    const res = await upload(t.app, biz.cookie, 'old.xls', corrupt);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This file is not a CSV or Excel file. Please upload a .csv, .xlsx or .xls file.' });
    expect(Number(await written())).toBe(0);
  });

  it('parses off the event loop: /api/health answers while a spreadsheet is being parsed', async () => {
    const file = bookingsXlsx(5_000);
    let uploadDone = false;
    const pending = upload(t.app, biz.cookie, 'big.xlsx', file).then((res) => {
      uploadDone = true;
      return res;
    });
    // wait until the worker is parsing, then ask for health while it still is
    while (parsing.active === 0 && !uploadDone) await new Promise((resolve) => setImmediate(resolve));
    expect(uploadDone).toBe(false);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const stillParsing = parsing.active === 1;
    expect(health.statusCode).toBe(200);
    expect(stillParsing).toBe(true);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processed: 5_000, newClients: 5_000 });
  });
});
