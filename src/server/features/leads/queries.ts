import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import type { Lead, LeadCommunication, LeadSource, LeadStatus } from '../../../shared/schemas/leads';
import { readRows, rowCount } from '../../db/read-rows';
import { intArray } from '../../db/sql-values';
import { type LeadSearch, SEARCH_KEPT_IDS, type SearchPlan, countOf, keepCounts, keptCounts, leadSearchOf, searchKey, searchMatch, searchPlan, searchVersion, splitOf } from './search-counts';

// The Lead Inbox's SQL (docs/leads.md). Every statement names the business in its own where.

type Time = string | Date;
const iso = (v: Time) => new Date(v).toISOString();

type LeadRow = {
  id: number;
  business_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  source: string;
  status: string;
  referrer_name: string | null;
  notes: string | null;
  created_at: Time;
};

const LEAD_COLUMNS = sql`l.id, l.business_id, l.name, l.email, l.phone, l.source, l.status, l.referrer_name, l.notes, l.created_at`;

function toLead(r: LeadRow): Lead {
  return {
    id: Number(r.id),
    businessId: Number(r.business_id),
    name: r.name,
    email: r.email,
    phone: r.phone,
    source: r.source,
    status: r.status,
    referrerName: r.referrer_name,
    notes: r.notes,
    createdAt: iso(r.created_at),
  };
}

export type LeadFilters = { status: 'all' | LeadStatus; source: 'all' | LeadSource; search?: string };

function where(businessId: number, f: LeadFilters): SQL {
  const parts: SQL[] = [sql`l.business_id = ${businessId}`];
  if (f.status !== 'all') parts.push(sql`l.status = ${f.status}`);
  if (f.source !== 'all') parts.push(sql`l.source = ${f.source}`);
  if (f.search) parts.push(searchMatch('l', leadSearchOf(f.search)));
  return sql.join(parts, sql` and `);
}

/** The kept figures' rows for the filter (lead_figures, lead_week_figures). */
function figuresWhere(businessId: number, f: LeadFilters): SQL {
  const parts: SQL[] = [sql`f.business_id = ${businessId}`];
  if (f.status !== 'all') parts.push(sql`f.status = ${f.status}`);
  if (f.source !== 'all') parts.push(sql`f.source = ${f.source}`);
  return sql.join(parts, sql` and `);
}

/** From this offset on, a page skips whole weeks through lead_week_figures instead of walking the index. */
export const DEEP_PAGE_OFFSET = 1000;

/**
 * A page of leads, newest first, and how many match, in one statement. Without a search the total is the
 * kept figures' (lead_figures), and the page's ids come from the business's index for the filter alone
 * (leads_business_{status,source}_created_idx, or _created_idx: created_at and id are in it) before the
 * page's rows are read; from DEEP_PAGE_OFFSET on, the weeks before the page are skipped by their kept counts
 * (lead_week_figures) and the index is walked from the end of the page's week only.
 */
export async function selectLeadPage(
  tx: Tx,
  businessId: number,
  f: LeadFilters,
  limit: number,
  offset: number,
  deepFrom = DEEP_PAGE_OFFSET,
): Promise<{ leads: Lead[]; total: number }> {
  if (f.search) return selectSearchPage(tx, businessId, f, leadSearchOf(f.search), limit, offset, deepFrom);
  const fw = figuresWhere(businessId, f);
  const { weeks, ids } = filterPageIds(businessId, f, limit, offset, deepFrom);
  const rows = await readRows<Partial<LeadRow> & { total: number }>(
    tx,
    sql`${weeks}select t.total, p.* from (select coalesce(sum(f.leads), 0)::int as total from lead_figures f where ${fw}) t
      left join lateral (select ${LEAD_COLUMNS} from (${ids}) ids join leads l on l.id = ids.id) p on true
      order by p.created_at desc, p.id desc`,
  );
  return { total: Number(rows[0]?.total ?? 0), leads: rows.filter((r) => r.id != null).map((r) => toLead(r as LeadRow)) };
}

