// The JavaScript each screen loads, from the Vite manifest of a build: the entry (the app's index.html, or the
// landing page's own landing-main.tsx) and its static imports, plus the screen's chunks (and theirs). Raw and
// gzipped bytes, as the browser receives them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(webDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export const APP_ENTRY = 'index.html';

export function chunksFor(manifest: Manifest, sources: string[], entry = APP_ENTRY): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  if (!manifest[entry]?.isEntry) throw new Error(`${entry} is not an entry of this build`);
  visit(entry);
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of this build`);
    visit(source);
  }
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

export function sizeOf(webDir: string, files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(webDir, file));
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}
