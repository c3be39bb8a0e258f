import { searchTerm } from './like-pattern';

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
