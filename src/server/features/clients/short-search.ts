import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { keptFindings } from '../../db/kept-findings';
import { readRows, rowCount } from '../../db/read-rows';
import { searchTerm, substringMatch } from '../../db/like-pattern';
import { intArray } from '../../db/sql-values';

/**
 * A client search of one or two characters ("a", "ar") has no trigram to narrow it, so finding its matches
 * reads every client of the business (13,619 of 50,000 match "ar": 12–28 ms). What such a search matched is
 * kept (db/kept-findings.ts) per business and term, tagged with the business's `search_version`, which a
 * trigger raises in the same transaction as any change to a client's name or e-mail (migration 0027). Kept:
 * the number of matches, the business's client count then, and for a rare term the matching clients' ids
 * (which clients match depends only on the search texts; their order is read anew). Docs: read-model.md,
 * "Short searches".
 */
export const SHORT_SEARCH_CHARACTERS = 2;
/** A term with at most this many matches keeps their ids. */
export const SHORT_SEARCH_KEPT_IDS = 500;
/**
 * Walking the sort's index reads about (offset + limit) × clients / matches rows. Up to this many that beats
 * reading every client's search text and sorting the matches; past it (a deep page of a term with more
 * matches than are kept) the general path is used.
 */
export const SHORT_SEARCH_WALK_ROWS = 10_000;

export type ShortSearchMatches = { version: number; total: number; clients: number; ids: Int32Array | null };
const kept = keptFindings<ShortSearchMatches>(5_000);
const keyOf = (businessId: number, term: string) => `${businessId}\n${term}`;

/** The search's term when it is short (counted in characters, as PostgreSQL does), else null. */
export function shortSearchTerm(search: string): string | null {
  const term = searchTerm(search);
  return Array.from(term).length <= SHORT_SEARCH_CHARACTERS ? term : null;
}

/** What was kept for this term, to be checked against the version read with the page. */
export const keptShortSearch = (tx: Tx, businessId: number, term: string) => kept.get(tx, keyOf(businessId, term));

/** Finds what `term` matches among the business's clients, with the version it is found under, and keeps it. */
export async function findShortSearch(tx: Tx, businessId: number, term: string): Promise<ShortSearchMatches> {
  const [row] = await readRows<{ version: string | number; clients: number; total: number; ids: number[] | null }>(
    tx,
    sql`select f.search_version as version, f.clients, m.total, case when m.total <= ${SHORT_SEARCH_KEPT_IDS} then m.ids end as ids
      from business_figures f, (
        select count(*)::int as total, json_agg(c.id) as ids from clients c
        where c.business_id = ${businessId} and ${substringMatch(sql`c.search_text`, term)}
      ) m
      where f.business_id = ${businessId}`,
  );
  if (!row) return { version: 0, total: 0, clients: 0, ids: null };
  const found = { version: Number(row.version), total: Number(row.total), clients: Number(row.clients), ids: row.ids ? Int32Array.from(row.ids) : null };
  kept.keep(tx, keyOf(businessId, term), found);
  return found;
}

/**
 * The ids of one page of a short search, or null when the general path should serve it: a rare term's kept
 * matches, read and sorted; a common term's walk of the sort's index, keeping the rows that match.
 */
export function shortSearchPageIds(businessId: number, term: string, found: ShortSearchMatches, order: SQL, limit: number, offset: number): SQL | null {
  if (found.ids) {
    return sql`select c.id from clients c where c.business_id = ${businessId} and c.id = any(${intArray(found.ids)})
      order by ${order} limit ${rowCount(limit)} offset ${offset}`;
  }
  if (((offset + limit) * found.clients) / found.total > SHORT_SEARCH_WALK_ROWS) return null;
  // `offset 0` keeps the match out of the index walk: left to itself, PostgreSQL may pick the trigram index,
  // which for a term this short reads all of it.
  return sql`
    select w.id from (
      select c.id, c.search_text from clients c where c.business_id = ${businessId} order by ${order} offset 0
    ) w where ${substringMatch(sql`w.search_text`, term)} limit ${rowCount(limit)} offset ${offset}`;
}
