// The server compiled to JavaScript for production (`npm run build`; `npm start` with NODE_ENV=production runs it when
// src/server or src/shared changed): src/server/main.ts to dist/server/main.js, packages left as imports of
// node_modules (docs/decisions/0026-production-runs-compiled-javascript.md). Development and the API tests run the
// TypeScript source with tsx; the browser tests' app servers run this build (scripts/e2e-server.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root, serverEntry } from './lib/ensure.mjs';

// `node scripts/build-server.mjs [folder]`: dist/server unless a folder is given (src/server/compiled-server.test.ts).
const serverOut = path.resolve(root, process.argv[2] ?? path.dirname(serverEntry));
const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${engines.replace(/\D/g, '')}`,
  packages: 'external',
  // Not minified, names kept: a stack trace in the log reads like the source (each module starts with its path).
  keepNames: true,
  logLevel: 'warning',
};

fs.rmSync(serverOut, { recursive: true, force: true });
// The upload parse worker: read-file.ts starts `./parse-worker.mjs` beside itself, which from the source is the
// loader that registers tsx and here the parse job compiled. Built first: main.js, written last, marks a whole build.
await build({ ...common, entryPoints: ['src/server/features/imports/parse-job.ts'], outfile: path.join(serverOut, 'parse-worker.mjs') });
// Split, so main.js takes the DATA_DIR lock before the rest of the server (and its packages) loads, as main.ts does
// with its dynamic import.
await build({ ...common, entryPoints: { [path.basename(serverEntry, '.js')]: 'src/server/main.ts' }, outdir: serverOut, splitting: true });
