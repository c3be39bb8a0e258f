// `npm start`: install what is missing, build the web app, then run the server (migrations and demo data run at boot).
// Works with NODE_ENV=production too: dev dependencies are installed for the build (docs/decisions/0004-production-start.md),
// and the server runs compiled to JavaScript, built when its sources changed (docs/decisions/0026-production-runs-compiled-javascript.md).
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root, serverEntry } from './lib/ensure.mjs';

const production = process.env.NODE_ENV === 'production';
try {
  ensureDependencies();
  ensureWebBuild();
  if (production) ensureServerBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// node with tsx as a loader, not the tsx command: the tsx command relays a SIGTERM to its child and kills it
// with SIGKILL when the child does not confirm within ~60 ms, so the server never got to close the
// embedded database and remove its DATA_DIR lock (seen with `kill -TERM -<group>` on a busy machine).
const args = production ? [serverEntry] : ['--import', 'tsx', 'src/server/main.ts'];
const child = spawn(process.execPath, args, { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
