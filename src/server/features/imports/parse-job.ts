import { serveJobs } from '../../platform/worker-host';
import { collectRows, type RowsPart } from './import-rows';
import type { RowRules } from './normalize-row';
import { type CsvCut, csvTable, spreadsheetTable } from './read-table';

// The parse worker's job (parse-worker.mjs loads this file; its default export is the piscina task handler): an uploaded table read and its rows
// normalised by the import rules, so the main thread only receives rows ready to record.

export type ParseJob = { kind: 'csv' | 'spreadsheet'; rules: RowRules };

/** A CSV file's cut, told once the file has all arrived (read-file.ts): byte offsets of the whole file. */
export type CutNote = { at: number; headerEnd: number };

/** The part read, and where a CSV reader stopped when it was told a cut it could stop at. */
export type ParseAnswer = { part: RowsPart; stoppedAt?: number };

export default serveJobs<ParseJob>(async (job, input, notes): Promise<ParseAnswer> => {
  if (job.kind === 'spreadsheet') return { part: await collectRows(spreadsheetTable(input), job.rules) };
  const cut: CsvCut = {};
  notes.onNote((note) => Object.assign(cut, note as CutNote));
  const part = await collectRows(csvTable(input, cut), job.rules);
  return { part, stoppedAt: cut.stoppedAt };
});
