import type { TestBusiness } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { daysBefore, todayIn } from '../../testing/dates';
import { signedIn, upload as uploadFile } from '../../testing/requests';

/** Helpers of the conversion tests: the business's today, uploads, a referrer with a history, rows. */
export function conversionHelpers(t: TestApp) {
  const query = <T = any>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

  const today = async (biz: TestBusiness) => {
    const [b] = await query<{ time_zone: string }>('select time_zone from businesses where id = $1', [biz.id]);
    return todayIn(t.database, b.time_zone);
  };

  const upload = (biz: TestBusiness, lines: string[]) => {
    const csv = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged', ...lines].join('\n');
    return uploadFile(t.app, biz.cookie, 'bookings.csv', csv);
  };

  /** A referrer booking every 14 days up to today (8 bookings): a loyalty score that no floor hides. */
  const referrer = async (biz: TestBusiness, name: string, email: string) => {
    const day = await today(biz);
    const lines = Array.from({ length: 8 }, (_, i) => `${name},${email},,${daysBefore(day, 14 * i)},100`);
    const res = await upload(biz, lines);
    if (res.statusCode !== 200) throw new Error(`referrer upload: ${res.statusCode} ${res.body}`);
    const [c] = await query<{ id: number; referral_code: string }>('select id, referral_code from clients where business_id = $1 and email = $2', [biz.id, email]);
    return c;
  };

  /** A pending referral as a claim leaves it (written directly), with its lead. */
  const pendingReferral = async (
    biz: TestBusiness,
    by: { id: number; referral_code: string },
    friend: { name: string; email?: string | null; phone?: string | null },
    createdAt = new Date(),
  ) => {
    const [r] = await query<{ id: number }>(
      `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, referee_phone, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [biz.id, by.referral_code, by.id, friend.name, friend.email ?? null, friend.phone ?? null, createdAt],
    );
    const [l] = await query<{ id: number }>(
      `insert into leads (business_id, name, email, phone, source, referrer_code, referrer_name) values ($1, $2, $3, $4, 'referral', $5, 'Referrer') returning id`,
      [biz.id, friend.name, friend.email ?? null, friend.phone ?? null, by.referral_code],
    );
    return { id: r.id, leadId: l.id };
  };

  const referral = async (id: number) =>
    (
      await query<any>(
        `select r.converted, r.converted_at, r.converted_client_id,
          (select count(*)::int from referral_rewards w where w.referral_id = r.id) as rewards,
          (select w.reward_amount from referral_rewards w where w.referral_id = r.id) as reward_amount,
          (select w.reward_given from referral_rewards w where w.referral_id = r.id) as reward_given
         from referrals r where r.id = $1`,
        [id],
      )
    )[0];

  const client = async (id: number) =>
    (await query<any>('select id, email, phone, referred_by, is_referred_client, referral_id, loyalty_score::float8 as score from clients where id = $1', [id]))[0];

  const leadStatus = async (id: number) => (await query<{ status: string }>('select status from leads where id = $1', [id]))[0].status;

  const stats = (biz: TestBusiness) => signedIn(t.app, biz.cookie).get('/api/dashboard/stats').then((r) => r.json());

  const convert = (biz: TestBusiness, id: number | string, body?: unknown) =>
    signedIn(t.app, biz.cookie).post(`/api/referrals/${id}/convert`, body as object | undefined);

  return { query, today, upload, referrer, pendingReferral, referral, client, leadStatus, stats, convert };
}
