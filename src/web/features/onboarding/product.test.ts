import { describe, expect, it } from 'vitest';
import { setupProduct } from './product';
import { initialReward, isOwnReward } from './reward';

describe('setupProduct (/setup-{product}, docs/setup-guide.md)', () => {
  it('opens the data step on the Zapier tab for zapier', () => {
    expect(setupProduct('zapier', 'cleaning')).toEqual({ toolSlug: undefined, zapier: true, openAtStep: 2, businessTypeLabel: 'Cleaning Services' });
  });

  it('opens the data step with a booking tool chosen, in any case', () => {
    expect(setupProduct('Housecall-Pro', null)).toMatchObject({ toolSlug: 'housecall-pro', zapier: false, openAtStep: 2 });
    expect(setupProduct('jobber', null)).toMatchObject({ toolSlug: 'jobber', openAtStep: 2 });
  });

  it('names a business type and keeps the saved step', () => {
    expect(setupProduct('pool-cleaning', 'cleaning')).toEqual({ toolSlug: undefined, zapier: false, openAtStep: undefined, businessTypeLabel: 'Pool Cleaning' });
  });

  it('treats anything else as /setup (the business type from the account, "other" and "Another tool" named nowhere)', () => {
    expect(setupProduct('nonsense', 'landscaping')).toEqual({ toolSlug: undefined, zapier: false, openAtStep: undefined, businessTypeLabel: 'Landscaping' });
    expect(setupProduct(undefined, 'other')).toEqual({ toolSlug: undefined, zapier: false, openAtStep: undefined, businessTypeLabel: undefined });
    expect(setupProduct('other', null)).toMatchObject({ toolSlug: undefined, openAtStep: undefined });
  });
});

describe('initialReward', () => {
  it('shows what is saved, so Continue saves what it shows', () => {
    expect(initialReward('$25')).toBe('$25');
    expect(initialReward('')).toBe('$25');
    expect(initialReward('A $10 gift card')).toBe('A $10 gift card');
    expect(isOwnReward('$25')).toBe(false);
    expect(isOwnReward('A $10 gift card')).toBe(true);
  });
});