/** The ids of a page of the filter alone (no search), and the weeks it skips (see selectLeadPage). */
function filterPageIds(businessId: number, f: LeadFilters, limit: number, offset: number, deepFrom: number): { weeks: SQL; ids: SQL } {
  const w = where(businessId, { status: f.status, source: f.source });
  if (offset < deepFrom) {
    return { weeks: sql``, ids: sql`select l.id from leads l where ${w} order by l.created_at desc, l.id desc limit ${rowCount(limit)} offset ${offset}` };
  }
  return {
    weeks: sql`with wk as (select f.week, sum(f.leads)::int as n from lead_week_figures f where ${figuresWhere(businessId, f)} group by f.week having sum(f.leads) > 0),
        k as (select s.week + interval '7 days' as bound, s.before
          from (select wk.week, (sum(wk.n) over (order by wk.week desc) - wk.n)::int as before from wk) s
          where s.before <= ${offset}::int order by s.week limit 1) `,
    // The oldest week with no more than `offset` newer leads holds the page's first lead: walk the index
    // from that week's end, skipping the leads of the week newer than the page. No week: no lead.
    ids: sql`select l.id from leads l where ${w} and l.created_at < (select k.bound from k)
          order by l.created_at desc, l.id desc limit ${rowCount(limit)} offset (select ${offset}::int - k.before from k)`,
  };
}

/**
 * A page of a search and its total. The total is a kept count (search-counts.ts) while the business's lead
 * search version is the one it was counted under: the page is then read in the same statement as the version,
 * from a rare search's kept ids (checked again), by walking the filter's created_at index when matches are
 * common (stopping after the page), else from the matches through the trigram indexes. Otherwise one statement counts the matches (by status and source),
 * reads the version and the page with them, and the count is kept.
 */
async function selectSearchPage(
  tx: Tx,
  businessId: number,
  f: LeadFilters,
  s: LeadSearch,
  limit: number,
  offset: number,
  deepFrom: number,
): Promise<{ leads: Lead[]; total: number }> {
  const key = searchKey(businessId, s);
  const known = keptCounts(tx, key);
  if (known) {
    const total = countOf(known.matches, f);
    const want = Math.min(limit, Math.max(0, total - offset));
    let plan = searchPlan(known, f, limit, offset);
    for (;;) {
      const rows = await readRows<Partial<LeadRow> & { version: string; kept?: number }>(
        tx,
        searchPageOfKeptCount(businessId, f, s, plan, limit, offset, deepFrom),
      );
      if (rows[0].version !== known.version) break;
      // Kept ids: all of them must still be matches (two leads may have swapped names under the same version).
      if (plan.kind === 'ids' && Number(rows[0].kept) !== plan.ids.length) break;
      const leads = rows.filter((r) => r.id != null).map((r) => toLead(r as LeadRow));
      if (leads.length === want) return { total, leads };
      // The walk stopped before the page was full: the matches lie deeper than their share says.
      if (plan.kind !== 'walk') break;
      plan = { kind: 'matches' };
    }
  }
  const filter: SQL[] = [sql`true`];
  if (f.status !== 'all') filter.push(sql`m.status = ${f.status}`);
  if (f.source !== 'all') filter.push(sql`m.source = ${f.source}`);
  // Materialised: left to itself PostgreSQL walks the created_at index under the window and filters every lead.
  const rows = await readRows<
    Partial<LeadRow> & { version: string; matches: [string, string, number][]; all_leads: [string, string, number][]; ids: number[] | null }
  >(
    tx,
    sql`with m as materialized (select l.id, l.created_at, l.status, l.source from leads l where l.business_id = ${businessId} and ${searchMatch('l', s)}),
      ids as (select m.id from m where ${sql.join(filter, sql` and `)} order by m.created_at desc, m.id desc limit ${rowCount(limit)} offset ${offset})
      select t.version, t.matches, t.all_leads, t.ids, p.* from (
        select ${searchVersion(businessId)} as version,
          (select json_agg(m.id) from m having count(*) <= ${SEARCH_KEPT_IDS}) as ids,
          (select coalesce(json_agg(json_build_array(c.status, c.source, c.n)), '[]') from
            (select m.status, m.source, count(*)::int as n from m group by m.status, m.source) c) as matches,
          (select coalesce(json_agg(json_build_array(f.status, f.source, f.leads)), '[]') from lead_figures f
            where f.business_id = ${businessId}) as all_leads
      ) t left join lateral (select ${LEAD_COLUMNS} from ids join leads l on l.id = ids.id and l.business_id = ${businessId}) p on true
      order by p.created_at desc, p.id desc`,
  );
  const counts = {
    version: rows[0].version,
    matches: splitOf(rows[0].matches),
    leads: splitOf(rows[0].all_leads),
    ids: rows[0].ids ? Int32Array.from(rows[0].ids) : null,
  };
  keepCounts(tx, key, counts);
  return { total: countOf(counts.matches, f), leads: rows.filter((r) => r.id != null).map((r) => toLead(r as LeadRow)) };
}

