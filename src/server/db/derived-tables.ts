import { type SQL, sql } from 'drizzle-orm';
import { type LoyaltyBand, loyaltyBandSql } from '../../shared/loyalty';
import { type Tx, rowsOf } from './client';

/**
 * Every table (or set of columns) the read model's triggers keep (src/server/db/sql/*.sql; docs/read-model.md), with
 * the rows it should hold for one business, recomputed from the rows it is derived from. From that one
 * definition come the check (kept rows against recomputed rows) and the rebuild (the recomputed rows written
 * over the kept ones). The nightly refresh (clients/jobs.ts) checks every entry for every business it refreshes
 * and repairs what drifted; the exactness tests compare through the same check.
 */
export type DerivedTable = {
  table: string;
  /** The columns that name a row (its primary key). */
  key: string[];
  /** The columns the triggers keep. */
  columns: string[];
  /** Kept rows that count as absent (a count left at zero). */
  absentWhen?: string;
  /** The rows belong to another table (counters on sms_bulk_batches): a rebuild only updates them. */
  updateOnly?: boolean;
  /** The rows the business should have: key and columns, in that order, cast to the table's types. */
  expected(businessId: number): SQL;
};

/** The loyalty bands as conditions on clients.loyalty_score (src/shared/loyalty.ts). */
export const LOYALTY_BAND_SQL = Object.fromEntries(Object.entries(loyaltyBandSql('loyalty_score')).map(([k, v]) => [k, sql.raw(v)])) as Record<LoyaltyBand, SQL>;

const completed = (businessId: number) => sql`select b.service_date, b.amount_charged, c.is_referred_client from bookings b
  left join clients c on c.id = b.client_id where b.business_id = ${businessId} and b.status = 'completed'`;

export const DERIVED_TABLES: DerivedTable[] = [
  {
    table: 'business_figures',
    key: ['business_id'],
    columns: ['clients', 'loyalty_sum', 'loyalty_high', 'loyalty_medium', 'loyalty_low', 'clients_booked', 'clients_repeat', 'frequency_sum',
      'frequency_clients', 'referrals', 'referrals_active', 'bookings', 'revenue', 'referred_bookings', 'referred_revenue', 'cancelled_bookings'],
    expected: (businessId) => sql`select ${businessId}::int, c.*, r.*, d.*,
        (select count(*)::int from bookings where business_id = ${businessId} and status in ('cancelled', 'no-show'))
      from
        (select count(*)::int, coalesce(sum(loyalty_score), 0)::numeric(14, 1),
          count(*) filter (where ${LOYALTY_BAND_SQL.high})::int, count(*) filter (where ${LOYALTY_BAND_SQL.medium})::int,
          count(*) filter (where ${LOYALTY_BAND_SQL.low})::int, count(*) filter (where total_bookings >= 1)::int,
          count(*) filter (where total_bookings >= 2)::int,
          coalesce(sum(frequency) filter (where total_bookings >= 2 and frequency is not null), 0)::bigint,
          count(*) filter (where total_bookings >= 2 and frequency is not null)::int
         from clients where business_id = ${businessId}) c,
        (select count(*)::int, (count(*) filter (where not converted))::int from referrals where business_id = ${businessId}) r,
        (select count(*)::int, coalesce(sum(amount_charged), 0)::numeric(16, 2),
          (count(*) filter (where is_referred_client))::int, coalesce(sum(amount_charged) filter (where is_referred_client), 0)::numeric(16, 2)
         from (${completed(businessId)}) b) d`,
  },
  {
    table: 'business_daily_figures',
    key: ['business_id', 'day'],
    columns: ['bookings', 'revenue', 'referred_bookings', 'referred_revenue'],
    expected: (businessId) => sql`select ${businessId}::int, b.service_date, count(*)::int, coalesce(sum(b.amount_charged), 0)::numeric(16, 2),
        (count(*) filter (where b.is_referred_client))::int, coalesce(sum(b.amount_charged) filter (where b.is_referred_client), 0)::numeric(16, 2)
      from (${completed(businessId)}) b group by b.service_date`,
  },
  {
    table: 'referrer_figures',
    key: ['client_id'],
    columns: ['business_id', 'referrals', 'converted'],
    absentWhen: 'referrals = 0 and converted = 0',
    expected: (businessId) => sql`select c.id, c.business_id, count(*)::int, (count(*) filter (where r.converted))::int
      from referrals r join clients c on c.id = r.referrer_client_id where c.business_id = ${businessId} group by c.id`,
  },
  {
    table: 'lead_figures',
    key: ['business_id', 'status', 'source'],
    columns: ['leads'],
    absentWhen: 'leads = 0',
    expected: (businessId) => sql`select business_id, status, source, count(*)::int from leads where business_id = ${businessId}
      group by business_id, status, source`,
  },
  {
    table: 'lead_referrer_names',
    key: ['business_id', 'key', 'name'],
    columns: ['leads'],
    absentWhen: 'leads = 0',
    expected: (businessId) => sql`select business_id, coalesce(referrer_code, lower(nullif(trim(referrer_name), ''))),
        coalesce(nullif(trim(referrer_name), ''), ''), count(*)::int
      from leads where business_id = ${businessId} and (referrer_code is not null or nullif(trim(referrer_name), '') is not null)
      group by 1, 2, 3`,
  },
  {
    table: 'sms_conversations',
    key: ['business_id', 'client_id'],
    columns: ['unread', 'last_at', 'search_name'],
    expected: (businessId) => sql`select m.business_id, m.client_id, (count(*) filter (where m.direction = 'inbound' and not m.is_read))::int,
        max(m."timestamp"), lower(c.name)
      from sms_messages m join clients c on c.id = m.client_id
      where m.business_id = ${businessId} and m.client_id is not null group by m.business_id, m.client_id, c.name`,
  },
  {
    table: 'sms_bulk_batches',
    key: ['id'],
    columns: ['queued', 'held', 'sending', 'sent', 'failed', 'skipped'],
    updateOnly: true,
    expected: (businessId) => sql`select bb.id, (count(o.id) filter (where o.status = 'queued'))::int,
        (count(o.id) filter (where o.status = 'queued' and o.reason is not null))::int, (count(o.id) filter (where o.status = 'sending'))::int,
        (count(o.id) filter (where o.status = 'sent'))::int, (count(o.id) filter (where o.status = 'failed'))::int,
        (count(o.id) filter (where o.status = 'skipped'))::int
      from sms_bulk_batches bb left join sms_outbox o on o.batch_id = bb.id where bb.business_id = ${businessId} group by bb.id`,
  },
];

