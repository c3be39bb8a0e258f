import { describe, expect, it } from 'vitest';
import { spreadsheetCsv } from './csv-export';

describe('spreadsheetCsv', () => {
  it('writes a byte-order mark, CRLF rows, quoted cells and empty cells for null', () => {
    expect(spreadsheetCsv(['Name', 'Note'], [['Ann', 'says "hi", then\nleaves'], [null, undefined], [7, '']])).toBe(
      '\uFEFFName,Note\r\nAnn,"says ""hi"", then\nleaves"\r\n,\r\n7,\r\n',
    );
  });

  it('prefixes an apostrophe to a cell a spreadsheet would run as a formula, numbers too', () => {
    expect(spreadsheetCsv(['A', 'B', 'C', 'D', 'E'], [['=1+1', '+1', '@SUM(A1)', -5, 'a=b']])).toBe(
      "\uFEFFA,B,C,D,E\r\n'=1+1,'+1,'@SUM(A1),'-5,a=b\r\n",
    );
  });
});
