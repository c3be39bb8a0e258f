import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DERIVED_TABLES, driftOf } from '../../db/derived-tables';
import { keptFigures, recomputedFigures } from './read-model';
import { recomputeClientStats } from './service';
import { upload as uploadFile } from '../../testing/requests';

// The owner's whole export uploaded again into a business that has its clients (docs/read-model.md,
// "Uploads"): every client figure and every kept figure ends as a full recomputation gives it.

let t: TestApp;
let biz: TestBusiness;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  const [{ tz }] = await t.database.query<{ tz: string }>('select time_zone as tz from businesses where id = $1', [biz.id]);
  today = await todayIn(t.database, tz);
});
afterAll(() => t.close());

const CLIENTS = 30;
const HEADER = 'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type';

/** Client i's k-th booking (k from 0): uneven gaps, some without an amount, one cancelled row per tenth client. */
function line(i: number, k: number) {
  const date = daysBefore(today, 400 - k * (20 + (i % 7) * 9) - (i % 11));
  const amount = (i + k) % 9 === 0 ? '' : `$${80 + ((i * 7 + k) % 50)}.00`;
  const status = k === 1 && i % 10 === 0 ? 'Cancelled' : 'Completed';
  return `Client ${i},client${i}@example.com,(415) 555-${String(1000 + i).padStart(4, '0')},${date},${amount},${status},${k % 2 ? 'Deep Clean' : 'Regular Clean'}`;
}
const exportOf = (bookings: number, extra: string[] = []) => {
  const lines = [HEADER];
  for (let k = 0; k < bookings; k += 1) for (let i = 0; i < CLIENTS; i += 1) lines.push(line(i, k));
  return `${[...lines, ...extra].join('\n')}\n`;
};

async function upload(csv: string) {
  const res = await uploadFile(t.app, biz.cookie, 'export.csv', csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const clientFigures = () =>
  t.database.query<Record<string, unknown>>(
    `select id, total_bookings, first_booking::text f, last_booking::text l, frequency, loyalty_score::text s, total_spent::text spent,
       is_referred_client, xmin::text as version
     from clients where business_id = $1 order by id`,
    [biz.id],
  );
const drift = () => Promise.all(DERIVED_TABLES.map(async (d) => [d.table, await driftOf(t.database.db, d, biz.id)] as const));

describe('re-uploading the whole export', () => {
  it('leaves every client figure and every kept figure as a full recomputation gives them', async () => {
    await upload(exportOf(2));
    // referrals: client 3 referred someone who converted, client 4 has a pending one (by code), and a pending
    // referral names client 5's e-mail, so the re-upload converts it (client 5 becomes a referred client)
    const [c3, c4] = await t.database.query<{ id: number; referral_code: string }>(
      `select id, referral_code from clients where business_id = $1 and email in ('client3@example.com', 'client4@example.com') order by email`,
      [biz.id],
    );
    await t.database.query(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, converted) values
        ($1, $2, $3, 'Done Friend', 'done@example.com', true),
        ($1, $4, null, 'Waiting Friend', 'waiting@example.com', false),
        ($1, $2, $3, 'Client 5', 'CLIENT5@example.com', false)`,
      [biz.id, c3.referral_code, c3.id, c4.referral_code],
    );
    // the whole export again, one more booking each, and one new client
    const answer = await upload(exportOf(3, [`New Person,new@example.com,,${daysBefore(today, 3)},$50.00,Completed,Regular Clean`]));
    expect(answer).toMatchObject({ newClients: 1, updatedClients: CLIENTS });
    expect(answer.duplicateBookings).toBeGreaterThan(CLIENTS);

    const afterUpload = await clientFigures();
    expect(afterUpload.find((c) => c.id !== undefined && c.is_referred_client)).toBeDefined();
    expect(await keptFigures(t.database.db, biz.id)).toEqual(await recomputedFigures(t.database.db, biz.id));
    // a full recompute finds nothing to change: same figures, no client rewritten
    await t.database.db.transaction((tx) => recomputeClientStats(tx, biz.id));
    expect(await clientFigures()).toEqual(afterUpload);

    // the same file a third time changes nothing
    const again = await upload(exportOf(3));
    expect(again).toMatchObject({ newClients: 0, newBookings: 0 });
    expect(await clientFigures()).toEqual(afterUpload);
    expect(await keptFigures(t.database.db, biz.id)).toEqual(await recomputedFigures(t.database.db, biz.id));
    // and every derived table holds what the registry would rebuild it to
    expect((await drift()).filter(([, rows]) => rows !== 0)).toEqual([]);
  });
});
