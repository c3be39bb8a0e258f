// npm run bench:import — imports a generated ~10 MB / 100,000-row file through the real import
// service into a fresh PostgreSQL database and compares it with a floor: PostgreSQL COPY of the same
// rows into a similar table. DATABASE_URL or postgres://postgres@127.0.0.1:5432/test.
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../src/server/config';
import { businesses } from '../src/server/db/schema';
import { importUpload } from '../src/server/features/imports/service';
import { DEFAULT_URL, freshDatabase } from './bench/fresh-database';
import { generateBookingsCsv } from './bench/generate-bookings';

const ROWS = 100_000;
const CLIENTS = 20_000;

async function main() {
  const baseUrl = loadConfig().databaseUrl ?? DEFAULT_URL;
  const csv = generateBookingsCsv(ROWS, CLIENTS);
  const bytes = Buffer.byteLength(csv);
  console.log(`file: ${ROWS} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${CLIENTS} clients`);
  const fresh = await freshDatabase(baseUrl, 'referloop_bench_import');
  try {
    const { database } = fresh;
    const [biz] = await database.db
      .insert(businesses)
      .values({ name: 'Bench Cleaning', email: 'bench@example.com', passwordHash: 'x', webhookUrl: 'bench-token' })
      .returning({ id: businesses.id });

    const started = performance.now();
    const result = await importUpload(database, biz.id, 'bench.csv', Readable.from([Buffer.from(csv)]));
    const importMs = performance.now() - started;

    // Floor: COPY the same text into a table shaped like the file (no parsing rules, no matching).
    await database.query(`create table copy_floor (name text, email text, phone text, service_date date, amount text, status text, service_type text)`);
    const client = await database.pool!.connect();
    const copyStarted = performance.now();
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFrom(`copy copy_floor from stdin with (format csv, header true)`));
      stream.on('finish', resolve).on('error', reject);
      stream.end(csv);
    });
    const copyMs = performance.now() - copyStarted;
    client.release();

    const rate = (ms: number) => Math.round(ROWS / (ms / 1000));
    console.log(`import: ${result.processed} processed, ${result.skipped} skipped, ${result.newClients} clients, ${result.newBookings} bookings`);
    console.log(`import: ${(importMs / 1000).toFixed(2)} s, ${rate(importMs)} rows/s (target: under 10 s)`);
    console.log(`floor (COPY): ${(copyMs / 1000).toFixed(2)} s, ${rate(copyMs)} rows/s`);
    console.log(`ratio import/COPY: ${(importMs / copyMs).toFixed(1)}x`);
    const reimport = performance.now();
    const again = await importUpload(database, biz.id, 'bench.csv', Readable.from([Buffer.from(csv)]));
    console.log(`re-import of the same file: ${((performance.now() - reimport) / 1000).toFixed(2)} s, ${again.newBookings} new bookings`);
  } finally {
    await fresh.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
