import { describe, expect, it } from 'vitest';
import { isActive, NAV_ITEMS } from './nav-items';
import { readCount } from './use-nav-counts';

describe('readCount', () => {
  it('reads a number, a list or { count }', () => {
    expect(readCount(4)).toBe(4);
    expect(readCount([{}, {}, {}])).toBe(3);
    expect(readCount({ count: 7 })).toBe(7);
    expect(readCount({ count: '2' })).toBe(2);
  });

  it('answers 0 for any other shape', () => {
    for (const body of [null, undefined, 'x', {}, { clients: [] }, { count: 'many' }, Number.NaN, -3]) {
      expect(readCount(body)).toBe(0);
    }
  });
});

describe('isActive', () => {
  const item = (label: string) => NAV_ITEMS.find((i) => i.label === label)!;

  it('highlights an item on each of its paths', () => {
    expect(isActive(item('Leads'), '/')).toBe(true);
    expect(isActive(item('Leads'), '/leads/')).toBe(true);
    expect(isActive(item('Activity'), '/dashboard')).toBe(true);
    expect(isActive(item('Clients'), '/dashboard')).toBe(false);
    expect(isActive(item('SMS Management'), '/sms')).toBe(true);
    expect(isActive(item('Leads'), '/clients')).toBe(false);
  });

  it('labels every item alike on both menus but SMS, renamed on the phone', () => {
    expect(NAV_ITEMS.filter((i) => i.mobileLabel).map((i) => i.label)).toEqual(['SMS Management']);
    expect(item('SMS Management').mobileLabel).toBe('SMS Outreach');
  });
});
