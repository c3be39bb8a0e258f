import { type SQL, sql } from 'drizzle-orm';
import { phoneDigitsPattern, searchTerm, substringMatch, substringPattern } from '../../db/like-pattern';

/** What a search looks for: its pattern on search_text and, once it has three digits, on the phone. */
export type LeadSearch = { search: string; text: string; phone: string | null };

export function leadSearchOf(search: string): LeadSearch {
  return { search, text: substringPattern(search), phone: phoneDigitsPattern(search) };
}

/** The search's match on rows of `leads` named `alias`, served by the trigram indexes (3 characters or more). */
export function searchMatch(alias: string, s: LeadSearch): SQL {
  const a = sql.raw(alias);
  // search_text is the name, e-mail and referrer in lower case, one per line (one trigram index instead of three).
  const text = substringMatch(sql`${a}.search_text`, s.search);
  return s.phone === null ? sql`(${text})` : sql`(${text} or ${a}.phone like ${s.phone})`;
}

/**
 * The same match as searchMatch, written so that no index can serve it (`strpos`): a statement that walks the
 * newest-first index and filters as it goes is then planned as that walk, never as a read of every match.
 */
export function searchFilter(alias: string, s: LeadSearch): SQL {
  const a = sql.raw(alias);
  const text = sql`strpos(${a}.search_text, ${searchTerm(s.search)}) > 0`;
  return s.phone === null ? sql`(${text})` : sql`(${text} or strpos(${a}.phone, ${s.phone.slice(1, -1)}) > 0)`;
}
