import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { searchTerm, substringPattern } from '../../db/like-pattern';

/**
 * A client search of one or two characters ("a", "ar") has no trigram to narrow it, so finding its matches
 * reads every client of the business (13,619 of 50,000 match "ar": 12–28 ms). What such a search matched is
 * kept here, per database, business and term, tagged with the business's `search_version`, which a trigger
 * raises in the same transaction as any change to a client's name or e-mail (migration 0027): it is used only
 * while that version is unchanged, so it is always exact. Kept: the number of matches and, for a rare term,
 * the matching clients' ids (which clients match depends only on the search texts; their order is read anew).
 * Nothing is written on a read; each app instance keeps its own (docs/read-model.md, "Short searches").
 */
export const SHORT_SEARCH_CHARACTERS = 2;
/** A term with at most this many matches keeps their ids. */
export const SHORT_SEARCH_KEPT_IDS = 500;
const MAX_KEPT = 5_000;

export type ShortSearchMatches = { version: number; total: number; ids: Int32Array | null };
const kept = new WeakMap<object, Map<string, ShortSearchMatches>>();

/** The search's term when it is short (counted in characters, as PostgreSQL does), else null. */
export function shortSearchTerm(search: string): string | null {
  const term = searchTerm(search);
  return Array.from(term).length <= SHORT_SEARCH_CHARACTERS ? term : null;
}

function keptOf(tx: Tx): Map<string, ShortSearchMatches> {
  const holder = tx as object;
  let entries = kept.get(holder);
  if (!entries) kept.set(holder, (entries = new Map()));
  return entries;
}

/**
 * What `term` matches among the business's clients, and the business's client count. One small read when it
 * is kept and still current; otherwise one statement that finds the matches and reads the version with them.
 */
export async function shortSearchMatches(tx: Tx, businessId: number, term: string): Promise<ShortSearchMatches & { clients: number }> {
  const [figures] = await readRows<{ version: string | number; clients: number }>(
    tx,
    sql`select search_version as version, clients from business_figures where business_id = ${businessId}`,
  );
  if (!figures) return { version: 0, total: 0, ids: null, clients: 0 };
  const clients = Number(figures.clients);
  const entries = keptOf(tx);
  const key = `${businessId}\n${term}`;
  const found = entries.get(key);
  if (found && found.version === Number(figures.version)) return { ...found, clients };

  const [row] = await readRows<{ version: string | number; total: number; ids: number[] | null }>(
    tx,
    sql`select f.search_version as version, m.total, case when m.total <= ${SHORT_SEARCH_KEPT_IDS} then m.ids end as ids
      from business_figures f, (
        select count(*)::int as total, json_agg(c.id) as ids from clients c
        where c.business_id = ${businessId} and c.search_text like ${substringPattern(term)}
      ) m
      where f.business_id = ${businessId}`,
  );
  if (!row) return { version: 0, total: 0, ids: null, clients };
  const matches: ShortSearchMatches = { version: Number(row.version), total: Number(row.total), ids: row.ids ? Int32Array.from(row.ids) : null };
  entries.delete(key);
  if (entries.size >= MAX_KEPT) entries.delete(entries.keys().next().value as string);
  entries.set(key, matches);
  return { ...matches, clients };
}

/** The ids of one page of a short search, walking the sort's index and keeping the rows that match. */
export function shortSearchWalk(businessId: number, term: string, order: SQL, limit: number, offset: number): SQL {
  // `offset 0` keeps the match out of the index walk: left to itself, PostgreSQL may pick the trigram index,
  // which for a term this short reads all of it.
  return sql`
    select w.id from (
      select c.id, c.search_text from clients c where c.business_id = ${businessId} order by ${order} offset 0
    ) w where w.search_text like ${substringPattern(term)} limit ${limit} offset ${offset}`;
}

/** The ids of one page of a rare short search: its kept matches, read and sorted. */
export function shortSearchKeptIds(businessId: number, ids: Int32Array, order: SQL, limit: number, offset: number): SQL {
  return sql`
    select c.id from clients c
    where c.business_id = ${businessId} and c.id = any(${`{${ids.join(',')}}`}::int[])
    order by ${order} limit ${limit} offset ${offset}`;
}

/**
 * Walking the sort's index reads about (offset + limit) × clients / matches rows. Up to this many that beats
 * reading every client's search text and sorting the matches; past it (a deep page of a term with more
 * matches than are kept) the general path is used.
 */
export const SHORT_SEARCH_WALK_ROWS = 10_000;
