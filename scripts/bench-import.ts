// npm run bench:import — the import targets, through the API (app.inject, multipart upload), on PostgreSQL
// and on PGlite, each beside the PostgreSQL COPY floor of the same file (and the schema floor on PostgreSQL).
// DATABASE_URL or postgres://postgres@127.0.0.1:5432/test. BENCH_DB=pg|pglite|both (default both);
// BENCH_ONLY=series,months,quiet,hostile,monthly,distinct,repeat,webhook,concurrent,concurrent-reupload picks scenarios;
// SERIES_SIZES=5000,10000,20000,50000 (the default) the clients of the re-upload series; CONCURRENT_CLIENTS=50000
// (the default) the clients of each business in the two-business re-upload; FIRST_RUNS=3 (the default) the runs of
// the 50,000-client first upload on PostgreSQL, each beside a schema floor of its own.
import { median } from './bench/median';
import { loadConfig } from '../src/server/config';
import { type BenchApp, benchApp, benchBusiness, copyFloor, reuploadFloor, schemaFloor, timedUpload, writtenRowsFloor } from './bench/import-app';
import { hostileUpload } from './bench/hostile-upload';
import { bulkCsv, monthlyCsv } from './bench/import-files';

type Row = { scenario: string; kind: string; ms: number; target: number; floorMs?: number; note?: string };
const results: Row[] = [];
const baseUrl = loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
const kinds = (process.env.BENCH_DB ?? 'both') === 'both' ? (['pg', 'pglite'] as const) : ([process.env.BENCH_DB] as ('pg' | 'pglite')[]);
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);
const floors = new Map<string, number>();

async function floor(name: string, csv: string) {
  if (!floors.has(name)) floors.set(name, await copyFloor(baseUrl, csv));
  return floors.get(name)!;
}

function report(row: Row) {
  results.push(row);
  const ratio = row.floorMs ? ` ${(row.ms / row.floorMs).toFixed(1)}x COPY (${row.floorMs.toFixed(0)} ms)` : '';
  const ok = row.ms < row.target ? 'ok' : 'OVER';
  console.log(`${row.kind.padEnd(6)} ${row.scenario.padEnd(58)} ${row.ms.toFixed(0).padStart(6)} ms  target < ${row.target} ms ${ok}${ratio}${row.note ? `  ${row.note}` : ''}`);
}

/** The client indexes the dashboard reads page, sort and search through (drizzle/0003, 0004, 0024). */
const READ_MODEL_INDEXES = [
  'clients_business_loyalty_order_idx',
  'clients_business_last_booking_order_idx',
  'clients_business_total_bookings_order_idx',
  'clients_business_name_order_idx',
  'clients_business_search_trgm_idx',
];

const MONTH_CLIENTS = 3000;
const MONTHS = 10;

/** 10 monthly exports of 3,000 clients into one business (up to 30,000 bookings). */
async function monthly(b: BenchApp, stats: 'stale' | 'fresh') {
  const biz = await benchBusiness(b.database);
  if (stats === 'stale' && b.kind === 'pg') {
    await b.database.query('alter table clients set (autovacuum_enabled = false)');
    await b.database.query('alter table bookings set (autovacuum_enabled = false)');
  }
  const times: number[] = [];
  for (let m = 0; m < MONTHS; m += 1) {
    times.push(await timedUpload(b.app, biz, monthlyCsv(m, MONTH_CLIENTS)));
    if (stats === 'fresh') await b.database.query('analyze clients, bookings');
  }
  const floorMs = await floor('monthly', monthlyCsv(0, MONTH_CLIENTS));
  const target = b.kind === 'pg' ? 1000 : 2000;
  const label = stats === 'stale' ? 'statistics never refreshed' : 'analyze after each month';
  report({ scenario: `monthly 3,000 rows, slowest of 10 months (${label})`, kind: b.kind, ms: Math.max(...times), target, floorMs, note: `months: ${times.map((t) => t.toFixed(0)).join(' ')}` });
}

