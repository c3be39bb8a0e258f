// Reads the first sheet of an uploaded spreadsheet in a worker thread, so a hostile or huge file never
// blocks the server's event loop (spreadsheet.ts starts it with memory limits and a time limit).
// Plain JavaScript: it runs as-is under node, tsx and vitest alike.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';

const { maxInflatedBytes, maxCells } = workerData;

class Refusal extends Error {}

/** A zip (xlsx) is refused when its entries, really inflated, exceed the cap; every entry is inflated to check. */
function checkZip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(new Refusal('not-a-table'));
      let total = 0;
      const fail = (e) => {
        zip.close?.();
        reject(e);
      };
      zip.on('error', () => fail(new Refusal('not-a-table')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry) => {
        // declared sizes first (cheap); the inflation below holds the entry to its declared size
        total += entry.uncompressedSize;
        if (total > maxInflatedBytes) return fail(new Refusal('too-large'));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return fail(new Refusal('not-a-table'));
          stream.on('data', () => {});
          stream.on('error', (e) => fail(new Refusal(/too many bytes/i.test(String(e?.message)) ? 'too-large' : 'not-a-table')));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

async function read(buffer) {
  const isZip = buffer[0] === 0x50 && buffer[1] === 0x4b;
  if (isZip) await checkZip(buffer);
  let book;
  try {
    book = XLSX.read(buffer, { type: 'buffer', cellDates: false, dense: true, sheets: 0 });
  } catch {
    throw new Refusal('not-a-table');
  }
  const sheetName = book.SheetNames[0];
  if (!sheetName) return [];
  const sheet = book.Sheets[sheetName];
  let cells = 0;
  for (const row of sheet['!data'] ?? []) cells += row ? row.length : 0;
  if (cells > maxCells) throw new Refusal('too-many-cells');
  const rows = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return rows.map((r) => r.map((cell) => (typeof cell === 'string' ? cell.trim() : cell)));
}

read(Buffer.from(workerData.buffer)).then(
  (rows) => parentPort.postMessage({ rows }),
  (error) => parentPort.postMessage({ refusal: error instanceof Refusal ? error.message : 'not-a-table' }),
);
