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
