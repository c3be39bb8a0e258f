import { describe, expect, it } from 'vitest';
import { isAmount, offerLines } from './refer-view';

const referral = { referrerName: 'Alice M.', businessId: 1, businessName: 'Sparkle', referralDiscount: '$25', serviceWord: 'cleaning' };

describe('the offer', () => {
  it('an amount reads "off your first cleaning", the referrer getting the same', () => {
    expect(offerLines(referral)).toEqual({ main: '$25 off your first cleaning', sub: 'and Alice M. gets $25 off too when you book.' });
    expect(offerLines({ ...referral, referralDiscount: ' 10% ', serviceWord: 'service' }).main).toBe('10% off your first service');
    for (const preset of ['$25 off', '$25 off for both', '$25 OFF'])
      expect(offerLines({ ...referral, referralDiscount: preset })).toEqual({ main: '$25 off your first cleaning', sub: 'and Alice M. gets $25 off too when you book.' });
    expect(offerLines({ ...referral, referralDiscount: 'Coffee off the menu' }).main).toBe('Coffee off the menu');
  });

  it('a reward in words is shown as it is', () => {
    expect(offerLines({ ...referral, referralDiscount: 'A free add-on service' })).toEqual({
      main: 'A free add-on service',
      sub: 'for your first cleaning, and Alice M. gets one too when you book.',
    });
  });

  it.each([
    ['$25', true],
    ['25', true],
    ['$12.50', true],
    ['15%', true],
    ['£10', true],
    ['$10 gift card', false],
    ['Free add-on service', false],
    ['', false],
  ])('%s is an amount: %s', (text, amount) => expect(isAmount(text)).toBe(amount));
});
