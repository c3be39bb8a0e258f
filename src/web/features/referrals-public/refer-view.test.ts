import { describe, expect, it } from 'vitest';
import { rewardAmount } from '../../../shared/sms-template';
import { offerLines } from './refer-view';

const referral = { referrerName: 'Alice M.', businessId: 1, businessName: 'Sparkle', referralDiscount: '$25', referrerReward: '$25', serviceWord: 'cleaning' };

describe('the offer', () => {
  it('an amount reads "off your first cleaning", with the referrer\'s reward the owner set', () => {
    expect(offerLines(referral)).toEqual({ main: '$25 off your first cleaning', sub: 'and Alice M. gets $25 off too when you book.' });
    expect(offerLines({ ...referral, referralDiscount: ' 10% ', serviceWord: 'service' }).main).toBe('10% off your first service');
    for (const preset of ['$25 off', '$25 off for both', '$25 OFF'])
      expect(offerLines({ ...referral, referralDiscount: preset, referrerReward: preset })).toEqual({ main: '$25 off your first cleaning', sub: 'and Alice M. gets $25 off too when you book.' });
    expect(offerLines({ ...referral, referrerReward: '$10 gift card' }).sub).toBe('and Alice M. gets a $10 gift card too when you book.');
    expect(offerLines({ ...referral, referralDiscount: 'Coffee off the menu' }).main).toBe('Coffee off the menu');
  });

  it('promises the referrer nothing when the owner set no referrer reward', () => {
    expect(offerLines({ ...referral, referrerReward: null })).toEqual({ main: '$25 off your first cleaning', sub: null });
    expect(offerLines({ ...referral, referralDiscount: 'A free add-on service', referrerReward: null })).toEqual({
      main: 'A free add-on service',
      sub: 'for your first cleaning.',
    });
  });

  it('a reward in words is shown as it is', () => {
    expect(offerLines({ ...referral, referralDiscount: 'A free add-on service', referrerReward: 'A free add-on service' })).toEqual({
      main: 'A free add-on service',
      sub: 'for your first cleaning, and Alice M. gets a free add-on service too when you book.',
    });
  });

  it.each([
    ['$25', '$25'],
    ['25', '$25'],
    ['$12.50', '$12.50'],
    ['15%', '15%'],
    ['£10', '£10'],
    ['$25 off for both', '$25'],
    ['$10 gift card', null],
    ['Free add-on service', null],
    ['', null],
  ])('%s is the amount %s', (text, amount) => expect(rewardAmount(text)).toBe(amount));
});
