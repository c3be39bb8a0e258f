// The one definition of "a public https URL" (docs/input-rules.md "Links"): every link the app stores and then
// shows, texts or hands on (the website, the Google review link) passes it. A host is a public domain name:
// never an address (in any notation the URL parser reads as one), never a name that only resolves inside a
// network, never with a user name, a password or a port.

export const MAX_PUBLIC_URL_LENGTH = 500;

/**
 * Top-level names that never resolve on the public internet: reserved by RFC 2606/6761/8375/9476 (localhost,
 * test, invalid, example, home.arpa, alt, onion, local), and the ones networks use inside (internal, lan, ...).
 */
const PRIVATE_TOP_LEVEL = new Set([
  'localhost', 'localdomain', 'local', 'internal', 'intranet', 'private', 'lan', 'home', 'corp', 'test', 'invalid',
  'example', 'arpa', 'onion', 'alt',
]);

/** A DNS label: 1-63 letters, digits or hyphens, not starting or ending with a hyphen. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** The last label: letters only (2+), as every public top-level domain, or an internationalised one (xn--). */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/**
 * What may not appear anywhere in the link as typed: white space, control and format characters (zero-width
 * spaces, direction marks) and the backslash (the URL parser reads `\` as `/`, so `https://evil.com\@good.com`
 * shows good.com and opens evil.com).
 */
const FORBIDDEN = /[\s\p{Cc}\p{Cf}\\]/u;

/** A public host name as the URL parser leaves it (lower case, IDN as xn--): see the file's header. */
export function isPublicHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  const top = labels.at(-1)!;
  return TOP_LEVEL.test(top) && !PRIVATE_TOP_LEVEL.has(top);
}

/**
 * `https://` and a public host name, nothing between them (no user name or password), no port, at most 500
 * characters, nothing invisible. The host is checked as typed and as parsed: an address written as a number
 * (`https://2130706433`), in hex or octal (`https://0x7f.0.0.1`) or in brackets (`https://[::1]`) parses to an
 * address, whose last part is digits or has a colon, so it is never a host name.
 */
export function isPublicHttpsUrl(value: string): boolean {
  if (value.length > MAX_PUBLIC_URL_LENGTH || FORBIDDEN.test(value)) return false;
  const typed = /^https:\/\/([^/?#]*)/i.exec(value);
  // The authority as typed: a host only (no `@` user info, no `:` port or IPv6, no `%` escapes, no `[`).
  if (!typed || /[@:%[\]]/.test(typed[1])) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && url.port === '' && isPublicHostName(url.hostname);
}
