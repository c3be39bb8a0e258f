// After `vite build`: render the landing page and sign-in to HTML (prerendered/*.html, served to visitors
// without a session), so they paint before any script runs; the app then hydrates them. Also writes .br and .gz
// beside every text file, which the server sends as they are (quality 11 once, instead of per request).
// Usage: tsx scripts/prerender-landing.tsx [outDir]   (default dist/web)
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '../src/web/app';
import { PRERENDERED_ATTRIBUTE } from '../src/web/lib/prerender';

// Signed-out screens without data, by URL: the file the server sends (src/server/platform/web-app.ts)
// and the screen's module, whose chunks are preloaded.
const PAGES = [
  { url: '/', file: 'prerendered/landing.html', source: 'features/accounts/landing-page.tsx' },
  { url: '/login', file: 'prerendered/login.html', source: 'features/accounts/login-page.tsx' },
];
const outDir = path.resolve(process.argv[2] ?? 'dist/web');

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<App router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />);
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

/** A screen's own chunk and every chunk it imports, so they download beside the entry script. */
function preloadsFor(source: string): string[] {
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(source);
  const entry = Object.values(manifest).find((c) => (c as ManifestChunk & { isEntry?: boolean }).isEntry);
  const alreadyLoaded = new Set([entry?.file, ...(entry?.imports ?? []).map((k) => manifest[k]?.file)]);
  return [...seen].map((k) => manifest[k].file).filter((f) => !alreadyLoaded.has(f));
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

const template = withFontPreload(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'));
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
fs.writeFileSync(path.join(outDir, 'index.html'), template);
fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
for (const page of PAGES) {
  const body = await render(page.url);
  const preloads = preloadsFor(page.source);
  const html = template
    .replace('</head>', `${preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}</head>`)
    .replace('<div id="root"></div>', `<div id="root" ${PRERENDERED_ATTRIBUTE}>${body}</div>`)
    // The page is readable without its scripts: they download after the stylesheet and the text has painted.
    .replace(/<script type="module" crossorigin/g, '<script type="module" async fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin');
  fs.writeFileSync(path.join(outDir, page.file), html);
  console.log(`Prerendered ${page.url} (${(body.length / 1024).toFixed(1)} KB of HTML, ${preloads.length} preloads) into ${page.file}`);
}
precompress(outDir);
