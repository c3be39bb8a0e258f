import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { seededRandom } from '../../../../shared/seeded-random';
import { DERIVED_TABLES, driftOf, repairDerivedTables } from '../../../db/derived-tables';
import { signedIn } from '../../../testing/requests';

// The kept counts of each bulk batch (sms_bulk_batches.queued/held/sending/sent/failed/skipped,
// docs/sms-outbox.md "Kept") against a full recomputation from its texts after random sequences of the
// writes that move them: texts queued (several in one statement), claimed, sent, failed, skipped, held
// with a reason and requeued, moved to another batch, deleted, a batch deleted and a business deleted (and every
// derived table through the registry's check); and the scheduled total GET /api/sms/scheduled answers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;

const kept = (businessId: number) =>
  t.database.query(`select id, queued, held, sending, sent, failed, skipped from sms_bulk_batches where business_id = $1 order by id`, [businessId]);

const recomputed = (businessId: number) =>
  t.database.query(
    `select b.id,
       count(o.id) filter (where o.status = 'queued')::int as queued,
       count(o.id) filter (where o.status = 'queued' and o.reason is not null)::int as held,
       count(o.id) filter (where o.status = 'sending')::int as sending,
       count(o.id) filter (where o.status = 'sent')::int as sent,
       count(o.id) filter (where o.status = 'failed')::int as failed,
       count(o.id) filter (where o.status = 'skipped')::int as skipped
     from sms_bulk_batches b left join sms_outbox o on o.batch_id = b.id
     where b.business_id = $1 group by b.id order by b.id`,
    [businessId],
  );

const recomputedScheduled = async (businessId: number) =>
  Number(
    (await t.database.query<{ n: number }>(`select count(*)::int as n from sms_outbox where business_id = $1 and status in ('queued', 'sending') and kind <> 'bulk'`, [businessId]))[0].n,
  );

/** The kept rows against the texts; with `everyTable`, every derived table through the registry's check too (slower). */
async function expectExact(biz: TestBusiness, label: string, everyTable = false) {
  expect(await kept(biz.id), label).toEqual(await recomputed(biz.id));
  if (everyTable) for (const d of DERIVED_TABLES) expect(await driftOf(t.database.db, d, biz.id), `${label}: ${d.table}`).toBe(0);
  const res = await signedIn(t.app, biz.cookie).get('/api/sms/scheduled');
  expect(res.json().total, `${label} scheduled`).toBe(await recomputedScheduled(biz.id));
}

async function randomSequence(seed: number, steps: number) {
  const g = seededRandom(seed);
  const a = await createBusiness(t.database, { name: `Counts A ${seed}` });
  const b = await createBusiness(t.database, { name: `Counts B ${seed}` });
  let key = 0;
  const batches = async (biz: TestBusiness) =>
    (await t.database.query<{ id: number }>('select id from sms_bulk_batches where business_id = $1 order by id', [biz.id])).map((r) => Number(r.id));
  const texts = async (biz: TestBusiness) =>
    (await t.database.query<{ id: number }>('select id from sms_outbox where business_id = $1 order by id', [biz.id])).map((r) => Number(r.id));

  for (let step = 0; step < steps; step += 1) {
    const biz = g.next() < 0.75 ? a : b;
    const ids = await texts(biz);
    let ofBatch = await batches(biz);
    const op = ids.length < 3 || ofBatch.length === 0 ? 0 : g.int(9);
    const label = `seed ${seed} step ${step} op ${op}`;
    if (op <= 1) {
      // A batch (sometimes a new one) gets 1-4 texts in one statement; automated texts (no batch) too.
      if (ofBatch.length === 0 || g.next() < 0.3) {
        await t.database.query(`insert into sms_bulk_batches (business_id, message, total) values ($1, 'Hi', 3)`, [biz.id]);
        ofBatch = await batches(biz);
      }
      const rows = Array.from({ length: 1 + g.int(4) }, () => {
        const batchId = g.next() < 0.15 ? null : g.pick(ofBatch);
        const status = g.next() < 0.7 ? 'queued' : 'skipped';
        return [biz.id, batchId, batchId ? 'bulk' : 'thankYou', `k${seed}-${(key += 1)}`, status, g.next() < 0.4 ? 'quiet_hours' : null] as const;
      });
      const values = rows.map((_, i) => `($${i * 6 + 1}::int, $${i * 6 + 2}::int, $${i * 6 + 3}, $${i * 6 + 4}, 'Hi', $${i * 6 + 5}, $${i * 6 + 6})`);
      await t.database.query(`insert into sms_outbox (business_id, batch_id, kind, key, body, status, reason) values ${values.join(', ')}`, rows.flat());
    } else if (op <= 3) {
      await t.database.query(`update sms_outbox set status = $2, updated_at = now() where id = $1`, [g.pick(ids), g.pick(STATUSES)]);
    } else if (op === 4) {
      // Held with a reason, or the reason cleared; a due time that moves no count.
      await t.database.query(`update sms_outbox set reason = $2, not_before = now() + interval '1 hour' where id = any($1::int[])`, [`{${g.pick(ids)},${g.pick(ids)}}`, g.next() < 0.5 ? 'daily_cap' : null]);
    } else if (op === 5) {
      // Every text of the business at once (a statement over many rows of several batches).
      await t.database.query(`update sms_outbox set status = case when status = 'queued' then 'sending' else status end where business_id = $1`, [biz.id]);
    } else if (op === 6) {
      if (g.next() < 0.5) await t.database.query(`update sms_outbox set batch_id = $2 where id = $1 and batch_id is not null`, [g.pick(ids), g.pick(ofBatch)]);
      else await t.database.query(`update sms_outbox set kind = $2 where id = $1 and batch_id is null`, [g.pick(ids), g.pick(['thankYou', 'review', 'followUp'])]);
    } else if (op === 7) {
      await t.database.query(`delete from sms_outbox where id = any($1::int[])`, [`{${g.pick(ids)},${g.pick(ids)}}`]);
    } else {
      await t.database.query(`delete from sms_bulk_batches where id = $1`, [g.pick(ofBatch)]);
    }
    await expectExact(a, `${label} (A)`);
    await expectExact(b, `${label} (B)`);
  }
  await t.database.query('delete from businesses where id = $1', [b.id]);
  expect(await kept(b.id)).toEqual([]);
  await expectExact(a, `seed ${seed} after deleting B`, true);
  return a;
}

describe('kept batch counts', () => {
  for (const seed of [7, 8, 9]) {
    it(`stay equal to a recomputation through random writes (seed ${seed})`, async () => {
      await randomSequence(seed, 60);
    });
  }

  it('the repair recomputes them from the texts', async () => {
    const a = await randomSequence(10, 20);
    await t.database.query('update sms_bulk_batches set sent = sent + 5, held = 2 where business_id = $1', [a.id]);
    expect(await t.database.db.transaction((tx) => repairDerivedTables(tx, a.id))).toEqual([{ table: 'sms_bulk_batches', rows: expect.any(Number) }]);
    await expectExact(a, 'after the repair');
  });
});
