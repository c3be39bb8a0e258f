// After `vite build`: render the landing page and sign-in to HTML (prerendered/*.html, served to visitors
// without a session), so they paint before any script runs; then they hydrate: the landing page by its own
// small entry (src/web/landing-main.tsx: React and the page), sign-in by the app. Also writes .br and .gz
// beside every text file, which the server sends as they are (quality 11 once, instead of per request).
// Usage: tsx scripts/prerender-landing.tsx [outDir]   (default dist/web)
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { App } from '../src/web/app';
import { NAV_COUNT_SOURCES } from '../src/web/components/app-shell/use-nav-counts';
import { LandingRoot } from '../src/web/features/accounts/landing-root';
import { DASHBOARD_FIRST_READS } from '../src/web/features/clients/use-client-data';
import { LEADS_FIRST_READS } from '../src/web/features/leads/use-leads';
import { SESSION_URL } from '../src/web/lib/auth';
import { PRERENDERED_ATTRIBUTE, SIGNED_IN_FRAME } from '../src/web/lib/prerender';

// Signed-out screens without data, by URL: the file the server sends (src/server/platform/web-app.ts), the
// tree rendered (the same one the page's entry hydrates), the entry (the manifest key of its script: the app's
// index.html, or the landing page's own) and the screen's module, whose chunks are preloaded.
const APP_ENTRY = 'index.html';
// `prefetch`: modules the page's entry prefetches once the page has loaded, for the landing page whose entry is
// a few lines that load React and the page at the visitor's first intent (src/web/landing-main.tsx).
const PAGES: { url: string; file: string; entry: string; sources: string[]; prefetch?: string[]; tree: () => ReactNode }[] = [
  {
    url: '/',
    file: 'prerendered/landing.html',
    entry: 'landing-main.tsx',
    sources: [],
    prefetch: ['landing-hydrate.tsx', 'features/accounts/signup-modal.tsx'],
    tree: () => <LandingRoot />,
  },
  {
    url: '/login',
    file: 'prerendered/login.html',
    entry: APP_ENTRY,
    sources: ['features/accounts/login-page.tsx'],
    tree: () => <App router={(routes) => <StaticRouter location="/login">{routes}</StaticRouter>} />,
  },
];
const outDir = path.resolve(process.argv[2] ?? 'dist/web');

// Signed-in screens, sent by the server to visitors with a session cookie: the screen's frame without the
// owner's data (the shell, the heading, card titles and skeletons), rendered as signed in and hydrated by the app
// as such while the session check runs, so it paints before any script has run; with the screen's chunks and
// its first API reads preloaded, so the code and the data download beside the app's entry instead of after it
// has started. The reads are the very URLs the app asks for, with credentials, so the browser hands the
// preloaded answers to the app's own requests.
const SIGNED_IN_ENTRY = 'signed-in-main.ts';
const SIGNED_IN_PAGES: { url: string; file: string; sources: string[]; reads: string[] }[] = [
  {
    url: '/clients',
    file: 'prerendered/app-clients.html',
    sources: ['components/app-shell/app-shell.tsx', 'features/clients/client-dashboard-page.tsx'],
    reads: [SESSION_URL, NAV_COUNT_SOURCES.newClients.url, ...DASHBOARD_FIRST_READS].filter((url): url is string => url !== null),
  },
  // The signed-in home (docs/leads.md): Lead Management at / and /leads.
  ...(['/', '/leads'] as const).map((url) => ({
    url,
    file: url === '/' ? 'prerendered/app-home.html' : 'prerendered/app-leads.html',
    sources: ['components/app-shell/app-shell.tsx', 'features/leads/leads-page.tsx'],
    reads: [SESSION_URL, NAV_COUNT_SOURCES.newClients.url, ...LEADS_FIRST_READS].filter((url): url is string => url !== null),
  })),
];

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

async function render(tree: ReactNode): Promise<string> {
  // One piece, in order: a larger boundary would be sent apart and put in place by an inline script (which the
  // content security policy blocks).
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk, _encoding, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A screen's own chunk and every chunk it imports, so they download beside the entry script (Vite's
 * index.html already preloads the app entry's own imports).
 */
function preloadsFor(manifest: Manifest, entryKey: string, source: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  if (!manifest[source]) throw new Error(`${source} is not a chunk of this build`);
  visit(source);
  const entry = manifest[entryKey];
  const alreadyLoaded = new Set(entryKey === APP_ENTRY ? [entry.file, ...(entry.imports ?? []).map((k) => manifest[k]?.file)] : [entry.file]);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js') && !alreadyLoaded.has(f));
}

function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) precompress(file);
      continue;
    }
    if (!/\.(html|js|css|svg|json|txt|map)$/.test(entry.name)) continue;
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}

