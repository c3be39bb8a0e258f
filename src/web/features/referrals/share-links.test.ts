import { describe, expect, it } from 'vitest';
import { hostedReferralLink, websiteReferralLink } from './share-links';

describe('share links', () => {
  it('hosted link is /ref/{code} on the app', () => {
    expect(hostedReferralLink('https://app.example.com', 'OLIVIA-7K2')).toBe('https://app.example.com/ref/OLIVIA-7K2');
    expect(hostedReferralLink('https://app.example.com/', 'A B')).toBe('https://app.example.com/ref/A%20B');
  });

  it('website link adds ?ref= and keeps the rest of the address', () => {
    expect(websiteReferralLink('https://sparkle.com', 'OLIVIA-7K2')).toBe('https://sparkle.com/?ref=OLIVIA-7K2');
    expect(websiteReferralLink('sparkle.com/book', 'X1')).toBe('https://sparkle.com/book?ref=X1');
    expect(websiteReferralLink('http://sparkle.com/?utm=sms#top', 'X1')).toBe('http://sparkle.com/?utm=sms&ref=X1#top');
    expect(websiteReferralLink('https://sparkle.com/?ref=OLD', 'NEW')).toBe('https://sparkle.com/?ref=NEW');
  });

  it('no website, or one that is not a web address, gives no link', () => {
    expect(websiteReferralLink(null, 'X1')).toBeNull();
    expect(websiteReferralLink('   ', 'X1')).toBeNull();
    expect(websiteReferralLink('javascript:alert(1)', 'X1')).toBeNull();
    expect(websiteReferralLink('ftp://sparkle.com', 'X1')).toBeNull();
    expect(websiteReferralLink('http://', 'X1')).toBeNull();
  });
});