/** The version, and the page as the plan reads it (search-counts.ts `searchPlan`). */
function searchPageOfKeptCount(businessId: number, f: LeadFilters, s: LeadSearch, plan: SearchPlan, limit: number, offset: number, deepFrom: number): SQL {
  const version = sql`select ${searchVersion(businessId)} as version`;
  if (plan.kind === 'none') return version;
  if (plan.kind === 'ids') {
    // A rare search's kept ids, read again and checked: every one must still match (see selectSearchPage).
    const filter: SQL[] = [sql`true`];
    if (f.status !== 'all') filter.push(sql`k.status = ${f.status}`);
    if (f.source !== 'all') filter.push(sql`k.source = ${f.source}`);
    return sql`with k as materialized (select l.id, l.created_at, l.status, l.source from leads l
        where l.business_id = ${businessId} and l.id = any(${intArray(plan.ids)}) and ${searchMatch('l', s)})
      select v.version, (select count(*)::int from k) as kept, p.* from (${version}) v
      left join lateral (select ${LEAD_COLUMNS} from (select k.id from k where ${sql.join(filter, sql` and `)}
        order by k.created_at desc, k.id desc limit ${rowCount(limit)} offset ${offset}) ids join leads l on l.id = ids.id) p on true
      order by p.created_at desc, p.id desc`;
  }
  if (plan.kind === 'every') {
    // Every lead of the filter matches: the filter's own page (deep ones through the weeks).
    const { weeks, ids } = filterPageIds(businessId, f, limit, offset, deepFrom);
    return sql`${weeks}select v.version, p.* from (${version}) v
      left join lateral (select ${LEAD_COLUMNS} from (${ids}) ids join leads l on l.id = ids.id) p on true
      order by p.created_at desc, p.id desc`;
  }
  const filterOnly = where(businessId, { status: f.status, source: f.source });
  const ids =
    plan.kind === 'walk'
      ? sql`select w.id from (select l.id, l.search_text, l.phone from leads l where ${filterOnly}
          order by l.created_at desc, l.id desc limit ${plan.rows}) w
          where ${searchMatch('w', s)} limit ${rowCount(limit)} offset ${offset}`
      : sql`select m.id from m order by m.created_at desc, m.id desc limit ${rowCount(limit)} offset ${offset}`;
  const matches = plan.kind === 'matches' ? sql`with m as materialized (select l.id, l.created_at from leads l where ${where(businessId, f)}) ` : sql``;
  return sql`${matches}select v.version, p.* from (${version}) v
    left join lateral (select ${LEAD_COLUMNS} from (${ids}) ids join leads l on l.id = ids.id and l.business_id = ${businessId}) p on true
    order by p.created_at desc, p.id desc`;
}

