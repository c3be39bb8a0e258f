import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone';

describe('normalizePhone (one rule for every stored phone)', () => {
  it('takes the accepted formats, 555 numbers included, to E.164', () => {
    for (const raw of ['(555) 123-4567', '+1-555-123-4567', '5551234567', '555.123.4567', '1 555 123 4567']) {
      expect(normalizePhone(raw)).toBe('+15551234567');
    }
  });
  it('keeps other countries with a leading +', () => {
    expect(normalizePhone('+44 7700 900123')).toBe('+447700900123');
  });
  it('refuses what cannot be dialled', () => {
    for (const raw of ['', '   ', 'call me', '12345', '(123) 456-7890', null, undefined]) expect(normalizePhone(raw)).toBeNull();
  });
});
