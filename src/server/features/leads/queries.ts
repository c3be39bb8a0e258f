import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import type { Lead, LeadCommunication, LeadSource, LeadStatus } from '../../../shared/schemas/leads';

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

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function where(businessId: number, f: LeadFilters): SQL {
  const parts: SQL[] = [sql`l.business_id = ${businessId}`];
  if (f.status !== 'all') parts.push(sql`l.status = ${f.status}`);
  if (f.source !== 'all') parts.push(sql`l.source = ${f.source}`);
  if (f.search) {
    const p = likePattern(f.search);
    const digits = f.search.replace(/\D/g, '');
    // Phone digits match the stored E.164 (with or without the leading 1) once at least 3 are typed.
    const phone = digits.length >= 3 ? sql` or l.phone like ${`%${digits.replace(/^1(?=\d{10}$)/, '')}%`}` : sql``;
    parts.push(sql`(lower(l.name) like ${p} or lower(l.email) like ${p} or lower(l.referrer_name) like ${p}${phone})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * A page of leads, newest first, and how many match, in one statement: the count and the page both walk
 * the business's index for the filter (leads_business_{status,source}_created_idx, or _created_idx).
 */
export async function selectLeadPage(tx: Tx, businessId: number, f: LeadFilters, limit: number, offset: number): Promise<{ leads: Lead[]; total: number }> {
  const w = where(businessId, f);
  if (f.search) {
    // The matches are found once through the trigram indexes (drizzle/0020_leads_search_trgm.sql), then
    // counted, ordered and cut, and only the page's rows are read. Materialised: left to itself PostgreSQL
    // walks the created_at index under the window and filters every lead (as it did for clients:
    // docs/benchmarks.md, 24 November).
    const rows = rowsOf<LeadRow & { total: number }>(
      await tx.execute(sql`with m as materialized (select l.id, l.created_at from leads l where ${w}),
        ids as (select m.id, count(*) over ()::int as total from m order by m.created_at desc, m.id desc limit ${limit} offset ${offset})
        select ${LEAD_COLUMNS}, ids.total from ids join leads l on l.id = ids.id and l.business_id = ${businessId}
        order by l.created_at desc, l.id desc`),
    );
    if (rows.length > 0) return { total: Number(rows[0].total), leads: rows.map(toLead) };
    // Paged past its end (or nothing matches): no row carries the count.
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from leads l where ${w}`));
    return { total: Number(count.n), leads: [] };
  }
  const rows = rowsOf<Partial<LeadRow> & { total: number }>(
    await tx.execute(sql`select t.total, p.* from (select count(*)::int as total from leads l where ${w}) t
      left join lateral (select ${LEAD_COLUMNS} from leads l where ${w} order by l.created_at desc, l.id desc limit ${limit} offset ${offset}) p on true
      order by p.created_at desc, p.id desc`),
  );
  return { total: Number(rows[0]?.total ?? 0), leads: rows.filter((r) => r.id != null).map((r) => toLead(r as LeadRow)) };
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

type StatsRow = { total: number; converted: number; referral: number; this_week: number };

/**
 * The business's lead figures in one pass over its leads. "This week" starts on Monday at 00:00 in the
 * business's time zone.
 */
export async function selectLeadCounts(tx: Tx, businessId: number): Promise<{ total: number; converted: number; referral: number; thisWeek: number }> {
  const [r] = rowsOf<StatsRow>(
    await tx.execute(sql`with bz as (
        select (date_trunc('week', now() at time zone b.time_zone) at time zone b.time_zone) as week_start from businesses b where b.id = ${businessId}
      )
      select count(*)::int as total,
        count(*) filter (where l.status = 'converted')::int as converted,
        count(*) filter (where l.source = 'referral')::int as referral,
        count(*) filter (where l.created_at >= (select week_start from bz))::int as this_week
      from leads l where l.business_id = ${businessId}`),
  );
  return { total: Number(r.total), converted: Number(r.converted), referral: Number(r.referral), thisWeek: Number(r.this_week) };
}

/**
 * Who brought in the most leads: leads naming a referrer, grouped by the referrer's code (or, without one,
 * the name), most first. The name shown is the one the leads carry (the code when none does).
 */
export async function selectTopLeadReferrers(tx: Tx, businessId: number, limit: number): Promise<{ name: string; count: number }[]> {
  const rows = rowsOf<{ name: string; n: number }>(
    await tx.execute(sql`select coalesce(max(x.referrer_name), max(x.referrer_code)) as name, count(*)::int as n
      from (select l.referrer_code, nullif(trim(l.referrer_name), '') as referrer_name,
              coalesce(l.referrer_code, lower(nullif(trim(l.referrer_name), ''))) as k
            from leads l where l.business_id = ${businessId} and (l.referrer_code is not null or nullif(trim(l.referrer_name), '') is not null)) x
      group by x.k
      order by n desc, name asc
      limit ${limit}`),
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
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

/** The lead's newest communications first; null when the business has no such lead. */
export async function selectCommunications(tx: Tx, businessId: number, leadId: number, limit: number): Promise<LeadCommunication[] | null> {
  const rows = rowsOf<Partial<CommunicationRow> & { found: boolean }>(
    await tx.execute(sql`select true as found, c.* from (select 1 from leads l where l.business_id = ${businessId} and l.id = ${leadId}) l
      left join lateral (select ${COMMUNICATION_COLUMNS} from lead_communications c
        where c.business_id = ${businessId} and c.lead_id = ${leadId}
        order by c.sent_at desc, c.id desc limit ${limit}) c on true
      order by c.sent_at desc, c.id desc`),
  );
  if (rows.length === 0) return null;
  return rows.filter((r) => r.id != null).map((r) => toCommunication(r as CommunicationRow));
}

/** The business's e-mail, where a lead's reply to an e-mail goes. */
export async function selectSenderOf(tx: Tx, businessId: number): Promise<{ name: string; email: string | null } | null> {
  const [r] = rowsOf<{ name: string; email: string | null }>(await tx.execute(sql`select b.name, b.email from businesses b where b.id = ${businessId}`));
  return r ?? null;
}