export async function selectLead(tx: Tx, businessId: number, id: number): Promise<Lead | null> {
  const [r] = rowsOf<LeadRow>(await tx.execute(sql`select ${LEAD_COLUMNS} from leads l where l.business_id = ${businessId} and l.id = ${id}`));
  return r ? toLead(r) : null;
}

export async function insertManualLead(
  tx: Tx,
  businessId: number,
  lead: { name: string; email: string | null; phone: string | null; notes: string | null },
): Promise<Lead> {
  const [r] = rowsOf<LeadRow>(
    await tx.execute(sql`insert into leads as l (business_id, name, email, phone, source, status, notes)
      values (${businessId}, ${lead.name}, ${lead.email}, ${lead.phone}, 'manual', 'new', ${lead.notes})
      returning ${LEAD_COLUMNS}`),
  );
  return toLead(r);
}

export async function updateLeadStatus(tx: Tx, businessId: number, id: number, status: LeadStatus): Promise<Lead | null> {
  const [r] = rowsOf<LeadRow>(
    await tx.execute(sql`update leads as l set status = ${status}, updated_at = now()
      where l.business_id = ${businessId} and l.id = ${id}
      returning ${LEAD_COLUMNS}`),
  );
  return r ? toLead(r) : null;
}

type StatsRow = { total: number; converted: number; referral: number; this_week: number; top: { name: string; count: number }[] };

/**
 * The business's lead figures and its top referrers in one statement, from the kept figures (lead_figures,
 * lead_referrers through lead_referrers_top_idx); "this week" (from Monday at 00:00 in the business's time
 * zone) counts the week's leads on leads_business_created_idx alone. Its `<= 'infinity'` (true of every
 * row) makes the range two-sided, so the planner estimates a narrow range for the unknown week start instead
 * of a third of the leads and keeps the index even when the visibility map is empty (a seq scan otherwise).
 */
export async function selectLeadStats(
  tx: Tx,
  businessId: number,
  topReferrers: number,
): Promise<{ total: number; converted: number; referral: number; thisWeek: number; topReferrers: { name: string; count: number }[] }> {
  const [r] = await readRows<StatsRow>(
    tx,
    sql`select f.total, f.converted, f.referral,
        (select count(*)::int from leads l where l.business_id = ${businessId} and l.created_at >=
          (select date_trunc('week', now() at time zone b.time_zone) at time zone b.time_zone from businesses b where b.id = ${businessId})
          and l.created_at <= 'infinity') as this_week,
        (select coalesce(json_agg(json_build_object('name', r.name, 'count', r.leads) order by r.leads desc, r.name), '[]')
          from (select r.name, r.leads from lead_referrers r where r.business_id = ${businessId} and r.leads > 0
            order by r.leads desc, r.name limit ${topReferrers}) r) as top
      from (select coalesce(sum(f.leads), 0)::int as total,
          coalesce(sum(f.leads) filter (where f.status = 'converted'), 0)::int as converted,
          coalesce(sum(f.leads) filter (where f.source = 'referral'), 0)::int as referral
        from lead_figures f where f.business_id = ${businessId}) f`,
  );
  return {
    total: Number(r.total),
    converted: Number(r.converted),
    referral: Number(r.referral),
    thisWeek: Number(r.this_week),
    topReferrers: r.top.map((t) => ({ name: t.name, count: Number(t.count) })),
  };
}

type CommunicationRow = { id: number; lead_id: number; type: string; direction: string; subject: string | null; content: string; status: string; sent_at: Time };

const toCommunication = (r: CommunicationRow): LeadCommunication => ({
  id: Number(r.id),
  leadId: Number(r.lead_id),
  type: r.type,
  direction: r.direction,
  subject: r.subject,
  content: r.content,
  status: r.status,
  sentAt: iso(r.sent_at),
});

const COMMUNICATION_COLUMNS = sql`c.id, c.lead_id, c.type, c.direction, c.subject, c.content, c.status, c.sent_at`;

