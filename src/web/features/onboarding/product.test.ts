import { describe, expect, it } from 'vitest';
import { setupProduct } from './product';
import { initialReward } from './reward';

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
  it('starts at $20 unless the owner saved a reward of their own', () => {
    expect(initialReward('$25')).toBe('$20');
    expect(initialReward('')).toBe('$20');
    expect(initialReward('$10 gift card')).toBe('$10 gift card');
  });
});
