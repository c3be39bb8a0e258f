import { describe, expect, it } from 'vitest';
import { periodLabel, statusLabel, truncate } from './text';

describe('truncate', () => {
  it('keeps a text of 60 characters or fewer whole', () => {
    const sixty = 'x'.repeat(60);
    expect(truncate(sixty)).toEqual({ text: sixty, truncated: false });
    expect(truncate('')).toEqual({ text: '', truncated: false });
  });

  it('cuts at 60 characters with an ellipsis', () => {
    const long = `${'a'.repeat(60)}bcd`;
    expect(truncate(long)).toEqual({ text: `${'a'.repeat(60)}…`, truncated: true });
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = `${'😀'.repeat(61)}`;
    const cut = truncate(text);
    expect(cut.truncated).toBe(true);
    expect(Array.from(cut.text)).toHaveLength(61);
    expect(cut.text.endsWith('😀…')).toBe(true);
  });

  it('drops the spaces at the cut', () => {
    expect(truncate(`${'a'.repeat(58)}   tail`).text).toBe(`${'a'.repeat(58)}…`);
  });
});

describe('statusLabel', () => {
  const out = (status: string) => statusLabel({ direction: 'outbound', status, isRead: true });
  it('names outbound statuses as the spec does, anything else Unknown', () => {
    expect(out('sent')).toBe('Sent');
    expect(out('delivered')).toBe('Delivered');
    expect(out('failed')).toBe('Failed');
    expect(out('undelivered')).toBe('Failed');
    expect(out('queued')).toBe('Unknown');
  });
  it('names inbound texts Unread or Read', () => {
    expect(statusLabel({ direction: 'inbound', status: 'received', isRead: false })).toBe('Unread');
    expect(statusLabel({ direction: 'inbound', status: 'received', isRead: true })).toBe('Read');
  });
});

describe('periodLabel', () => {
  it('says 24 hours for one day', () => {
    expect(periodLabel(1)).toBe('Last 24 hours');
    expect(periodLabel(30)).toBe('Last 30 days');
  });
});
