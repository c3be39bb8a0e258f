import { type SQL, and, eq, gte, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { businesses, leadCommunications, leads, referrals, smsMessages } from '../../db/schema';
import type { Lead, LeadCommunication, LeadSource, LeadStatus } from '../../../shared/schemas/leads';
import { readRows, rowCount } from '../../db/read-rows';
import { SHORT_SEARCH_COUNT_CAP, cappedSearchCount, cappedTotal, shortTermNeighbours } from '../../db/short-search';
import { searchTerm } from '../../db/like-pattern';
import { leadSearchOf, searchFilter, searchMatch } from './search';

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

/** A lead as read; the service adds whether it may be texted. */
export type LeadRecord = Omit<Lead, 'agreedToTexts'>;

function toLead(r: LeadRow): LeadRecord {
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

/** The filters' terms; the search as `match` gives it (searchMatch, or searchFilter for a walk). */
function where(businessId: number, f: LeadFilters, match = searchMatch): SQL {
  const parts: SQL[] = [sql`l.business_id = ${businessId}`];
  if (f.status !== 'all') parts.push(sql`l.status = ${f.status}`);
  if (f.source !== 'all') parts.push(sql`l.source = ${f.source}`);
  if (f.search) parts.push(match('l', leadSearchOf(f.search)));
  return sql.join(parts, sql` and `);
}

/** The kept figures' rows for the filter (lead_figures). */
function figuresWhere(businessId: number, f: LeadFilters): SQL {
  const parts: SQL[] = [sql`f.business_id = ${businessId}`];
  if (f.status !== 'all') parts.push(sql`f.status = ${f.status}`);
  if (f.source !== 'all') parts.push(sql`f.source = ${f.source}`);
  return sql.join(parts, sql` and `);
}

type PageRow = Partial<LeadRow> & { total: number };

/** A search counts its matches this far (the clients' short searches stop at the same figure): docs/leads.md. */
export const SEARCH_COUNT_CAP = SHORT_SEARCH_COUNT_CAP;

/**
 * Leads a search walks before its term is taken as not common (walkedCount): more than the clients' 1,200,
 * because a lead from a form or added by hand often has no e-mail (a fifth of the benchmark's), so a domain every
 * e-mail holds is held by four leads in five; two thirds reach the cap here, and a rare term pays about 500 leads.
 */
const LEAD_SEARCH_WALK = 1500;

/**
 * A page of leads, newest first, and how many match, in one statement. Without a search the total is the
 * kept figures' (lead_figures), and the page's ids come from the business's index for the filter alone
 * (leads_business_{status,source}_created_idx, or _created_idx: created_at and id are in it) before the
 * page's rows are read. A search: selectSearchPage.
 */
export async function selectLeadPage(
  tx: Tx,
  businessId: number,
  f: LeadFilters,
  limit: number,
  offset: number,
): Promise<{ leads: LeadRecord[]; total: number; totalIsCapped?: true }> {
  if (f.search) return selectSearchPage(tx, businessId, { ...f, search: f.search }, limit, offset);
  const rows = await readRows<PageRow>(
    tx,
    sql`select t.total, p.* from (select coalesce(sum(f.leads), 0)::int as total from lead_figures f where ${figuresWhere(businessId, f)}) t
        left join lateral (select ${LEAD_COLUMNS} from (select l.id from leads l where ${where(businessId, f)}
          order by l.created_at desc, l.id desc limit ${rowCount(limit)} offset ${offset}) ids join leads l on l.id = ids.id) p on true
        order by p.created_at desc, p.id desc`,
  );
  return { total: Number(rows[0]?.total ?? 0), leads: leadsOf(rows) };
}

const leadsOf = (rows: PageRow[]) => rows.filter((r) => r.id != null).map((r) => toLead(r as LeadRow));

/**
 * A search's page. Counting every match read each of them on every request ("garcia": 3,543 of the benchmark's
 * 20,000 leads; docs/benchmarks.md), so a page within the first SEARCH_COUNT_CAP matches counts only that far. The
 * newest LEAD_SEARCH_WALK leads are walked first, matching as they go, until the cap plus one match or can no longer
 * match there (walkedCount): a term nearly every lead holds (an e-mail domain) reaches it, and no trigram index is
 * read (such a term's bitmap held 16,000 entries). Otherwise the matches are gathered through the trigram indexes
 * up to the cap plus one. Fewer than that are all the matches: counted exactly, and the page is cut from them.
 * Otherwise the total is the cap (a lower bound, `totalIsCapped`) and the page walks leads_business_created_idx
 * newest first, filtering as it goes: a term that common fills a page after a few dozen leads. A one-time filter
 * skips each read not needed. A page past the cap gathers and counts every match, exactly (a walk that deep would
 * read far more leads).
 */
async function selectSearchPage(
  tx: Tx,
  businessId: number,
  f: LeadFilters & { search: string },
  limit: number,
  offset: number,
): Promise<{ leads: LeadRecord[]; total: number; totalIsCapped?: true }> {
  const n = rowCount(limit);
  const page = (ids: SQL, total: SQL) => sql`select t.total, p.* from (${total}) t
      left join lateral (select ${LEAD_COLUMNS} from (${ids}) ids join leads l on l.id = ids.id and l.business_id = ${businessId}) p on true
      order by p.created_at desc, p.id desc`;
  // Materialised: left to itself PostgreSQL walks the created_at index under the count and filters every lead.
  if (offset + limit > SEARCH_COUNT_CAP) {
    const rows = await readRows<PageRow>(
      tx,
      sql`with m as materialized (select l.id, l.created_at from leads l where ${where(businessId, f)})
        ${page(sql`select m.id from m order by m.created_at desc, m.id desc limit ${n} offset ${offset}`, sql`select count(*)::int as total from m`)}`,
    );
    return { leads: leadsOf(rows), total: Number(rows[0]?.total ?? 0) };
  }
  const cap = rowCount(SEARCH_COUNT_CAP);
  const walked = sql`select ${searchFilter('l', leadSearchOf(f.search))} as hit from leads l
    where ${where(businessId, { ...f, search: undefined })} order by l.created_at desc, l.id desc`;
  const gathered = sql`select l.id, l.created_at from leads l where ${where(businessId, f)}`;
  // A two-character term that none of the walked leads holds is rare: its leads are found through the trigram index by
  // the term's neighbours ("h5" among 20,000 leads: 0.7 ms against 5 ms reading them all). A commoner one reads the
  // business's leads as before: the neighbours' trigrams of a term held by one lead in thirty cost more (8 ms).
  const neighbours = shortTermNeighbours(searchTerm(f.search), sql`l.search_text`);
  const matches = neighbours
    ? sql`(${gathered}${neighbours} and (select n from walk) = 0) union all (${gathered} and (select n from walk) > 0)`
    : gathered;
  const rows = await readRows<PageRow>(
    tx,
    sql`with ${cappedSearchCount(walked, matches, LEAD_SEARCH_WALK)}
      ${page(
        sql`(select m.id from m where (select counted from k) <= ${cap} order by m.created_at desc, m.id desc limit ${n} offset ${offset})
          union all
          (select l.id from leads l where (select counted from k) > ${cap} and ${where(businessId, f, searchFilter)}
            order by l.created_at desc, l.id desc limit ${n} offset ${offset})`,
        sql`select counted as total from k`,
      )}`,
  );
  return { leads: leadsOf(rows), ...cappedTotal(Number(rows[0]?.total ?? 0), SEARCH_COUNT_CAP) };
}

/** A lead's columns as the builder reads them; `createdAt` becomes the reply's ISO string. */
const leadFields = {
  id: leads.id,
  businessId: leads.businessId,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  source: leads.source,
  status: leads.status,
  referrerName: leads.referrerName,
  notes: leads.notes,
  createdAt: leads.createdAt,
};
const leadOf = (r: { createdAt: Date } & Omit<LeadRecord, 'createdAt'>): LeadRecord => ({ ...r, createdAt: r.createdAt.toISOString() });
const theLead = (businessId: number, id: number) => and(eq(leads.businessId, businessId), eq(leads.id, id));

export async function selectLead(tx: Tx, businessId: number, id: number): Promise<LeadRecord | null> {
  const [r] = await tx.select(leadFields).from(leads).where(theLead(businessId, id));
  return r ? leadOf(r) : null;
}

export async function insertManualLead(
  tx: Tx,
  businessId: number,
  lead: { name: string; email: string | null; phone: string | null; notes: string | null },
): Promise<LeadRecord> {
  const [r] = await tx
    .insert(leads)
    .values({ businessId, name: lead.name, email: lead.email, phone: lead.phone, source: 'manual', status: 'new', notes: lead.notes })
    .returning(leadFields);
  return leadOf(r);
}

export async function updateLeadStatus(tx: Tx, businessId: number, id: number, status: LeadStatus): Promise<LeadRecord | null> {
  const [r] = await tx.update(leads).set({ status, updatedAt: sql`now()` }).where(theLead(businessId, id)).returning(leadFields);
  return r ? leadOf(r) : null;
}

type StatsRow = { total: number; converted: number; referral: number; this_week: number; top: { name: string; count: number }[] };

/**
 * The business's lead figures and its top referrers in one statement, from the kept figures (lead_figures, and
 * lead_referrer_names: a referrer's leads are the sum of its names' rows, its name the greatest of them); "this week" (from Monday at 00:00 in the business's time
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
          from (select coalesce(max(nullif(x.name, '')), x.key) as name, sum(x.leads)::int as leads from lead_referrer_names x
            where x.business_id = ${businessId} group by x.key having sum(x.leads) > 0
            order by 2 desc, 1 limit ${topReferrers}) r) as top
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
  const [r] = await tx
    .insert(leadCommunications)
    .values({ businessId, leadId, type: c.type, direction: 'outbound', subject: c.subject, content: c.content, status: c.status })
    .returning({
      id: leadCommunications.id,
      leadId: leadCommunications.leadId,
      type: leadCommunications.type,
      direction: leadCommunications.direction,
      subject: leadCommunications.subject,
      content: leadCommunications.content,
      status: leadCommunications.status,
      sentAt: leadCommunications.sentAt,
    });
  return { ...r, sentAt: r.sentAt.toISOString() };
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
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.businessId, businessId), eq(leads.status, 'new'), gte(leads.createdAt, sql`now() - make_interval(days => ${days}::int)`)));
  return Number(r.n);
}

/** The text just stored for a lead belongs to its thread (docs/sms-inbox.md, "Leads"). */
export async function linkTextToLead(tx: Tx, businessId: number, messageId: number, leadId: number) {
  await tx
    .update(smsMessages)
    .set({ leadId })
    .where(and(eq(smsMessages.id, messageId), eq(smsMessages.businessId, businessId)));
}

/** The pending referral a lead came with: same business and referrer code, the friend's e-mail or phone (oldest claim first). */
export async function selectPendingReferralOfLead(tx: Tx, businessId: number, leadId: number): Promise<{ id: number; refereeName: string; referrerName: string | null } | null> {
  const [r] = rowsOf<Pick<typeof referrals.$inferSelect, 'id' | 'refereeName'> & Pick<typeof leads.$inferSelect, 'referrerName'>>(
    await tx.execute(sql`select r.id, r.referee_name as "refereeName", l.referrer_name as "referrerName" from leads l
      join referrals r on r.business_id = l.business_id and r.referrer_code = l.referrer_code and not r.converted
        and (lower(r.referee_email) = lower(l.email) or r.referee_phone = l.phone)
      where l.business_id = ${businessId} and l.id = ${leadId} and l.referrer_code is not null
      order by r.created_at, r.id limit 1`),
  );
  return r ?? null;
}

/** The business's e-mail, where a lead's reply to an e-mail goes. */
export async function selectSenderOf(tx: Tx, businessId: number): Promise<{ name: string; email: string | null } | null> {
  const [r] = await tx.select({ name: businesses.name, email: businesses.email }).from(businesses).where(eq(businesses.id, businessId));
  return r ?? null;
}
