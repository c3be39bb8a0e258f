import { describe, expect, it } from 'vitest';
import { countSegments, smsEncoding } from './sms-segments';

describe('countSegments', () => {
  it('counts nothing for an empty text', () => {
    expect(countSegments('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0, remaining: 160 });
  });

  it('fits 160 GSM-7 characters in one segment and splits at 153 past that', () => {
    expect(countSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, remaining: 0 });
    expect(countSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 145 });
    expect(countSegments('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts extension characters ({ } [ ] ~ ^ \\ | €) as two', () => {
    expect(countSegments('{referralLink}')).toMatchObject({ encoding: 'GSM-7', units: 16 });
    expect(countSegments('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
  });

  it('keeps GSM accents (é, ñ, Ä) in GSM-7', () => {
    expect(smsEncoding('Café ñ Ä £5 @home')).toBe('GSM-7');
  });

  it('switches the whole text to UCS-2 for one character outside GSM-7: 70, then 67 per segment', () => {
    expect(countSegments('a'.repeat(69) + 'ç')).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments('a'.repeat(70) + 'ç')).toMatchObject({ encoding: 'UCS-2', units: 71, segments: 2, perSegment: 67, remaining: 63 });
    expect(countSegments('Thanks “Maria”')).toMatchObject({ encoding: 'UCS-2' });
  });

  it('counts an emoji as two UTF-16 units', () => {
    expect(countSegments('🎉')).toMatchObject({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(countSegments('🎉'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
    expect(countSegments('🎉'.repeat(36))).toMatchObject({ units: 72, segments: 2 });
  });
});
