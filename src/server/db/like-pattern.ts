import { type SQL, sql } from 'drizzle-orm';

/**
 * The text a substring search looks for: lower case, line breaks as spaces. The kept search texts
 * (`clients.search_text`, `leads.search_text`) hold one searched column per line, so a term without a line
 * break matches one of them and never runs from one column into the next.
 */
export function searchTerm(search: string): string {
  return search.toLowerCase().replace(/[\r\n]/g, ' ');
}

/** A `like` pattern for a substring search (`searchTerm`), with `%`, `_` and `\` taken literally. */
export function substringPattern(search: string): string {
  return `%${searchTerm(search).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A substring search on a lower-case text column. A term of 3 characters or more is a `like`, which the
 * column's trigram index serves. A shorter one has no trigram to narrow it: the index would be read whole,
 * so it is a `strpos`, which no index serves. The two are different statement texts, so each keeps a plan of
 * its own: the dashboard's reads plan once for any value (db/read-rows.ts), and a `like` planned without its
 * pattern takes the trigram index even for "ar", which is slower than scanning.
 */
export function substringMatch(column: SQL, search: string): SQL {
  const term = searchTerm(search);
  return Array.from(term).length >= 3 ? sql`${column} like ${substringPattern(search)}` : sql`strpos(${column}, ${term}) > 0`;
}

/**
 * A `like` pattern for the phone digits a search holds, matched against a stored E.164 number, or null with
 * fewer than 3 digits. A leading 1 before ten digits (the US country code typed out) is dropped, so the
 * number matches with or without it.
 */
export function phoneDigitsPattern(search: string): string | null {
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? `%${digits.replace(/^1(?=\d{10}$)/, '')}%` : null;
}