const list = (names: string[], alias?: string) => sql.raw(names.map((n) => (alias ? `${alias}.${n}` : n)).join(', '));

/** The kept rows of the business that count (key and columns). */
function kept(d: DerivedTable, businessId: number): SQL {
  const absent = d.absentWhen ? sql.raw(` and not (${d.absentWhen})`) : sql``;
  return sql`select ${list([...d.key, ...d.columns])} from ${sql.raw(d.table)} where business_id = ${businessId}${absent}`;
}

/** How many rows of the business differ between what is kept and what it should be (0: exact). */
export async function driftOf(tx: Tx, d: DerivedTable, businessId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with e as materialized (${d.expected(businessId)}), k as materialized (${kept(d, businessId)})
      select count(*)::int as n from ((select * from e except all select * from k) union all (select * from k except all select * from e)) x`),
  );
  return Number(row.n);
}

/** Writes the rows the business should have over the kept ones. Hold the business's clients lock (business-lock.ts). */
export async function rebuild(tx: Tx, d: DerivedTable, businessId: number): Promise<void> {
  const names = [...d.key, ...d.columns];
  const target = sql.raw(d.table);
  const set = sql.raw(d.columns.map((c) => `${c} = e.${c}`).join(', '));
  const keyMatch = sql.raw(d.key.map((k) => `t.${k} = e.${k}`).join(' and '));
  const e = sql`(${d.expected(businessId)}) as e(${list(names)})`;
  if (d.updateOnly) {
    await tx.execute(sql`update ${target} t set ${set} from ${e} where t.business_id = ${businessId} and ${keyMatch}`);
    return;
  }
  await tx.execute(sql`delete from ${target} t where t.business_id = ${businessId}
    and not exists (select 1 from ${e} where ${keyMatch})`);
  await tx.execute(sql`insert into ${target} (${list(names)}) select * from ${e}
    on conflict (${list(d.key)}) do update set ${sql.raw(d.columns.map((c) => `${c} = excluded.${c}`).join(', '))}`);
}

/** Checks every derived table of the business and rebuilds those that drifted; answers them with their differing rows. */
export async function repairDerivedTables(tx: Tx, businessId: number): Promise<{ table: string; rows: number }[]> {
  const repaired: { table: string; rows: number }[] = [];
  for (const d of DERIVED_TABLES) {
    const rows = await driftOf(tx, d, businessId);
    if (rows === 0) continue;
    await rebuild(tx, d, businessId);
    repaired.push({ table: d.table, rows });
  }
  return repaired;
}
