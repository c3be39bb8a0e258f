import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { refreshBusinessJob } from './jobs';
import { DERIVED_TABLES, driftOf } from '../../db/derived-tables';

// Every derived table repairs itself: a kept row corrupted by hand is found by the nightly refresh
// (clients.refresh-business, the nightly refresh of one business, which checks every entry of the registry), rebuilt from its rows and logged.

let t: TestApp;
let biz: TestBusiness;
let other: TestBusiness;

const q = <T = any>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

/** Rows in every derived table: clients (some referred) with completed and cancelled bookings, referrals with a referrer and rewards, leads naming referrers, texts, a bulk batch. */
async function fill(b: TestBusiness) {
  await q(
    `insert into clients (business_id, name, email, referral_code, is_referred_client, loyalty_score, total_bookings, frequency)
     select $1::int, 'Client ' || g, 'c' || g || '.' || $1::int || '@example.com', 'DT' || $1::int || '-' || g, g % 3 = 0, (g % 10)::numeric, g % 4, 30
     from generate_series(1, 12) g`,
    [b.id],
  );
  await q(
    `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
     select $1::int, c.id, current_date - (g * 3), 'Clean', '80', 80 + g, case when g % 5 = 0 then 'cancelled' else 'completed' end, 'demo', 'dt' || c.id || '-' || g
     from clients c cross join generate_series(1, 4) g where c.business_id = $1::int`,
    [b.id],
  );
  await q(
    `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, converted)
     select $1::int, c.referral_code, c.id, 'Friend ' || g, g % 2 = 0 from clients c cross join generate_series(1, 3) g
     where c.business_id = $1::int and c.name in ('Client 1', 'Client 2')`,
    [b.id],
  );
  await q(`insert into referral_rewards (business_id, referral_id, reward_amount, reward_given) select business_id, id, '$10', true from referrals where business_id = $1 and converted`, [b.id]);
  await q(
    `insert into leads (business_id, name, source, status, referrer_code, referrer_name)
     select $1::int, 'Lead ' || g, (array['referral', 'form'])[g % 2 + 1], (array['new', 'contacted'])[g % 2 + 1],
       case when g % 3 = 0 then 'R' || (g % 2) end, case when g % 3 <> 2 then 'Ref ' || (g % 2) end
     from generate_series(1, 10) g`,
    [b.id],
  );
  await q(
    `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, status, is_read, timestamp)
     select $1::int, c.id, case when g % 2 = 0 then 'inbound' else 'outbound' end, '+15550001', '+15550002', 'Hi ' || g, 'delivered', g % 3 <> 0, now() - g * interval '1 hour'
     from clients c cross join generate_series(1, 3) g where c.business_id = $1::int and c.name in ('Client 3', 'Client 4')`,
    [b.id],
  );
  const [batch] = await q<{ id: number }>(`insert into sms_bulk_batches (business_id, message, total) values ($1, 'Hello', 4) returning id`, [b.id]);
  await q(
    `insert into sms_outbox (business_id, batch_id, kind, key, body, status, reason)
     select $1::int, $2::int, 'bulk', 'dt:' || g, 'Hello', (array['queued', 'sent', 'failed', 'queued'])[g], case when g = 4 then 'Quiet hours' end
     from generate_series(1, 4) g`,
    [b.id, batch.id],
  );
}

/** One way to corrupt each derived table: a kept value changed, a row added or a row taken away. */
const CORRUPT: Record<string, (b: TestBusiness) => Promise<unknown>> = {
  business_figures: (b) => q('update business_figures set clients = clients + 3, revenue = revenue - 7 where business_id = $1', [b.id]),
  business_daily_figures: (b) => q('delete from business_daily_figures where business_id = $1 and day = (select max(day) from business_daily_figures where business_id = $1)', [b.id]),
  referrer_figures: (b) => q('update referrer_figures set converted = converted + 1 where business_id = $1', [b.id]),
  lead_figures: (b) => q(`insert into lead_figures (business_id, status, source, leads) values ($1, 'lost', 'manual', 4)`, [b.id]),
  lead_referrer_names: (b) => q(`update lead_referrer_names set leads = leads * 2 where business_id = $1`, [b.id]),
  sms_conversations: (b) => q('update sms_conversations set unread = unread + 2, last_at = last_at - interval \'1 day\' where business_id = $1', [b.id]),
  sms_bulk_batches: (b) => q('update sms_bulk_batches set sent = sent + 5, held = 0 where business_id = $1', [b.id]),
};

const snapshot = (table: string, b: TestBusiness) => q(`select * from ${table} where business_id = $1 order by 1, 2, 3`, [b.id]);
const runNightly = async () => {
  for (const b of [biz, other]) await refreshBusinessJob.handler({ businessId: b.id, all: true }, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs } as never);
};

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  other = await createBusiness(t.database);
  await fill(biz);
  await fill(other);
  // The nightly refresh recomputes the clients' figures first: the right rows are those after it.
  await runNightly();
});
afterAll(() => t.close());

describe('the derived tables', () => {
  it('are all in the registry, and exact after the writes that fill them', async () => {
    expect(Object.keys(CORRUPT).sort()).toEqual(DERIVED_TABLES.map((d) => d.table).sort());
    for (const d of DERIVED_TABLES) {
      expect((await snapshot(d.table, biz)).length, d.table).toBeGreaterThan(0);
      expect(await driftOf(t.database.db, d, biz.id), d.table).toBe(0);
    }
  });

  for (const d of DERIVED_TABLES) {
    it(`${d.table}: a corrupted row is found by the nightly job, rebuilt from its rows and logged`, async () => {
      const right = await snapshot(d.table, biz);
      const othersBefore = await snapshot(d.table, other);
      await CORRUPT[d.table](biz);
      expect(await snapshot(d.table, biz)).not.toEqual(right);
      expect(await driftOf(t.database.db, d, biz.id)).toBeGreaterThan(0);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      let logged: string[] = [];
      await runNightly().finally(() => {
        logged = warn.mock.calls.map((c) => String(c[0]));
        warn.mockRestore();
      });
      expect(await snapshot(d.table, biz)).toEqual(right);
      expect(await snapshot(d.table, other)).toEqual(othersBefore);
      expect(logged).toEqual([expect.stringContaining(`business ${biz.id}: ${d.table} differed from its rows`)]);
    });
  }
});
