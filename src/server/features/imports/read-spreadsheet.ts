import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { refuse, SPREADSHEET_LIMITS } from './spreadsheet';

// Runs in the parse worker (parse-job.ts): the main thread never loads the spreadsheet library.

/** A zip (xlsx) is refused when its entries, really inflated, exceed the cap; every entry is inflated to check. */
function checkZip(buffer: Buffer, maxInflatedBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(refuse('not-a-table'));
      let total = 0;
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      zip.on('error', () => fail(refuse('not-a-table')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        // declared sizes first (cheap); the inflation below holds the entry to its declared size
        total += entry.uncompressedSize;
        if (total > maxInflatedBytes) return fail(refuse('too-large'));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return fail(refuse('not-a-table'));
          stream.on('data', () => {});
          stream.on('error', (e) => fail(refuse(/too many bytes/i.test(String(e?.message)) ? 'too-large' : 'not-a-table')));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * The first sheet's rows (header first), string cells trimmed; an .xlsx is checked for its real inflated
 * size before it is parsed, and a sheet over the cell cap is refused.
 */
export async function readSpreadsheet(buffer: Buffer, limits = SPREADSHEET_LIMITS): Promise<unknown[][]> {
  const isZip = buffer[0] === 0x50 && buffer[1] === 0x4b;
  if (isZip) await checkZip(buffer, limits.maxInflatedBytes);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(buffer, { type: 'buffer', cellDates: false, dense: true, sheets: 0 });
  } catch {
    throw refuse('not-a-table');
  }
  const sheetName = book.SheetNames[0];
  if (!sheetName) return [];
  const sheet = book.Sheets[sheetName];
  let cells = 0;
  for (const row of sheet['!data'] ?? []) cells += row ? row.length : 0;
  if (cells > limits.maxCells) throw refuse('too-many-cells');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return rows.map((r) => r.map((cell) => (typeof cell === 'string' ? cell.trim() : cell)));
}
