import { describe, expect, it } from 'vitest';
import { CUT_MIN_BYTES } from './csv-cut';
import { collectRows, finishRows } from './import-rows';
import { parseUpload, parsing } from './read-file';
import { csvTable } from './read-table';

// A large CSV file that arrives at once is read by two workers (read-file.ts, csv-cut.ts): whatever the file, the
// answer is the one a single reader gives.

const rules = { latestServiceDate: '2025-12-31', keepCancelled: true };
const HEADER = 'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type';

/** Rows of many kinds: errors, warnings, cancellations, skipped statuses and phone-only clients, all the way through. */
function rowOf(i: number): string {
  if (i % 997 === 0) return `Bad Date ${i},bad${i}@example.com,,13/45/2024,$10,Completed,Clean`;
  if (i % 1009 === 0) return `Odd Phone ${i},odd${i}@example.com,12,2024-03-01,$10,Completed,Clean`;
  if (i % 101 === 0) return `Gone ${i},c${i % 3000}@example.com,,2024-03-01,$10,Cancelled,Clean`;
  if (i % 103 === 0) return `Later ${i},c${i % 3000}@example.com,,2024-03-01,$10,Scheduled,Clean`;
  if (i % 7 === 0) return `Phone Only ${i % 3000},,(555) 200-${String(i % 3000).padStart(4, '0')},2024-03-${String(1 + (i % 28)).padStart(2, '0')},$80,Completed,Clean`;
  return `"Client ${i % 3000}, Jr",c${i % 3000}@example.com,,2024-${String(1 + (i % 12)).padStart(2, '0')}-01,"$${100 + (i % 50)}.50",Completed,Deep Clean`;
}
const fileOf = (rows: string[]) => Buffer.from(`${HEADER}\n${rows.join('\n')}\n`);

async function* arrivingAtOnce(file: Buffer) {
  yield file;
}

async function oneReader(file: Buffer) {
  return finishRows([await collectRows(csvTable(arrivingAtOnce(file)), rules)]);
}

describe('a large CSV file read in two parts', () => {
  it('answers what one reader answers, rows numbered in the whole file', async () => {
    const file = fileOf(Array.from({ length: 40_000 }, (_, i) => rowOf(i + 1)));
    expect(file.length).toBeGreaterThan(2 * CUT_MIN_BYTES);
    const joined = parsing.joinedParts;
    const rows = await parseUpload(arrivingAtOnce(file), rules);
    expect(parsing.joinedParts).toBe(joined + 1);
    expect(rows).toEqual(await oneReader(file));
    // an error row of the second half keeps its own number (the header is row 1)
    expect(rows.errors).toContain('Row 39881: invalid service date "13/45/2024" (use YYYY-MM-DD or MM/DD/YYYY)');
    expect(rows.cancelled.length).toBeGreaterThan(300);
  });

  it('reads on alone when the cut falls inside a quoted field that spans lines', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => rowOf(i + 1));
    // a note of 600 KB with a line break every 40 characters, across the middle of the file
    const note = Array.from({ length: 15_000 }, (_, i) => `line ${i} of a long note about the job`).join('\n');
    rows.splice(18_000, 0, `Long Note,note@example.com,,2024-03-01,$10,Completed,"${note}"`);
    const file = fileOf(rows);
    const { cutFiles, joinedParts } = parsing;
    const answer = await parseUpload(arrivingAtOnce(file), rules);
    expect(parsing).toMatchObject({ cutFiles: cutFiles + 1, joinedParts });
    expect(answer).toEqual(await oneReader(file));
  });

  it('refuses a character PostgreSQL cannot store in the second half with its row in the whole file', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => rowOf(i + 1));
    rows[35_000] = 'Nul Byte,nul@example.com,,2024-03-01,$10,Completed,Clean\u0000';
    const file = fileOf(rows);
    const single = await oneReader(file).catch((e: Error) => e);
    const { cutFiles } = parsing;
    const error = await parseUpload(arrivingAtOnce(file), rules).catch((e: Error) => e);
    expect(parsing.cutFiles).toBe(cutFiles + 1);
    expect(single).toBeInstanceOf(Error);
    expect((error as Error).message).toBe((single as Error).message);
    expect((error as Error).message).toContain('Row 35002 ');
  });
});