async function bulk(b: BenchApp, name: string, clients: number) {
  const csv = bulkCsv(100_000, clients);
  const biz = await benchBusiness(b.database);
  const ms = await timedUpload(b.app, biz, csv);
  report({ scenario: `100,000 rows, ${name}`, kind: b.kind, ms, target: b.kind === 'pg' ? 3000 : 8000, floorMs: await floor(name, csv) });
  if (b.kind === 'pg') {
    const f = await schemaFloor(b.database, (await benchBusiness(b.database)).id, csv);
    const both = f.clientsMs + f.bookingsMs;
    report({
      scenario: '  schema floor: the same rows, 2 plain inserts',
      kind: b.kind,
      ms: both,
      target: Infinity,
      note: `clients ${f.clientsMs.toFixed(0)} ms + bookings ${f.bookingsMs.toFixed(0)} ms; the import is ${(ms / both).toFixed(1)}x this floor`,
    });
    const g = await schemaFloor(b.database, (await benchBusiness(b.database)).id, csv, READ_MODEL_INDEXES);
    report({
      scenario: `  the same without the ${READ_MODEL_INDEXES.length} client indexes of the read model`,
      kind: b.kind,
      ms: g.clientsMs + g.bookingsMs,
      target: Infinity,
      note: `clients ${g.clientsMs.toFixed(0)} ms + bookings ${g.bookingsMs.toFixed(0)} ms (docs/decisions/0005-import-speed-and-read-indexes.md)`,
    });
  }
  return biz;
}

const SERIES = (process.env.SERIES_SIZES ?? '5000,10000,20000,50000').split(',').map(Number);
const FIRST_RUNS = Number(process.env.FIRST_RUNS ?? 3);

/**
 * The owner's whole export, two bookings per client, uploaded into a new business (first upload) and again
 * into a business that already has every client and its first booking (re-upload: one new booking each).
 */
