// The large business's texts for `npm run bench:api` (a business with 100,000 messages; the
// conversations and history calls p95 under 50 ms). Written once per database by the benchmark server:
// 100,000 messages over the last 90 days with 5,000 clients (20 each, alternating in and out), one inbound
// text in 40 unread (the badge and the unread replies read them there, as every other read does).
import type { Database } from '../../src/server/db/client';

export const BENCH_SMS_MESSAGES = 100_000;
export const BENCH_SMS_CLIENTS = 5_000;

/** Seeds the business's texts unless it has some; answers how many it has. */
export async function seedSmsMessages(database: Database, businessId: number): Promise<number> {
  const [have] = await database.query<{ n: number }>('select count(*)::int as n from sms_messages where business_id = $1', [businessId]);
  if (Number(have.n) > 0) {
    await seedOutbox(database, businessId);
    return Number(have.n);
  }
  const number = '+15125550100';
  await database.query(`update businesses set selected_phone_number = $2 where id = $1`, [businessId, number]);
  await database.query(
    `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, twilio_sid, status, is_read, timestamp)
     select $1::int, cl.id,
       case when g % 2 = 0 then 'inbound' else 'outbound' end,
       case when g % 2 = 0 then cl.phone else $2::text end,
       case when g % 2 = 0 then $2::text else cl.phone end,
       case when g % 2 = 0 then 'Thanks! See you next week ' || g else 'Hi from Large Cleaning Co, message ' || g end,
       case when g % 2 = 0 then 'reply' else 'thankYou' end,
       'SMbench' || $1::int || '-' || g,
       case when g % 2 = 0 then 'received' else 'delivered' end,
       g % 2 = 1 or g % 80 <> 0,
       now() - g * interval '77 seconds'
     from generate_series(1, $3::int) as g
     join (select id, phone, (row_number() over (order by id) - 1)::int as rn from clients where business_id = $1::int order by id limit $4::int) cl
       on cl.rn = g % $4::int`,
    [businessId, number, BENCH_SMS_MESSAGES, BENCH_SMS_CLIENTS],
  );
  await seedOutbox(database, businessId);
  // As autovacuum would after a bulk load.
  await database.query('vacuum analyze sms_messages, sms_outbox, sms_bulk_batches');
  const [n] = await database.query<{ n: number }>('select count(*)::int as n from sms_messages where business_id = $1', [businessId]);
  return Number(n.n);
}

export const BENCH_BULK_BATCHES = 20;
export const BENCH_BULK_BATCH_SIZE = 1_000;
export const BENCH_SCHEDULED = 2_000;

/**
 * The outbox of a business that has sent 20 bulk texts of 1,000 clients (one in 50 failed or skipped) and
 * has 2,000 automated texts waiting: what the Bulk tab's progress and the scheduled list read.
 */
async function seedOutbox(database: Database, businessId: number): Promise<void> {
  const [batches] = await database.query<{ n: number }>('select count(*)::int as n from sms_bulk_batches where business_id = $1', [businessId]);
  if (Number(batches.n) > 0) return;
  await database.query(
    `insert into sms_bulk_batches (business_id, message, total, created_at)
     select $1::int, 'Spring slots are open, {clientName}! Batch ' || b, $2::int, now() - (${BENCH_BULK_BATCHES} - b) * interval '3 days'
     from generate_series(1, ${BENCH_BULK_BATCHES}) as b`,
    [businessId, BENCH_BULK_BATCH_SIZE],
  );
  await database.query(
    `insert into sms_outbox (business_id, client_id, batch_id, kind, key, body, status, reason, not_before, sent_at)
     select $1::int, cl.id, bb.id, 'bulk', 'bulk:' || bb.id || ':' || cl.id, bb.message,
       case when cl.rn % 50 = 0 then 'failed' when cl.rn % 50 = 1 then 'skipped' else 'sent' end,
       case when cl.rn % 50 = 0 then 'The text was not sent: Unreachable destination' when cl.rn % 50 = 1 then 'Opted out of texts (replied STOP).' end,
       bb.created_at, bb.created_at + interval '20 minutes'
     from sms_bulk_batches bb
     cross join (select id, (row_number() over (order by id))::int as rn from clients where business_id = $1::int order by id limit $2::int) cl
     where bb.business_id = $1::int`,
    [businessId, BENCH_BULK_BATCH_SIZE],
  );
  await database.query(
    `insert into sms_outbox (business_id, client_id, kind, key, body, status, not_before)
     select $1::int, cl.id, case when cl.rn % 2 = 0 then 'thankYou' else 'review' end, 'bench-auto:' || cl.id, 'Thanks {clientName}!', 'queued',
       now() + (cl.rn % 48) * interval '1 hour'
     from (select id, (row_number() over (order by id desc))::int as rn from clients where business_id = $1::int order by id desc limit $2::int) cl`,
    [businessId, BENCH_SCHEDULED],
  );
}
