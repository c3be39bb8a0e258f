import { describe, expect, it } from 'vitest';
import { countSegments } from './segments';

describe('countSegments', () => {
  it('counts GSM-7 texts as 160 in one, 153 per part', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(countSegments('a'.repeat(160)).segments).toBe(1);
    expect(countSegments('a'.repeat(161)).segments).toBe(2);
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts an extended character twice', () => {
    expect(countSegments('€').units).toBe(2);
    expect(countSegments('[' + 'a'.repeat(159)).segments).toBe(2);
  });

  it('counts UCS-2 texts as 70 in one, 67 per part', () => {
    expect(countSegments('Thanks 😊').encoding).toBe('UCS-2');
    expect(countSegments('é'.repeat(10) + 'ł'.repeat(60)).segments).toBe(1);
    expect(countSegments('ł'.repeat(71)).segments).toBe(2);
    expect(countSegments('ł'.repeat(135)).segments).toBe(3);
  });
});