async function series(b: BenchApp) {
  const perRow: number[] = [];
  const perFloor: number[] = [];
  for (const n of SERIES) {
    const csv = bulkCsv(2 * n, n);
    const rows = (2 * n).toLocaleString('en-US');
    const copy = await floor(`series-${n}`, csv);
    const big = n === 50_000;
    // the largest first upload on PostgreSQL, FIRST_RUNS times, each beside the schema floors of its own rows (writtenRowsFloor)
    // and of the file's rows with the same figures for every client (schemaFloor): the medians' ratios
    const runs = big && b.kind === 'pg' ? FIRST_RUNS : 1;
    const uploads: number[] = [];
    const rowFloors: number[] = [];
    const fileFloors: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const biz = await benchBusiness(b.database);
      uploads.push(await timedUpload(b.app, biz, csv));
      if (b.kind !== 'pg') continue;
      const written = await writtenRowsFloor(b.database, biz.id, (await benchBusiness(b.database)).id);
      rowFloors.push(written.clientsMs + written.bookingsMs);
      const f = await schemaFloor(b.database, (await benchBusiness(b.database)).id, csv);
      fileFloors.push(f.clientsMs + f.bookingsMs);
    }
    const first = median(uploads);
    let note = `${((first * 1000) / (2 * n)).toFixed(0)} µs a row`;
    if (b.kind === 'pg') {
      const floorMs = median(rowFloors);
      const ratio = first / floorMs;
      const each = runs > 1 ? ` (runs: upload/floor/file floor ${uploads.map((u, i) => `${u.toFixed(0)}/${rowFloors[i].toFixed(0)}/${fileFloors[i].toFixed(0)}`).join(', ')})` : '';
      note +=
        `; ${runs > 1 ? `medians of ${runs}, ` : ''}schema floor of the written rows ${floorMs.toFixed(0)} ms, ${ratio.toFixed(2)}x` +
        `${big ? ` (target < 1.3x ${ratio < 1.3 ? 'ok' : 'OVER'})` : ''}; of the file's rows with one figure for all ${median(fileFloors).toFixed(0)} ms, ${(first / median(fileFloors)).toFixed(2)}x${each}`;
    }
    report({ scenario: `first upload, ${rows} rows, ${n.toLocaleString('en-US')} clients`, kind: b.kind, ms: first, target: big && b.kind === 'pg' ? 3500 : Infinity, floorMs: copy, note });

    const biz = await benchBusiness(b.database);
    await timedUpload(b.app, biz, bulkCsv(n, n));
    let reNote = '';
    let reFloor = 0;
    if (b.kind === 'pg') {
      // measured before the re-upload: afterwards the file's bookings exist and the floor's inserts would all conflict
      const f = await reuploadFloor(b.database, biz.id, csv);
      reFloor = f.clientsMs + f.bookingsMs;
      reNote = `; schema floor ${reFloor.toFixed(0)} ms (bookings ${f.bookingsMs.toFixed(0)} + clients ${f.clientsMs.toFixed(0)})`;
    }
    const re = await timedUpload(b.app, biz, csv);
    perRow.push(re / (2 * n));
    if (reFloor) {
      perFloor.push(re / reFloor);
      reNote += `, ${(re / reFloor).toFixed(1)}x`;
    }
    const target = big ? (b.kind === 'pg' ? 10_000 : 25_000) : Infinity;
    report({ scenario: `re-upload, ${rows} rows into ${n.toLocaleString('en-US')} clients (1 new booking each)`, kind: b.kind, ms: re, target, floorMs: copy, note: `${((re * 1000) / (2 * n)).toFixed(0)} µs a row${reNote}` });
  }
  if (perRow.length > 1) {
    const ratio = perRow[perRow.length - 1] / perRow[0];
    // the same ratio with each re-upload divided by its own schema floor: what is left once the load's swings are out
    const floored = perFloor.length > 1 ? `; over each one's schema floor ${(perFloor[perFloor.length - 1] / perFloor[0]).toFixed(2)}x` : '';
    console.log(`${b.kind.padEnd(6)} re-upload time per row at ${SERIES[SERIES.length - 1]} clients / at ${SERIES[0]}: ${ratio.toFixed(2)}x (target < 1.5x) ${ratio < 1.5 ? 'ok' : 'OVER'}${floored}`);
  }
}

/** A month's 3,000-row export into a business that has those 3,000 clients, and into one with 30,000. */
async function months(b: BenchApp) {
  for (const existing of [3000, 30_000]) {
    const biz = await benchBusiness(b.database);
    await timedUpload(b.app, biz, bulkCsv(existing, existing));
    const csv = monthlyCsv(1, MONTH_CLIENTS);
    const times: number[] = [];
    let note = '';
    if (b.kind === 'pg') {
      const f = await reuploadFloor(b.database, biz.id, csv);
      note = `; schema floor ${(f.clientsMs + f.bookingsMs).toFixed(0)} ms`;
    }
    for (let m = 1; m <= 3; m += 1) times.push(await timedUpload(b.app, biz, monthlyCsv(m, MONTH_CLIENTS)));
    report({
      scenario: `month of 3,000 rows into ${existing.toLocaleString('en-US')} existing clients (median of 3)`,
      kind: b.kind,
      ms: times.sort((x, y) => x - y)[1],
      target: b.kind === 'pg' ? 500 : 1500,
      floorMs: await floor('month', csv),
      note: `months: ${times.map((t) => t.toFixed(0)).join(' ')}${note}`,
    });
  }
}

// Longer than the upload pool's idle time (30 s): the workers that read the last files are ended meanwhile.
const QUIET_MS = 35_000;

/**
 * A month's upload after a quiet spell, as owners upload: the workers that read the last files were ended and
 * fresh ready ones took their place (decision 0016, "Later"); back-to-back uploads never show this.
 */
