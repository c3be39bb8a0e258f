import { describe, expect, it } from 'vitest';
import { avatarGradient, formatCurrency, formatDate, formatFrequency, formatPhone, formatTimeAgo, initials, timeAgoAfter, loyaltyPercent } from './format';
import { loyaltyBand } from './loyalty';

describe('display rules', () => {
  it('formats currency in en-US dollars, $0.00 when empty', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency('99.9')).toBe('$99.90');
    expect(formatCurrency(null)).toBe('$0.00');
    expect(formatCurrency('junk')).toBe('$0.00');
  });
  it('formats dates as short month, day, year, N/A when empty', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });
  it('labels frequencies', () => {
    expect([1, 7, 14, 30, 21, null].map(formatFrequency)).toEqual(['Daily', 'Weekly', 'Bi-weekly', 'Monthly', 'Every 21 days', 'N/A']);
  });
  it('labels time ago', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatTimeAgo('2026-03-10T11:59:30Z', now)).toBe('Just now');
    expect(formatTimeAgo('2026-03-10T11:15:00Z', now)).toBe('45m ago');
    expect(formatTimeAgo('2026-03-10T07:00:00Z', now)).toBe('5h ago');
    expect(formatTimeAgo('2026-03-07T12:00:00Z', now)).toBe('3d ago');
    expect(formatTimeAgo('2026-02-01T12:00:00Z', now)).toBe('Feb 1, 2026');
  });
  it('writes a time ago after a word mid-sentence: just now in lower case, dates as they are', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(timeAgoAfter('Thanked', '2026-03-10T11:59:30Z', now)).toBe('Thanked just now');
    expect(timeAgoAfter('Reminded', '2026-03-07T12:00:00Z', now)).toBe('Reminded 3d ago');
    expect(timeAgoAfter('converted', '2026-02-01T12:00:00Z', now)).toBe('converted Feb 1, 2026');
  });
  it('shows +1 numbers as (xxx) xxx-xxxx', () => {
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+447700900123')).toBe('+447700900123');
  });
  it('makes initials, avatar colours and loyalty bands', () => {
    expect(initials('maria del carmen')).toBe('MD');
    expect(avatarGradient('Anna')).toBe(avatarGradient('Alice'));
    expect([7, 6.9, 4, 3.9].map(loyaltyBand)).toEqual(['high', 'medium', 'medium', 'low']);
    expect([0, 3.3, 12].map(loyaltyPercent)).toEqual([5, 33, 100]);
  });
});
