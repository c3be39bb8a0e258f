import { serveJobs } from '../../platform/worker-host';
import { collectRows } from './import-rows';
import type { RowRules } from './normalize-row';
import { csvTable, spreadsheetTable } from './read-table';

// The parse worker's job (parse-worker.mjs loads this file; its default export is the piscina task handler): an uploaded table read and its rows
// normalised by the import rules, so the main thread only receives rows ready to record (a part of them: import-rows.ts).

export type ParseJob = { kind: 'csv' | 'spreadsheet'; rules: RowRules };

export default serveJobs<ParseJob>((job, input) => collectRows(job.kind === 'csv' ? csvTable(input) : spreadsheetTable(input), job.rules));
