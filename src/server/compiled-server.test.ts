import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The production server is the compiled one (decision 0026): built by scripts/build-server.mjs and started with
// plain node from the project folder, it migrates a new embedded database, serves the API and reads an upload in
// its compiled parse worker. Catches a file the compiled code looks for beside itself that the build left out.
const root = path.resolve(import.meta.dirname, '../..');
// Inside the project: the compiled code finds its packages in the project's node_modules.
fs.mkdirSync(path.join(root, '.cache'), { recursive: true });
const tmp = fs.mkdtempSync(path.join(root, '.cache', 'compiled-server-'));
let server: ChildProcess | null = null;
let origin = '';
let output = '';

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// Built and started in a hook (a failed build or start fails the file): the start, a new embedded database
// migrated, took most of the 5.7 s the whole took alone, and the test keeps the suite's 30 s.
beforeAll(async () => {
  const out = path.join(tmp, 'server');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', out], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(out, 'main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '', JOBS: '0', DEMO_DATA: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk));

  let healthy = false;
  for (const started = Date.now(); !healthy && Date.now() - started < 45_000 && server.exitCode === null; ) {
    healthy = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(healthy, output).toBe(true);
});

it('starts from dist/server with node, signs up and imports a CSV file', async () => {
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Compiled Cleaning', email: 'compiled@example.com', password: 'longpassword1', confirmPassword: 'longpassword1', timeZone: 'America/Chicago' }),
  });
  expect(signup.status, output).toBe(201);
  const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const form = new FormData();
  form.append('csv', new Blob(['Client Name,Client Email,Service Date\nAnn Able,ann@example.com,2025-01-03\nBob Beta,bob@example.com,2025-02-04\n']), 'clients.csv');
  const upload = await fetch(`${origin}/api/upload/csv`, { method: 'POST', headers: { origin, cookie }, body: form });
  expect(upload.status, output).toBe(200);
  expect(await upload.json()).toMatchObject({ processed: 2, newClients: 2 });
});
