import { type SQL, sql } from 'drizzle-orm';
import { searchTerm } from './like-pattern';
import { rowCount } from './read-rows';

/**
 * A search of one or two characters has no trigram to narrow it, so counting its matches reads every row of the
 * business. Its count stops at this many matches (or at the end of the asked page, if that is further): the
 * list then answers that figure with `totalIsCapped`, and says "1,000+" (docs/read-model.md "Short searches").
 */
export const SHORT_SEARCH_COUNT_CAP = 1000;

export const isShortSearch = (search: string): boolean => Array.from(searchTerm(search)).length < 3;

/**
 * Where a short search's count stops: the cap, or the end of the asked page when that lies past it, so that a
 * capped count always means at least one match after the page (the list can offer the next page).
 */
export const countStopOf = (offset: number, limit: number, cap = SHORT_SEARCH_COUNT_CAP): number => Math.max(cap, offset + limit);

/** The total a list answers from `counted` matches, counted up to `stop + 1`. */
export function cappedTotal(counted: number, stop: number): { total: number; totalIsCapped?: true } {
  return counted > stop ? { total: stop, totalIsCapped: true } : { total: counted };
}

/**
 * The rows a search of 3 characters or more walks before its term is taken as not common (walkedCount): a term
 * must be held by five in six of them to reach the count's stop there (an e-mail domain every client or friend
 * has), and a term that is not common pays about 200 rows before the trigram index is read.
 */
const SEARCH_WALK = 1200;

/**
 * How many of the first `walk` rows of `rows` match, counted up to `cap + 1`. `rows` reads in its own order (an
 * index's), each row with a boolean `hit` (a match written with `strpos`, which no index serves, so the read is
 * planned as a walk). The walk stops once it has found `cap + 1` matches or can no longer find them in `walk` rows:
 * a running count of the misses is a window that PostgreSQL stops at its run condition, so a term that is not
 * common costs about `walk - cap` rows, and one every row holds `cap + 1`.
 */
function walkedCount(rows: SQL, walk = SEARCH_WALK, cap = SHORT_SEARCH_COUNT_CAP): SQL {
  return sql`select count(*) as n from (select 1 from (
      select w.hit, count(*) filter (where not w.hit) over (rows unbounded preceding) as misses
      from (select * from (${rows}) w limit ${rowCount(walk)}) w
    ) w where w.misses < ${rowCount(walk - cap)} and w.hit limit ${rowCount(cap + 1)}) w`;
}

/**
 * The CTEs a capped search of 3 characters or more reads its count through: `walk` (walkedCount of `walked`), `m`
 * (`matches`, gathered through the trigram indexes up to `cap + 1` only when the walk did not reach the cap) and
 * `k` (`counted`: the walk's count or the gathered one, whichever is larger; over `cap`, the total is capped).
 * The caller cuts its page from `m` when `counted` is within the cap, and walks its sort's index otherwise.
 * `matches` may read `(select n from walk)`: the Lead Inbox gathers a two-character term none of the walked rows
 * holds by another index than a commoner one.
 */
export function cappedSearchCount(walked: SQL, matches: SQL, walk = SEARCH_WALK, cap = SHORT_SEARCH_COUNT_CAP): SQL {
  return sql`walk as materialized (${walkedCount(walked, walk, cap)}),
    m as materialized (select * from (${matches}) m where (select n from walk) <= ${rowCount(cap)} limit ${rowCount(cap + 1)}),
    k as materialized (select greatest((select n from walk), (select count(*) from m))::int as counted)`;
}

/**
 * For a term of two ASCII letters or digits, a condition on a search text (`column`: the clients' or the leads'
 * `search_text`) that every row matching the term meets and that the trigram index serves: the term with an ASCII
 * character before or after it (four classes, so pg_trgm can enumerate the trigrams), or a search text holding a
 * non-ASCII character (a partial index of those rows: clients_business_non_ascii_idx, leads_business_non_ascii_idx).
 * Every match meets it: a search text always holds a line break, so an occurrence has a neighbour, which is either
 * ASCII or a non-ASCII character of the text. Null for other terms (their rows are read, as before).
 */
export function shortTermNeighbours(term: string, column: SQL): SQL | null {
  if (!/^[a-z0-9]{2}$/.test(term)) return null;
  const word = '[a-z0-9]';
  const other = String.raw`[\x01-\x2f\x3a-\x60\x7b-\x7f]`;
  const pattern = `${word}${term}|${other}${term}|${term}${word}|${term}${other}`;
  return sql` and (${column} ~ ${pattern} or ${column} ~ '[^\\x01-\\x7f]')`;
}
