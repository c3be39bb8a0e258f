import { describe, expect, it } from 'vitest';
import { lastSentDate, lastSentLabel } from './last-sent';

const now = new Date(2026, 10, 23, 15, 0, 0);
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const DAY = 86_400_000;

describe('lastSentLabel', () => {
  it('is nothing when the client was never thanked or gifted', () => {
    expect(lastSentLabel('Thanked', null, now)).toBeNull();
    expect(lastSentLabel('Gifted', null, now)).toBeNull();
  });

  it("uses the spec's time-ago labels, then the date from 7 days on", () => {
    expect(lastSentLabel('Thanked', before(20_000), now)).toBe('Thanked just now');
    expect(lastSentLabel('Thanked', before(5 * MIN), now)).toBe('Thanked 5m ago');
    expect(lastSentLabel('Gifted', before(3 * 60 * MIN), now)).toBe('Gifted 3h ago');
    expect(lastSentLabel('Thanked', before(3 * DAY), now)).toBe('Thanked 3d ago');
    expect(lastSentLabel('Gifted', before(6 * DAY + 23 * 60 * MIN), now)).toBe('Gifted 6d ago');
    expect(lastSentLabel('Gifted', new Date(2026, 10, 2, 9, 30).toISOString(), now)).toBe('Gifted Nov 2, 2026');
  });

  it('says just now for a time slightly ahead of this clock (server clock ahead)', () => {
    expect(lastSentLabel('Thanked', new Date(now.getTime() + 30_000).toISOString(), now)).toBe('Thanked just now');
  });
});

describe('lastSentDate', () => {
  it('is Never when null, the date with the time ago under 7 days, then the date alone', () => {
    expect(lastSentDate(null, now)).toBe('Never');
    expect(lastSentDate(before(2 * 60 * MIN), now)).toBe('Nov 23, 2026 · 2h ago');
    expect(lastSentDate(new Date(2026, 10, 2, 9, 30).toISOString(), now)).toBe('Nov 2, 2026');
  });
});
