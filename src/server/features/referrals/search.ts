import { type SQL, sql } from 'drizzle-orm';
import { phoneDigitsPattern, searchTerm, substringMatch } from '../../db/like-pattern';

// The Referral Tracker's search (docs/referrals.md, "Search"): the friend's name and e-mail and the code
// (search_text), the referrer's name, and with at least 3 digits typed the friend's phone. `r` is referrals.

/** The clients whose name holds the term: the referrers a search names (the clients' trigram index). */
const referrers = (businessId: number, search: string) => sql`select m.id from clients m where m.business_id = ${businessId}
  and ${substringMatch(sql`m.search_text`, search)} and ${substringMatch(sql`lower(m.name)`, search)}`;

/**
 * The same referrer match for one referral (`r`), looked up by its id: for walks, which read a few dozen referrals,
 * where the set above reads every client the term names first ("ar": 13,619 of 50,000, 17 ms). A scalar subquery:
 * written as `exists`, PostgreSQL planned it as that set again.
 */
const referrerNamed = (businessId: number, search: string) => sql`coalesce((select strpos(lower(m.name), ${searchTerm(search)}) > 0
  from clients m where m.id = r.referrer_client_id and m.business_id = ${businessId}), false)`;

/**
 * The matching referrals (`columns` of each), each part through its own index: search_text's trigram index, the
 * referrer's clients then referrals_business_referrer_idx, the phone's trigram index. Each part leaves out the
 * rows of the parts before it, so the parts add up without a union's de-duplication (which reads every match
 * before the first row) and a `limit` over them stops early. One `where` with `or` had no index to serve it: every
 * referral of the business was read and matched.
 */
export function searchMatches(businessId: number, search: string, columns: SQL, status: SQL): SQL {
  const from = sql`select ${columns} from referrals r where r.business_id = ${businessId}${status}`;
  const text = substringMatch(sql`r.search_text`, search);
  const referrer = sql`r.referrer_client_id in (${referrers(businessId, search)})`;
  const digits = phoneDigitsPattern(search);
  const phone = digits
    ? sql` union all ${from} and r.referee_phone like ${digits} and not ${text} and not coalesce(${referrer}, false)`
    : sql``;
  return sql`${from} and ${text} union all ${from} and ${referrer} and not ${text}${phone}`;
}

/** The friend's text part of the match (search_text), written so that no index serves it: for walks. */
export const textFilter = (search: string): SQL => sql`strpos(r.search_text, ${searchTerm(search)}) > 0`;

/**
 * The same match as one condition no index serves (`strpos`, the referrer looked up by its id: referrerNamed): for a
 * walk of a sort's index that filters as it goes, planned as that walk.
 */
export function searchFilter(businessId: number, search: string): SQL {
  const digits = phoneDigitsPattern(search);
  const phone = digits ? sql` or strpos(r.referee_phone, ${digits.slice(1, -1)}) > 0` : sql``;
  return sql`(${textFilter(search)} or ${referrerNamed(businessId, search)}${phone})`;
}
