import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { searchTerm, substringPattern } from '../../db/like-pattern';

/**
 * A client search of one or two characters ("a", "ar") has no trigram to narrow it, so counting its matches
 * reads every client of the business (13,619 of 50,000 match "ar": 12–28 ms). Such counts are kept here, per
 * database, business and term, tagged with the business's `search_version`, which a trigger raises in the same
 * transaction as any change to a client's name or e-mail (migration 0027): a count is used only while that
 * version is unchanged, so it is always exact. Nothing is written on a read; each app instance keeps its own
 * counts (docs/read-model.md, "Short searches").
 */
export const SHORT_SEARCH_CHARACTERS = 2;
const MAX_KEPT_COUNTS = 10_000;

type KeptCount = { version: number; total: number };
const keptCounts = new WeakMap<object, Map<string, KeptCount>>();

/** The search's term when it is short (counted in characters, as PostgreSQL does), else null. */
export function shortSearchTerm(search: string): string | null {
  const term = searchTerm(search);
  return Array.from(term).length <= SHORT_SEARCH_CHARACTERS ? term : null;
}

function countsOf(tx: Tx): Map<string, KeptCount> {
  const holder = tx as object;
  let counts = keptCounts.get(holder);
  if (!counts) keptCounts.set(holder, (counts = new Map()));
  return counts;
}

/**
 * The number of clients whose name or e-mail contains `term`, and the business's client count. One small read
 * when the count is kept and still current; otherwise one statement that counts and reads the version together.
 */
export async function countShortSearch(tx: Tx, businessId: number, term: string): Promise<{ total: number; clients: number }> {
  const [figures] = await readRows<{ version: string | number; clients: number }>(
    tx,
    sql`select search_version as version, clients from business_figures where business_id = ${businessId}`,
  );
  if (!figures) return { total: 0, clients: 0 };
  const counts = countsOf(tx);
  const key = `${businessId}\n${term}`;
  const kept = counts.get(key);
  if (kept && kept.version === Number(figures.version)) return { total: kept.total, clients: Number(figures.clients) };

  const [counted] = await readRows<{ version: string | number; total: number }>(
    tx,
    sql`select f.search_version as version,
        (select count(*)::int from clients c where c.business_id = ${businessId} and c.search_text like ${substringPattern(term)}) as total
      from business_figures f where f.business_id = ${businessId}`,
  );
  if (!counted) return { total: 0, clients: 0 };
  counts.delete(key);
  if (counts.size >= MAX_KEPT_COUNTS) counts.delete(counts.keys().next().value as string);
  counts.set(key, { version: Number(counted.version), total: Number(counted.total) });
  return { total: Number(counted.total), clients: Number(figures.clients) };
}

/** The ids of one page of a short search, walking the sort's index and keeping the rows that match. */
export function shortSearchPageIds(businessId: number, term: string, order: SQL, limit: number, offset: number): SQL {
  // `offset 0` keeps the match out of the index walk: left to itself, PostgreSQL may pick the trigram index,
  // which for a term this short reads all of it.
  return sql`
    select w.id from (
      select c.id, c.search_text from clients c where c.business_id = ${businessId} order by ${order} offset 0
    ) w where w.search_text like ${substringPattern(term)} limit ${limit} offset ${offset}`;
}

/**
 * Walking the sort's index reads about (offset + limit) × clients / matches rows. Up to this many that beats
 * reading every client's search text and sorting the matches; past it (a deep page of a rare term) the general
 * path is used.
 */
export const SHORT_SEARCH_WALK_ROWS = 10_000;
