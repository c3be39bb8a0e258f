// `npm start`: install what is missing, build the web app, then run the server (migrations and demo data run at boot).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './lib/ensure.mjs';

ensureDependencies();
ensureWebBuild();
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