/**
 * The Latin subset of Inter, preloaded beside the stylesheet on every page: text waits up to 100 ms for it
 * (font-display: optional), so it must not be discovered only after the stylesheet has been parsed.
 */
function withFontPreload(html: string): string {
  const font = fs.readdirSync(path.join(outDir, 'assets')).find((f) => /^inter-latin-wght-normal-.*\.woff2$/.test(f));
  if (!font || html.includes(font)) return html;
  return html.replace('</head>', `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}"></head>`);
}

/** The page with another entry script instead of the app's, and without the app's module preloads. */
function withEntry(html: string, appScript: string, script: string): string {
  return html.replace(`src="${appScript}"`, `src="${script}"`).replace(/<link rel="modulepreload"[^>]*>/g, '');
}

const template = withFontPreload(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'));
// index.html's root holds a brand bar painted before the app runs (<!--boot-->...<!--/boot-->); a prerendered
// page puts its own content there instead.
const ROOT = /<div id="root"><!--boot-->[\s\S]*?<!--\/boot--><\/div>/;
if (!ROOT.test(template)) throw new Error('index.html has no <div id="root"> holding <!--boot-->...<!--/boot-->');
fs.writeFileSync(path.join(outDir, 'index.html'), template);
fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
const manifest = readManifest();
const appScript = `/${manifest[APP_ENTRY].file}`;
if (!template.includes(`src="${appScript}"`)) throw new Error(`index.html does not load ${appScript}`);
for (const page of PAGES) {
  const body = await render(page.tree());
  const preloads = [...new Set(page.sources.flatMap((source) => preloadsFor(manifest, page.entry, source)))];
  const prefetches = [...new Set((page.prefetch ?? []).flatMap((source) => preloadsFor(manifest, page.entry, source)))];
  // The landing page's own entry instead of the app's: its script, and none of the app's preloads.
  const start = page.entry === APP_ENTRY ? template : withEntry(template, appScript, `/${manifest[page.entry].file}`);
  const html = start
    .replace('</head>', `${preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}</head>`)
    // Prefetched by the page's entry once the page has loaded (not <link rel="prefetch">, which starts at once).
    .replace('</head>', prefetches.length ? `<meta name="referloop-prefetch" content="${prefetches.map((file) => `/${file}`).join(' ')}"></head>` : '</head>')
    .replace(ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${body}</div>`)
    // The page is readable without its scripts: they download after the stylesheet and the text has painted.
    .replace(/<script type="module" crossorigin/g, '<script type="module" async fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin');
  fs.writeFileSync(path.join(outDir, page.file), html);
  console.log(`Prerendered ${page.url} (${(body.length / 1024).toFixed(1)} KB of HTML, ${preloads.length} preloads, ${prefetches.length} prefetches) into ${page.file}`);
}
for (const page of SIGNED_IN_PAGES) {
  // Its own tiny entry (signed-in-main.ts), which starts all of these once the frame has painted: the app's entry
  // and its imports, the screen's chunks, the first reads.
  const entry = manifest[APP_ENTRY];
  const appFiles = [entry.file, ...(entry.imports ?? []).flatMap((key) => preloadsFor(manifest, SIGNED_IN_ENTRY, key))];
  const chunks = [...new Set([...appFiles, ...page.sources.flatMap((source) => preloadsFor(manifest, APP_ENTRY, source))])];
  const listed = [...chunks.map((file) => `/${file}`), ...page.reads];
  const body = await render(<App signedInFrame router={(routes) => <StaticRouter location={page.url}>{routes}</StaticRouter>} />);
  const html = withEntry(template, appScript, `/${manifest[SIGNED_IN_ENTRY].file}`)
    .replace('</head>', `<meta name="referloop-preload" data-entry="${appScript}" content="${listed.join(' ').replace(/&/g, '&amp;')}"></head>`)
    .replace(ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${SIGNED_IN_FRAME}">${body}</div>`)
    .replace(/<script type="module" crossorigin/g, '<script type="module" async crossorigin');
  fs.writeFileSync(path.join(outDir, page.file), html);
  console.log(`Prerendered ${page.url}'s frame (${(body.length / 1024).toFixed(1)} KB of HTML) into ${page.file} (${chunks.length} chunks and ${page.reads.length} reads listed)`);
}
precompress(outDir);
