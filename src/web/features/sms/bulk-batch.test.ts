import { describe, expect, it } from 'vitest';
import { currentNumber, doneCount, finishedToast, nextAtLabel, onlyHeld, pickBatch, retryableIds, waitLine, zoneName, type BulkBatch } from './bulk-batch';

const batch = (over: Partial<BulkBatch>): BulkBatch => ({
  id: 1,
  message: 'Hi {clientName}!',
  createdAt: '2026-11-23T18:00:00.000Z',
  total: 3,
  queued: 0,
  held: 0,
  sending: 0,
  sent: 3,
  waits: [],
  failed: 0,
  skipped: 0,
  nextAt: null,
  finished: true,
  problems: [],
  ...over,
});

describe('pickBatch', () => {
  it('takes the newest batch still going out, before a newer finished one', () => {
    const batches = [batch({ id: 9 }), batch({ id: 7, finished: false, queued: 2 }), batch({ id: 5, finished: false, queued: 1 })];
    expect(pickBatch(batches, null)).toBe(7);
  });

  it('otherwise the newest batch, unless it (or a newer one) was dismissed', () => {
    const batches = [batch({ id: 4 }), batch({ id: 6 })];
    expect(pickBatch(batches, null)).toBe(6);
    expect(pickBatch(batches, 6)).toBeNull();
    expect(pickBatch(batches, 5)).toBe(6);
    expect(pickBatch([], null)).toBeNull();
  });
});

describe('progress', () => {
  it('counts sent, failed and skipped as done and names the text going out now', () => {
    const b = batch({ total: 10, sent: 2, failed: 1, skipped: 1, queued: 6, finished: false });
    expect(doneCount(b)).toBe(4);
    expect(currentNumber(b)).toBe(5);
    expect(currentNumber(batch({}))).toBe(3);
  });

  it('a batch whose every waiting text waits for quiet hours is only held', () => {
    expect(onlyHeld(batch({ finished: false, queued: 2, held: 2 }))).toBe(true);
    expect(onlyHeld(batch({ finished: false, queued: 2, held: 1 }))).toBe(false);
    expect(onlyHeld(batch({ finished: false, queued: 2, held: 2, sending: 1 }))).toBe(false);
    expect(onlyHeld(batch({}))).toBe(false);
  });
});

describe('finishedToast', () => {
  it('says sent successfully only when every text was sent', () => {
    expect(finishedToast(batch({}))).toEqual({ ok: true, title: 'Messages sent successfully', description: 'Sent to 3 clients.' });
    expect(finishedToast(batch({ total: 1, sent: 1 })).description).toBe('Sent to 1 client.');
  });

  it('otherwise Failed to send messages with the counts and the first reason', () => {
    const t = finishedToast(
      batch({
        sent: 1,
        failed: 1,
        skipped: 1,
        problems: [
          { clientId: 2, name: 'Liam Reed', status: 'failed', reason: 'The provider refused it.' },
          { clientId: 3, name: 'Ava Stone', status: 'skipped', reason: 'Opted out of texts (replied STOP).' },
        ],
      }),
    );
    expect(t).toEqual({ ok: false, title: 'Failed to send messages', description: '1 sent, 1 failed, 1 skipped: Liam Reed: The provider refused it.' });
    expect(finishedToast(batch({ sent: 2, failed: 1 })).description).toBe('2 sent, 1 failed');
  });
});

describe('nextAtLabel', () => {
  it('shows the time alone today and the day with it otherwise, in local time', () => {
    const now = new Date(2026, 10, 23, 15, 0);
    expect(nextAtLabel(new Date(2026, 10, 23, 16, 5).toISOString(), now)).toBe('4:05 PM');
    expect(nextAtLabel(new Date(2026, 10, 24, 8, 0).toISOString(), now)).toBe('Tue Nov 24, 8:00 AM');
  });
});

describe('retryableIds', () => {
  it('keeps the failed clients for another try, not the skipped ones', () => {
    const b = batch({
      problems: [
        { clientId: 2, name: 'Liam Reed', status: 'failed', reason: 'x' },
        { clientId: 3, name: 'Ava Stone', status: 'skipped', reason: 'y' },
        { clientId: null, name: 'A deleted client', status: 'failed', reason: 'z' },
      ],
    });
    expect(retryableIds(b)).toEqual([2]);
  });
});

describe('texts waiting for their window, per zone', () => {
  const now = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 Eastern
  it('says how many wait and until when in the recipients’ own time and zone', () => {
    expect(waitLine({ count: 412, at: '2026-11-23T16:00:00.000Z', timeZone: 'America/Los_Angeles' }, now)).toBe('412 wait for 8:00 am Pacific');
    expect(waitLine({ count: 300, at: '2026-11-23T15:00:00.000Z', timeZone: 'America/Denver' }, now)).toBe('300 wait for 8:00 am Mountain');
    expect(waitLine({ count: 1, at: '2026-11-23T18:00:00.000Z', timeZone: 'Pacific/Honolulu' }, now)).toBe('1 waits for 8:00 am Hawaii');
    expect(waitLine({ count: 5, at: '2026-11-24T13:00:00.000Z', timeZone: 'America/New_York' }, now)).toBe('5 wait for 8:00 am Eastern tomorrow');
    expect(waitLine({ count: 2, at: '2026-11-29T18:00:00.000Z', timeZone: 'America/Chicago' }, now)).toBe('2 wait for 12:00 pm Central on Sun, Nov 29');
    expect(waitLine({ count: 3, at: '2026-11-23T16:00:00.000Z', timeZone: null }, now)).toMatch(/^3 wait until /);
  });

  it('names zones as owners say them', () => {
    expect(['America/Phoenix', 'America/Anchorage', 'America/Puerto_Rico', 'Not/A_Zone'].map((z) => zoneName(z))).toEqual(['Arizona', 'Alaska', 'Atlantic', 'A Zone']);
  });
});
