// `npm start`: install what is missing, build the web app, then run the server (migrations and demo data run at boot).
// Works with NODE_ENV=production too: dev dependencies are installed for the build (docs/decisions/0004-production-start.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './lib/ensure.mjs';

try {
  ensureDependencies();
  ensureWebBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
