import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { daysBefore, todayIn } from '../../../testing/dates';
import { upload } from '../../../testing/requests';

let numberSeq = 10;

/** A business with an SMS number (set directly: these tests are about what is queued, not the purchase). */
export async function businessWithNumber(database: Database, name: string, overrides: { reviewLink?: string } = {}): Promise<TestBusiness & { number: string }> {
  numberSeq += 1;
  const number = `+1512555${String(1000 + numberSeq).slice(-4)}`;
  const biz = await createBusiness(database, { name, selectedPhoneNumber: number });
  if (overrides.reviewLink) await database.query('update outreach_settings set google_review_link = $2 where business_id = $1', [biz.id, overrides.reviewLink]);
  return { ...biz, number };
}

/** Today in the business's zone (the factory's default, America/New_York) and n days before. */
export async function serviceDay(database: Database, daysAgo: number): Promise<string> {
  return daysBefore(await todayIn(database, 'America/New_York'), daysAgo);
}

/** A referral as the public claim makes them, `ageDays` old. */
export async function createReferral(
  database: Database,
  businessId: number,
  r: { referrerCode: string; refereeName: string; refereePhone: string | null; ageDays: number; converted?: boolean; smsConsent?: boolean; refereeEmail?: string },
): Promise<number> {
  // The friend ticked the claim page's text consent unless the test says otherwise.
  const [row] = await database.query<{ id: number }>(
    `insert into referrals (business_id, referrer_code, referee_name, referee_phone, converted, converted_at, created_at, sms_consent_at, sms_consent_text, referee_email)
     values ($1, $2, $3, $4, $5, case when $5 then now() end, now() - make_interval(secs => $6::float8 * 86400),
       case when $7 then now() end, case when $7 then 'Text me about my reward.' end, $8)
     returning id`,
    [businessId, r.referrerCode, r.refereeName, r.refereePhone, r.converted ?? false, r.ageDays, r.smsConsent ?? true, r.refereeEmail ?? null],
  );
  return row.id;
}

export type OutboxRowView = { id: number; kind: string; key: string; status: string; reason: string | null; client_id: number | null; to_number: string | null; not_before: Date };

export const outboxOf = (database: Database, businessId: number) =>
  database.query<OutboxRowView>('select id, kind, key, status, reason, client_id, to_number, not_before from sms_outbox where business_id = $1 order by id', [businessId]);

/** POST /api/upload/csv with one CSV file (multipart, field `csv`). */
export function uploadCsv(app: FastifyInstance, cookie: string, fileName: string, csv: string) {
  return upload(app, cookie, fileName, csv);
}
