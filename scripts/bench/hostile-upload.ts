import { multipartBody } from '../../src/server/testing/requests';
import { zipBomb } from '../../src/server/features/imports/zip-fixture.test-util';
import type { BenchApp, BenchBusiness } from './import-app';

/**
 * Uploads a zip bomb (~200 KB inflating to 1 GB) while /api/health is asked every 20 ms: how long the
 * refusal takes, the slowest health answer meanwhile, and the process's peak memory.
 */
export async function hostileUpload(b: BenchApp, biz: BenchBusiness) {
  const bomb = await zipBomb(1024);
  const { payload, contentType } = multipartBody('bomb.xlsx', bomb);
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let slowestHealth = 0;
  let done = false;
  const started = performance.now();
  const uploading = b.app
    .inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie: biz.cookie, 'content-type': contentType }, payload })
    .finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    await b.app.inject({ method: 'GET', url: '/api/health' });
    slowestHealth = Math.max(slowestHealth, performance.now() - t0);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const res = await uploading;
  return { status: res.statusCode, refusedMs: performance.now() - started, slowestHealth, peakRssMb: peakRss / 1024 / 1024, startRssMb: startRss / 1024 / 1024, bombKb: bomb.length / 1024 };
}
