import { describe, expect, it } from 'vitest';
import { CUT_MIN_BYTES, cutOf, secondPart } from './csv-cut';

const header = 'Client Name,Client Email,Service Date\n';
const fileOf = (rows: number) => Buffer.from(header + Array.from({ length: rows }, (_, i) => `Client ${i},c${i}@example.com,2024-03-01\n`).join(''));

describe('cutting a CSV file in two', () => {
  it('cuts after the first line break past the middle of what the first reader has not been sent', () => {
    const file = fileOf(60_000);
    expect(file.length).toBeGreaterThan(2 * CUT_MIN_BYTES);
    const cut = cutOf(file, 0)!;
    expect(cut.headerEnd).toBe(header.length);
    expect(file[cut.at - 1]).toBe(0x0a);
    expect(cut.at).toBeGreaterThan(file.length / 2);
    expect(file.subarray(file.length >> 1, cut.at - 1).includes(0x0a)).toBe(false);
    const later = cutOf(file, 1_000_000)!;
    expect(later.at).toBeGreaterThan(1_000_000 + (file.length - 1_000_000) / 2);
    expect(secondPart(file, cut).toString()).toBe(header + file.subarray(cut.at).toString());
  });

  it('cuts a file whose lines end in CR LF after a CR LF, never after a line feed alone', () => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `Client ${i},c${i}@example.com,"2024-03-01${i === 30_000 ? '\nnote' : ''}"`);
    const file = Buffer.from(`${header.trimEnd()}\r\n${lines.join('\r\n')}\r\n`);
    const cut = cutOf(file, 0)!;
    expect(cut.headerEnd).toBe(header.length + 1);
    expect(file.subarray(cut.at - 2, cut.at).toString()).toBe('\r\n');
    expect(cut.at).toBeGreaterThan(file.length / 2);
  });

  it('leaves a small rest, a file of one line and a blank first line to one reader', () => {
    const file = fileOf(60_000);
    expect(cutOf(fileOf(1_000), 0)).toBeNull();
    expect(cutOf(file, file.length - CUT_MIN_BYTES + 1)).toBeNull();
    expect(cutOf(Buffer.alloc(2 * CUT_MIN_BYTES, 'a'), 0)).toBeNull();
    expect(cutOf(Buffer.concat([Buffer.from(',,,\n'), file]), 0)).toBeNull();
    expect(cutOf(Buffer.concat([Buffer.from(' \n'), file]), 0)).toBeNull();
    expect(cutOf(Buffer.concat([Buffer.from('"Client Name",Email\n'), file]), 0)).toBeNull();
  });
});
