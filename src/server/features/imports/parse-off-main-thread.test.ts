import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBookingsCsv } from '../../../../scripts/bench/generate-bookings';
import { createBusiness } from '../../testing/factories';
import { upload } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parsing } from './read-file';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a CSV file is parsed in a worker thread', () => {
  it('answers /api/health again and again while a large CSV file is being parsed', async () => {
    const biz = await createBusiness(t.database);
    // a small file first, so the worker is started and what is timed below is the parsing itself
    expect((await upload(t.app, biz.cookie, 'small.csv', generateBookingsCsv(10, 5))).statusCode).toBe(200);

    let uploadDone = false;
    const pending = upload(t.app, biz.cookie, 'large.csv', generateBookingsCsv(40_000, 4_000)).then((res) => {
      uploadDone = true;
      return res;
    });
    while (parsing.active === 0 && !uploadDone) await new Promise((resolve) => setImmediate(resolve));
    expect(uploadDone).toBe(false);
    let answered = 0;
    while (parsing.active > 0) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      answered += 1;
      // the worker's answer arrives as an event: let it in (an in-process database may answer without one)
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Parsed on the event loop, the file would hold every other request until it is read.
    expect(answered).toBeGreaterThanOrEqual(3);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 40_000, processed: 38_000, skipped: 2_000 });
  });
});
