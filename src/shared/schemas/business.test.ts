import { describe, expect, it } from 'vitest';
import { businessProfileUpdateSchema, GOOGLE_REVIEW_LINK_PREFIXES, isGoogleReviewLink, isSupportedTimeZone, supportedTimeZones } from './business';

// The Settings rules both the forms and the server apply (docs/settings.md).

describe('isGoogleReviewLink', () => {
  it.each([
    'https://g.page/r/CabcXYZ123/review',
    'https://g.page/sparkle-clean',
    'https://g.page/sparkle-clean/review?rc',
    'https://www.google.com/maps/place/Sparkle/@30.2,-97.7,15z',
    'https://search.google.com/local/writereview?placeid=ChIJ',
    'HTTPS://G.Page/r/abc',
  ])('takes %s', (link) => expect(isGoogleReviewLink(link)).toBe(true));

  it.each([
    ...GOOGLE_REVIEW_LINK_PREFIXES, // a prefix alone names no business
    'http://g.page/r/abc',
    'https://g.page.example.com/r/abc',
    'https://example.com/https://g.page/r/abc',
    'https://user@g.page/r/abc',
    'https://g.page:8443/r/abc',
    'https://maps.google.com/place/x',
    'https://www.google.com/search?q=sparkle',
    'https://g.page/r/a b',
    ` https://g.page/r/abc`,
    `https://g.page/r/${'x'.repeat(500)}`,
    '',
  ])('refuses %j', (link) => expect(isGoogleReviewLink(link)).toBe(false));
});

describe('time zones', () => {
  it('lists the IANA zones with UTC, and knows nothing else', () => {
    const zones = supportedTimeZones();
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect(zones.length).toBeGreaterThan(300);
    expect(isSupportedTimeZone('Europe/Berlin')).toBe(true);
    expect(isSupportedTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isSupportedTimeZone('america/new_york')).toBe(false);
  });
});

describe('businessProfileUpdateSchema', () => {
  it('trims, keeps an absent website and time zone absent, and turns an empty website into null', () => {
    expect(businessProfileUpdateSchema.parse({ name: ' Sparkle ', email: ' a@example.com ' })).toEqual({ name: 'Sparkle', email: 'a@example.com' });
    expect(businessProfileUpdateSchema.parse({ name: 'S', email: 'a@example.com', websiteUrl: '' })).toMatchObject({ websiteUrl: null });
  });
});
