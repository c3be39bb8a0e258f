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
 * A `like` pattern for the phone digits a search holds, matched against a stored E.164 number, or null with
 * fewer than 3 digits. A leading 1 before ten digits (the US country code typed out) is dropped, so the
 * number matches with or without it.
 */
export function phoneDigitsPattern(search: string): string | null {
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? `%${digits.replace(/^1(?=\d{10}$)/, '')}%` : null;
}
