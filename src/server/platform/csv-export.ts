import { stringify } from 'csv-stringify/sync';

/**
 * A CSV file an owner downloads and opens in a spreadsheet: a UTF-8 byte-order mark (so Excel reads UTF-8),
 * CRLF line ends, a cell quoted when it holds a comma, a quote or a line break, and a cell a spreadsheet would
 * run as a formula (leading = + - @, tab or carriage return) prefixed with an apostrophe (CSV injection).
 * Each value is written as its text (`String(value)`, a number's minus sign guarded like any other); null and
 * undefined are empty cells.
 */
export function spreadsheetCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const records = [headers, ...rows].map((row) => row.map((value) => (value == null ? null : String(value))));
  return stringify(records, { bom: true, record_delimiter: 'windows', escape_formulas: true });
}