async function monthAfterQuiet(b: BenchApp) {
  const biz = await benchBusiness(b.database);
  await timedUpload(b.app, biz, bulkCsv(MONTH_CLIENTS, MONTH_CLIENTS));
  const back = await timedUpload(b.app, biz, monthlyCsv(1, MONTH_CLIENTS));
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const ms = await timedUpload(b.app, biz, monthlyCsv(2, MONTH_CLIENTS));
  report({
    scenario: `month of 3,000 rows into 3,000 clients after ${QUIET_MS / 1000} s quiet`,
    kind: b.kind,
    ms,
    target: b.kind === 'pg' ? 500 : 1500,
    floorMs: await floor('month', monthlyCsv(1, MONTH_CLIENTS)),
    note: `the month before it, back to back: ${back.toFixed(0)} ms`,
  });
}

async function webhook(b: BenchApp) {
  const biz = await benchBusiness(b.database);
  // 500,000 bookings of 50,000 clients, uploaded as an owner would: five parts of the history (the upload limit is 10 MB)
  for (let part = 0; part < 5; part += 1) await timedUpload(b.app, biz, bulkCsv(100_000, 50_000, 'Client', part * 100_000));
  const [n] = await b.database.query<{ n: number }>('select count(*)::int as n from bookings where business_id = $1', [biz.id]);
  const times: number[] = [];
  for (let i = 0; i < 21; i += 1) {
    const existing = i % 2 === 0;
    const c = existing ? i * 37 : 900_000 + i;
    const payload = {
      client_name: `Client ${c}, Jr`,
      client_email: `client${c}@example.com`,
      appointment_date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
      status: 'Completed',
      amount_charged: '$120.00',
    };
    const started = performance.now();
    const res = await b.app.inject({ method: 'POST', url: `/api/webhook/${biz.token}`, payload });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  }
  times.sort((x, y) => x - y);
  // the floor beside it, same moment: the app's health check (one trivial query) through the same inject path
  const health: number[] = [];
  for (let i = 0; i < 21; i += 1) {
    const started = performance.now();
    await b.app.inject({ method: 'GET', url: '/api/health' });
    health.push(performance.now() - started);
  }
  health.sort((x, y) => x - y);
  report({
    scenario: `webhook booking into ${n.n.toLocaleString('en-US')} bookings (median of 21)`,
    kind: b.kind,
    ms: times[10],
    target: 50,
    note: `max ${times[20].toFixed(0)} ms; /api/health median ${health[10].toFixed(1)} ms, ${(times[10] / health[10]).toFixed(1)}x`,
  });
}

async function concurrent(b: BenchApp) {
  const files = [bulkCsv(50_000, 10_000, 'Alpha'), bulkCsv(50_000, 10_000, 'Beta')];
  const one = await timedUpload(b.app, await benchBusiness(b.database), files[0]);
  const [x, y] = [await benchBusiness(b.database), await benchBusiness(b.database)];
  const started = performance.now();
  await Promise.all([timedUpload(b.app, x, files[0]), timedUpload(b.app, y, files[1])]);
  const both = performance.now() - started;
  report({ scenario: '50,000 rows alone', kind: b.kind, ms: one, target: Infinity, floorMs: await floor('50k', files[0]) });
  report({ scenario: 'two businesses importing 50,000 rows at once', kind: b.kind, ms: both, target: Math.round(one * 1.5), note: `${(both / one).toFixed(2)}x one import (target < 1.5x)` });
}

const CONCURRENT_CLIENTS = Number(process.env.CONCURRENT_CLIENTS ?? 50_000);

/**
 * Two businesses re-uploading their whole export (two bookings per client, every client and its first
 * booking already there) at the same moment, beside one business doing it alone: each business's own
 * file, through the API. On PostgreSQL also beside the schema floor of one re-upload, from the same run.
 */