export async function insertCommunication(
  tx: Tx,
  businessId: number,
  leadId: number,
  c: { type: 'sms' | 'email'; subject: string | null; content: string; status: string },
): Promise<LeadCommunication> {
  const [r] = rowsOf<CommunicationRow>(
    await tx.execute(sql`insert into lead_communications as c (business_id, lead_id, type, direction, subject, content, status)
      values (${businessId}, ${leadId}, ${c.type}, 'outbound', ${c.subject}, ${c.content}, ${c.status})
      returning ${COMMUNICATION_COLUMNS}`),
  );
  return toCommunication(r);
}

/**
 * The lead's newest communications first: what the owner sent (lead_communications) and the texts the lead sent
 * (inbound sms_messages with the lead, sms_messages_business_lead_ts_idx), as one list; null when the business has
 * no such lead.
 */
export async function selectCommunications(tx: Tx, businessId: number, leadId: number, limit: number): Promise<LeadCommunication[] | null> {
  const rows = rowsOf<Partial<CommunicationRow> & { found: boolean }>(
    await tx.execute(sql`select true as found, c.* from (select 1 from leads l where l.business_id = ${businessId} and l.id = ${leadId}) l
      left join lateral (select * from (
        (select ${COMMUNICATION_COLUMNS} from lead_communications c
          where c.business_id = ${businessId} and c.lead_id = ${leadId}
          order by c.sent_at desc, c.id desc limit ${limit})
        union all
        (select m.id, m.lead_id, 'sms', 'inbound', null, m.message_body, 'received', m.timestamp from sms_messages m
          where m.business_id = ${businessId} and m.lead_id = ${leadId} and m.direction = 'inbound'
          order by m.timestamp desc, m.id desc limit ${limit})) u
        order by u.sent_at desc, u.id desc limit ${limit}) c on true
      order by c.sent_at desc, c.id desc`),
  );
  if (rows.length === 0) return null;
  return rows.filter((r) => r.id != null).map((r) => toCommunication(r as CommunicationRow));
}

export async function countNewLeads(tx: Tx, businessId: number, days: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from leads l where l.business_id = ${businessId} and l.status = 'new'
      and l.created_at >= now() - make_interval(days => ${days}::int)`),
  );
  return Number(r.n);
}

/** The text just stored for a lead belongs to its thread (docs/sms-inbox.md, "Leads"). */
export async function linkTextToLead(tx: Tx, businessId: number, messageId: number, leadId: number) {
  await tx.execute(sql`update sms_messages set lead_id = ${leadId} where id = ${messageId} and business_id = ${businessId}`);
}

/** The pending referral a lead came with: same business and referrer code, the friend's e-mail or phone (oldest claim first). */
export async function selectPendingReferralOfLead(tx: Tx, businessId: number, leadId: number): Promise<{ id: number; refereeName: string; referrerName: string | null } | null> {
  const [r] = rowsOf<{ id: number; referee_name: string; referrer_name: string | null }>(
    await tx.execute(sql`select r.id, r.referee_name, l.referrer_name from leads l
      join referrals r on r.business_id = l.business_id and r.referrer_code = l.referrer_code and not r.converted
        and (lower(r.referee_email) = lower(l.email) or r.referee_phone = l.phone)
      where l.business_id = ${businessId} and l.id = ${leadId} and l.referrer_code is not null
      order by r.created_at, r.id limit 1`),
  );
  return r ? { id: Number(r.id), refereeName: r.referee_name, referrerName: r.referrer_name } : null;
}

/** The business's e-mail, where a lead's reply to an e-mail goes. */
export async function selectSenderOf(tx: Tx, businessId: number): Promise<{ name: string; email: string | null } | null> {
  const [r] = rowsOf<{ name: string; email: string | null }>(await tx.execute(sql`select b.name, b.email from businesses b where b.id = ${businessId}`));
  return r ?? null;
}
