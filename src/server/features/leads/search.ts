import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { keptFindings } from '../../db/kept-findings';
import { phoneDigitsPattern, substringMatch, substringPattern } from '../../db/like-pattern';

/**
 * A lead search's match count is kept here, per database, business and search, tagged with the business's
 * lead search version (lead_search_versions, migration 0031): a trigger sets it to a fresh value of a sequence
 * in the same transaction as any statement that changes the leads' search texts, phones, statuses, sources or
 * number, so the count is used only while it still describes the leads (docs/leads.md, "Search"). Kept: the
 * matches and all leads of each status and source, so every filter's total and its share of matches come from
 * one count, and a rare search's matching ids (db/kept-findings.ts).
 */
export type SearchCounts = { version: string; matches: Map<string, number>; leads: Map<string, number>; ids: Int32Array | null };

/**
 * A search with at most this many matches keeps their ids: a page reads those leads again, checks they all still
 * match and sorts them. Under the same version the number of matches is the same, so when all kept ids still
 * match they are all the matches.
 */
export const SEARCH_KEPT_IDS = 100;

const kept = keptFindings<SearchCounts>(5_000);
export const keepCounts = (tx: Tx, key: string, counts: SearchCounts): void => kept.keep(tx, key, counts);
export const keptCounts = (tx: Tx, key: string): SearchCounts | undefined => kept.get(tx, key);

/** What a search looks for: its pattern on search_text and, once it has three digits, on the phone. */
export type LeadSearch = { search: string; text: string; phone: string | null };

export function leadSearchOf(search: string): LeadSearch {
  return { search, text: substringPattern(search), phone: phoneDigitsPattern(search) };
}

export const searchKey = (businessId: number, s: LeadSearch) => `${businessId}\n${s.text}\n${s.phone ?? ''}`;

/** The search's match on rows of `leads` (or of a walk over them) named `alias`. */
export function searchMatch(alias: string, s: LeadSearch): SQL {
  const a = sql.raw(alias);
  // search_text is the name, e-mail and referrer in lower case, one per line (one trigram index instead of three).
  const text = substringMatch(sql`${a}.search_text`, s.search);
  return s.phone === null ? sql`(${text})` : sql`(${text} or ${a}.phone like ${s.phone})`;
}

/** The business's lead search version as text ('0' before its first lead was written). */
export const searchVersion = (businessId: number) =>
  sql`coalesce((select s.version from lead_search_versions s where s.business_id = ${businessId}), 0)::text`;

type Filter = { status: string; source: string };
const splitKey = (status: string, source: string) => `${status}\n${source}`;

/** [[status, source, n], ...] as read by the count's statement. */
export function splitOf(rows: [string, string, number][]): Map<string, number> {
  const m = new Map<string, number>();
  for (const [status, source, n] of rows) m.set(splitKey(status, source), (m.get(splitKey(status, source)) ?? 0) + Number(n));
  return m;
}

/** The filter's share of a split. */
export function countOf(split: Map<string, number>, f: Filter): number {
  let n = 0;
  for (const [k, v] of split) {
    const [status, source] = k.split('\n');
    if ((f.status === 'all' || status === f.status) && (f.source === 'all' || source === f.source)) n += v;
  }
  return n;
}

/**
 * How a page of a kept count is read: nothing (past the end, or no match), from the kept ids, as the filter's page without a
 * search when every lead of the filter matches (the leads were counted with the matches), by walking the filter's
 * created_at index and stopping after the page (matches are common enough that few rows are read: about
 * (offset + limit) × leads / matches), or from all matches through the trigram index.
 */
export type SearchPlan = { kind: 'none' } | { kind: 'ids'; ids: Int32Array } | { kind: 'every' } | { kind: 'walk'; rows: number } | { kind: 'matches' };

export function searchPlan(counts: SearchCounts, f: Filter, limit: number, offset: number): SearchPlan {
  const matches = countOf(counts.matches, f);
  if (offset >= matches) return { kind: 'none' };
  if (counts.ids) return { kind: 'ids', ids: counts.ids };
  const leads = countOf(counts.leads, f);
  if (matches === leads) return { kind: 'every' };
  const expected = Math.ceil(((offset + limit) * leads) / matches);
  // A walk reads rows in created_at order, the matches' path every match; each costs about one heap row.
  // The walk may read twice what it expects (matches bunched deeper) before the other path takes over.
  return expected <= matches ? { kind: 'walk', rows: 2 * expected + 100 } : { kind: 'matches' };
}