async function concurrentReupload(b: BenchApp) {
  const n = CONCURRENT_CLIENTS;
  const clients = n.toLocaleString('en-US');
  const [solo, x, y] = [await benchBusiness(b.database), await benchBusiness(b.database), await benchBusiness(b.database)];
  const prefixes = ['Solo', 'Alpha', 'Beta'];
  for (const [i, biz] of [solo, x, y].entries()) await timedUpload(b.app, biz, bulkCsv(n, n, prefixes[i]));
  const files = prefixes.map((prefix) => bulkCsv(2 * n, n, prefix));
  let floorNote = '';
  let floorsNote = '';
  if (b.kind === 'pg') {
    // The same floor twice at once (each rolled back): what the machine gives two writers, whatever the app does.
    const sum = (f: { clientsMs: number; bookingsMs: number }) => f.clientsMs + f.bookingsMs;
    const single = sum(await reuploadFloor(b.database, solo.id, files[0]));
    const pair = Math.max(...(await Promise.all([reuploadFloor(b.database, x.id, files[1]), reuploadFloor(b.database, y.id, files[2])])).map(sum));
    floorNote = `; schema floor of one ${single.toFixed(0)} ms`;
    floorsNote = `; the schema floor twice at once ${pair.toFixed(0)} ms, ${(pair / single).toFixed(2)}x one`;
  }
  // CPU time of the one Node thread (not the parse workers', not the database's) during the uploads.
  let cpu = mainThreadCpuMs();
  const one = await timedUpload(b.app, solo, files[0]);
  const oneCpu = mainThreadCpuMs() - cpu;
  cpu = mainThreadCpuMs();
  const started = performance.now();
  const each = await Promise.all([timedUpload(b.app, x, files[1]), timedUpload(b.app, y, files[2])]);
  const both = performance.now() - started;
  const bothCpu = mainThreadCpuMs() - cpu;
  console.log(`${b.kind.padEnd(6)}   main thread CPU: ${oneCpu.toFixed(0)} ms during the one upload, ${bothCpu.toFixed(0)} ms during the two at once`);
  report({ scenario: `re-upload, ${clients} clients, one business alone`, kind: b.kind, ms: one, target: Infinity, floorMs: await floor(`series-${n}`, files[0]), note: floorNote.slice(2) });
  report({
    scenario: `re-upload, ${clients} clients, two businesses at once`,
    kind: b.kind,
    ms: both,
    target: Math.round(one * 1.5),
    note: `${(both / one).toFixed(2)}x one (target < 1.5x); each ${each.map((t) => t.toFixed(0)).join(' and ')} ms${floorsNote}`,
  });
}

// process.threadCpuUsage is in Node 24, not yet in the @types/node this project pins.
const mainThreadCpuMs = () => {
  const u = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
  return (u.user + u.system) / 1000;
};

async function hostile(b: BenchApp) {
  const r = await hostileUpload(b, await benchBusiness(b.database));
  report({ scenario: `zip bomb (${r.bombKb.toFixed(0)} KB -> 1 GB) refused with ${r.status}`, kind: b.kind, ms: r.refusedMs, target: 2000 });
  report({ scenario: '  slowest /api/health answer meanwhile', kind: b.kind, ms: r.slowestHealth, target: 100, note: `process RSS ${r.startRssMb.toFixed(0)} MB before, peak ${r.peakRssMb.toFixed(0)} MB (target: the bomb adds little; < 500 MB with PostgreSQL)` });
}

async function main() {
  console.log(`load average at start: ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const kind of kinds) {
    const b = await benchApp(kind, baseUrl);
    try {
      if (wanted('series')) await series(b);
      if (wanted('months')) await months(b);
      if (wanted('quiet')) await monthAfterQuiet(b);
      if (wanted('hostile')) await hostile(b);
      if (wanted('monthly')) {
        await monthly(b, 'stale');
        if (kind === 'pg') {
          const fresh = await benchApp(kind, baseUrl);
          await monthly(fresh, 'fresh').finally(() => fresh.close());
        }
      }
      if (wanted('distinct')) await bulk(b, '60,000 distinct clients', 60_000);
      if (wanted('repeat')) await bulk(b, '10,000 clients x 10 bookings', 10_000);
      if (wanted('webhook')) await webhook(b);
      if (wanted('concurrent')) await concurrent(b);
      if (wanted('concurrent-reupload')) await concurrentReupload(b);
    } finally {
      await b.close();
    }
  }
  console.log(`load average at end: ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
