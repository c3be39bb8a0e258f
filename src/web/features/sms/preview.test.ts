import { describe, expect, it } from 'vitest';
import { firstName, referralLink, renderPreview } from './preview';

describe('renderPreview', () => {
  it('fills every known placeholder and leaves other braces as written', () => {
    const { text, missing } = renderPreview('Hi {clientName}! {businessName}: {referralDiscount} off at {referralLink} ({referralCode}) {other}', {
      clientName: 'Maria',
      businessName: 'Sparkle',
      referralDiscount: '$25',
      referralLink: 'https://x.test/refer?code=AB12',
      referralCode: 'AB12',
    });
    expect(text).toBe('Hi Maria! Sparkle: $25 off at https://x.test/refer?code=AB12 (AB12) {other}');
    expect(missing).toEqual([]);
  });

  it('lists the placeholders without a value, reviewLink as the alias it is', () => {
    expect(renderPreview('Review us: {googleReviewLink} {reviewLink}', { googleReviewLink: '' }).missing).toEqual(['{googleReviewLink}', '{reviewLink}']);
  });
});

describe('firstName and referralLink', () => {
  it('greet by first name and link to /refer?code=', () => {
    expect(firstName('  Maria  Lopez ')).toBe('Maria');
    expect(referralLink('https://app.test/', 'A B')).toBe('https://app.test/refer?code=A%20B');
  });
});
