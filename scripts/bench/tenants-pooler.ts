// bench:tenants, the cost of PgBouncer in transaction mode: the same dashboard calls through an app instance
// connected directly (named statements, generic plans: decision 0008) and through one behind PgBouncer
// (DATABASE_POOLER=transaction: unnamed statements, planned on each run), interleaved, beside /api/auth/me.
import { median } from './median';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { fromPool, type Database } from '../../src/server/db/client';
import { memoryQueue } from '../../src/server/platform/jobs/testing';
import { MemoryEmail } from '../../src/server/testing/memory-email';
import { startPgbouncer } from '../../src/server/testing/pgbouncer';

export async function timeBehindPgbouncer(database: Database, url: string, cookie: string, runs = 200) {
  const bouncer = await startPgbouncer(url, { poolSize: 4 });
  const pooled = fromPool(new pg.Pool({ connectionString: bouncer.url(url), max: 4 }), 'transaction');
  const apps = {
    direct: await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() }),
    pgbouncer: await buildApp({ config: testConfig(), database: pooled, email: new MemoryEmail(), jobs: memoryQueue() }),
  };
  const calls = ['/api/auth/me', '/api/clients?page=1&limit=10', '/api/clients/top', '/api/dashboard/stats', '/api/leads'];
  const times: Record<string, number[]> = {};
  const warmUp = Math.min(10, Math.floor(runs / 2)); // runs not counted: connections and plans warm up
  try {
    for (let r = 0; r < runs; r += 1) {
      for (const call of calls) {
        for (const [name, app] of Object.entries(apps)) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url: call, headers: { cookie } });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`${name} ${call} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          if (r >= warmUp) (times[`${call} ${name}`] ??= []).push(ms);
        }
      }
    }
  } finally {
    await Promise.all(Object.values(apps).map((a) => a.close()));
    await pooled.close();
    await bouncer.stop();
  }
  const floor = median(times['/api/auth/me direct']);
  console.log(`\nDashboard calls of an API business, direct vs through PgBouncer (transaction mode, 4 server connections), ${runs - warmUp} each, median ms:`);
  console.log(`  ${'call'.padEnd(32)} ${'direct'.padStart(7)} ${'pgbouncer'.padStart(10)}  × floor (direct auth/me)`);
  for (const call of calls) {
    const d = median(times[`${call} direct`]);
    const p = median(times[`${call} pgbouncer`]);
    console.log(`  ${call.padEnd(32)} ${d.toFixed(2).padStart(7)} ${p.toFixed(2).padStart(10)}  ${(d / floor).toFixed(2)} / ${(p / floor).toFixed(2)}`);
  }
}
