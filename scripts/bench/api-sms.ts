// The large business's texts for `npm run bench:api` (issue 10: a business with 100,000 messages; the
// conversations and history calls p95 under 50 ms). Written once per database by the benchmark server:
// 100,000 messages over the last 90 days with 5,000 clients (20 each, alternating in and out), one inbound
// text in 40 unread, each inbound text also in sms_replies as the webhook stores it.
import type { Database } from '../../src/server/db/client';

export const BENCH_SMS_MESSAGES = 100_000;
export const BENCH_SMS_CLIENTS = 5_000;

/** Seeds the business's texts unless it has some; answers how many it has. */
export async function seedSmsMessages(database: Database, businessId: number): Promise<number> {
  const [have] = await database.query<{ n: number }>('select count(*)::int as n from sms_messages where business_id = $1', [businessId]);
  if (Number(have.n) > 0) return Number(have.n);
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
  await database.query(
    `insert into sms_replies (business_id, client_id, from_number, to_number, message_body, twilio_sid, is_read, received_at)
     select business_id, client_id, from_number, to_number, message_body, twilio_sid, is_read, timestamp
     from sms_messages where business_id = $1 and direction = 'inbound'`,
    [businessId],
  );
  // As autovacuum would after a bulk load.
  await database.query('vacuum analyze sms_messages, sms_replies');
  const [n] = await database.query<{ n: number }>('select count(*)::int as n from sms_messages where business_id = $1', [businessId]);
  return Number(n.n);
}
