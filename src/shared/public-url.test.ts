import { describe, expect, it } from 'vitest';
import { isPublicHostName, isPublicHttpsUrl } from './public-url';

// docs/input-rules.md "Links": the one definition of a public https URL.

describe('isPublicHttpsUrl', () => {
  it.each([
    'https://www.example.com',
    'https://sparkle.example.co.uk/about?x=1',
    'https://xn--bcher-kva.de',
    'https://bücher.de/shop',
    'https://EXAMPLE.COM/Path#top',
    'https://my-site.example.com/a/b?c=d&e=f',
    'https://g.page/r/CabcXYZ123/review',
    'https://a.b.c.d.example.org',
    'https://x.xn--p1ai',
    'https://0x7f.0.0.1.com',
    'https://123.example.com',
  ])('takes %s', (url) => expect(isPublicHttpsUrl(url)).toBe(true));

  // 31 forms that read like a link but name no public web site (each was checked against the previous rule,
  // "a public host name with a dot (no localhost)": 17 of them passed it).
  it.each([
    // IP addresses in every notation the URL parser reads
    'https://127.0.0.1',
    'https://10.0.0.1',
    'https://192.168.1.1/',
    'https://172.16.0.1',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1',
    'https://8.8.8.8',
    'https://0x7f.0.0.1',
    'https://0x7f000001',
    'https://2130706433',
    'https://0177.0.0.1',
    'https://127.1',
    'https://[::1]',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]',
    // host names that are no public domain
    'https://-.-',
    'https://a..com',
    'https://-example.com',
    'https://example-.com',
    'https://example.c',
    'https://example.123',
    'https://localhost',
    'https://localhost.localdomain',
    'https://printer.local',
    'https://db.internal',
    'https://router.lan',
    'https://site.test',
    'https://www.example',
    'https://x.home.arpa',
    `https://${'a'.repeat(64)}.com`,
    // what shows one host and opens another, or carries more than a host
    'https://evil.com\\@good.com',
  ])('refuses %s', (url) => expect(isPublicHttpsUrl(url)).toBe(false));

  it.each([
    'http://www.example.com',
    'www.example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'https://user:pw@example.com',
    'https://user@example.com',
    'https://@example.com',
    'https://example.com:8443/',
    'https://example.com:443/',
    'https://exa%6Dple.com',
    'https://exa mple.com',
    ' https://example.com',
    'https://example.com/a\tb',
    'https://goo\u200bgle.com',
    'https://example.com/\u202etxt.exe',
    'https://example.com\\path',
    'https://example.com/\u0000',
    'https://example.com./',
    `https://example.com/${'x'.repeat(500)}`,
    'https://',
    'https:example.com',
  ])('refuses %j', (url) => expect(isPublicHttpsUrl(url)).toBe(false));
});

describe('isPublicHostName', () => {
  it('takes a 253-character name and refuses a longer one', () => {
    const name = `${'abcdefghi.'.repeat(25)}com`;
    expect(name).toHaveLength(253);
    expect(isPublicHostName(name)).toBe(true);
    expect(isPublicHostName(`a${name}`)).toBe(false);
  });
});
