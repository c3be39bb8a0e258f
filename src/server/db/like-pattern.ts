/**
 * A `like` pattern for a substring search, in lower case, with `%`, `_` and `\` taken literally. Line breaks
 * become spaces: the kept search texts (`clients.search_text`, `leads.search_text`) hold one searched column
 * per line, so a pattern without a line break matches one of them and never runs from one column into the next.
 */
export function substringPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\r\n]/g, ' ').replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
