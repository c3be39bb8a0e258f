// npm run bench:web — builds the web app into .cache/bench-web, prints the JavaScript each screen loads
// (raw and gzipped), then runs Lighthouse (mobile: simulated slow 4G and a 4x slower CPU) in Debian's
// Chromium on the landing page, sign-in, a signed-in client dashboard with 300 clients and the public
// referral page (signed out), beside a
// floor: a page holding one heading, served by the same server in the same run.
// BENCH_RUNS (default 3) runs per page; the machine is shared, so CPU-bound figures (TBT) are noisy.
// BENCH_PAGES=landing,sign-in audits only those (and the floor). BENCH_LHR_DIR=<folder> keeps each run's
// Lighthouse JSON there (requests, long tasks, the LCP element) to see where the time goes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chunksFor, readManifest, sizeOf } from './bench/web-sizes';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, '.cache/bench-web');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const SCREENS: { name: string; sources: string[]; entry?: string }[] = [
  { name: 'landing (/) as sent', entry: 'landing-main.tsx', sources: [] },
  { name: 'landing, live (1st intent)', entry: 'landing-main.tsx', sources: ['landing-hydrate.tsx'] },
  { name: 'sign-in (/login)', sources: ['features/accounts/login-page.tsx'] },
  { name: '  + signup form (on click)', entry: 'landing-main.tsx', sources: ['landing-hydrate.tsx', 'features/accounts/signup-modal.tsx'] },
  { name: 'client dashboard', sources: ['components/app-shell/app-shell.tsx', 'features/clients/client-dashboard-page.tsx'] },
  { name: '  + its chart (lazy)', sources: ['components/app-shell/app-shell.tsx', 'features/clients/client-dashboard-page.tsx', 'features/clients/booking-trends-plot.tsx'] },
  { name: 'data sources', sources: ['components/app-shell/app-shell.tsx', 'features/imports/data-sources-page.tsx'] },
  { name: 'referral page (/refer)', entry: 'features/referrals-public/refer.html', sources: [] },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function build() {
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  const vite = spawnSync(bin('vite'), ['build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error('vite build failed');
  const prerender = spawnSync(bin('tsx'), ['scripts/prerender-landing.tsx', webDir], { cwd: root, stdio: 'inherit' });
  if (prerender.status !== 0) throw new Error('prerender failed');
  fs.writeFileSync(
    path.join(webDir, 'floor.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="The floor page of bench:web."></head><body><h1>Referloop</h1></body></html>',
  );
}

function printSizes() {
  const manifest = readManifest(webDir);
  console.log('\nJavaScript per screen (entry + the screen\'s chunks):');
  console.log('screen'.padEnd(28), 'raw'.padStart(10), 'gzipped'.padStart(10), 'files'.padStart(6));
  for (const screen of SCREENS) {
    const files = chunksFor(manifest, screen.sources, screen.entry);
    const { raw, gzip } = sizeOf(webDir, files);
    console.log(screen.name.padEnd(28), kb(raw).padStart(10), kb(gzip).padStart(10), String(files.length).padStart(6));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(port: number, dataDir: string) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, DEMO_DATA: '0', JOBS: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', APP_URL: `http://127.0.0.1:${port}` },
  });
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** A signed-in business with 300 clients and about 1,200 bookings over the last year. */
async function businessWithClients(base: string): Promise<string> {
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench Cleaning', email: `bench-${Date.now()}@example.com`, password: 'secret123', confirmPassword: 'secret123' }),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
  for (let i = 0; i < 300; i += 1) {
    for (let v = 0; v < 1 + (i % 7); v += 1) {
      const day = new Date(Date.now() - (3 + ((i * 37 + v * 53) % 360)) * 86_400_000).toISOString().slice(0, 10);
      lines.push(`Client ${i},client${i}@example.com,(555) 2${String(i).padStart(2, '0').slice(-2)}-${String(1000 + i).slice(-4)},${day},${80 + (i % 5) * 20},Completed`);
    }
  }
  const form = new FormData();
  form.append('csv', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bookings.csv');
  const upload = await fetch(`${base}/api/upload/csv`, { method: 'POST', headers: { cookie, origin: base }, body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  return cookie;
}

/** One client's referral code, for the public referral page. */
async function aReferralCode(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/clients?page=1&pageSize=1`, { headers: { cookie } });
  if (!res.ok) throw new Error(`clients: ${res.status} ${await res.text()}`);
  const { clients } = (await res.json()) as { clients: { referralCode: string }[] };
  return clients[0].referralCode;
}

type Figures = { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };

async function audit(port: number, url: string, cookie?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  const n = (id: string) => audits[id]?.numericValue ?? NaN;
  if (process.env.BENCH_LHR_DIR) {
    fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
  }
  if (process.env.BENCH_DEBUG) {
    const items = (id: string) => ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 6);
    console.log(url, JSON.stringify({ lcp: items('largest-contentful-paint-element'), shifts: items('layout-shifts'), bootup: items('bootup-time'), blocking: items('render-blocking-resources') }, null, 1).slice(0, 4000));
  }
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: n('first-contentful-paint'),
    lcp: n('largest-contentful-paint'),
    tbt: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    si: n('speed-index'),
  };
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): try that run again. */
async function auditWithRetry(port: number, url: string, cookie?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, url, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`  (run failed, again: ${error instanceof Error ? error.message : error})`);
    }
  }
}

async function main() {
  build();
  printSizes();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referloop-bench-web-'));
  const port = await freePort();
  const server = await startServer(port, dataDir);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await businessWithClients(base);
    const pages: { name: string; url: string; cookie?: string }[] = [
      { name: 'floor (one heading)', url: `${base}/floor.html` },
      { name: 'landing (/)', url: `${base}/` },
      { name: 'sign-in (/login)', url: `${base}/login` },
      { name: 'client dashboard', url: `${base}/clients`, cookie },
      // Signed out, as a friend opens it from a text (target: performance >= 95, < 60 KB of gzipped JavaScript).
      { name: 'referral (/refer)', url: `${base}/refer?code=${encodeURIComponent(await aReferralCode(base, cookie))}` },
    ];
    console.log(`\nLighthouse ${runs}x per page, mobile (simulated slow 4G, 4x CPU slowdown); medians, each run's performance score in brackets:`);
    console.log('page'.padEnd(22), 'perf'.padStart(5), 'a11y'.padStart(5), 'FCP ms'.padStart(8), 'LCP ms'.padStart(8), 'TBT ms'.padStart(7), 'SI ms'.padStart(7), 'CLS'.padStart(6), '  LCP/floor', '  runs');
    let floorLcp = NaN;
    const only = process.env.BENCH_PAGES?.split(',');
    for (const page of pages.filter((p, i) => i === 0 || !only || only.some((o) => p.name.startsWith(o)))) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i += 1) all.push(await auditWithRetry(chrome.port, page.url, page.cookie));
      const m = (k: keyof Figures) => median(all.map((f) => f[k]));
      if (Number.isNaN(floorLcp)) floorLcp = m('lcp');
      console.log(
        page.name.padEnd(22),
        String(m('performance')).padStart(5),
        String(m('accessibility')).padStart(5),
        m('fcp').toFixed(0).padStart(8),
        m('lcp').toFixed(0).padStart(8),
        m('tbt').toFixed(0).padStart(7),
        m('si').toFixed(0).padStart(7),
        m('cls').toFixed(3).padStart(6),
        `${(m('lcp') / floorLcp).toFixed(2)}x`.padStart(11),
        `  [${all.map((f) => f.performance).join(', ')}]`,
      );
    }
  } finally {
    await chrome.kill();
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
