import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadTestEnv } from '../config';

export type Pgbouncer = {
  /** `upstream`'s URL with PgBouncer's address in place of PostgreSQL's. */
  url(upstream: string): string;
  stop(): Promise<void>;
};

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

export function pgbouncerBinary(): string {
  const given = loadTestEnv().pgbouncerPath;
  const found = [given, ...CANDIDATES].find((p): p is string => !!p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      'The PostgreSQL tests start PgBouncer and it is not installed: run `apt-get install pgbouncer` as root ' +
        '(npm test installs it when run as root), or set PGBOUNCER_PATH.',
    );
  }
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port}`);
}

/**
 * PgBouncer in transaction mode on a free port, in front of the PostgreSQL of `upstream` (every database,
 * trusted as the URL's user), as production runs it (docs/operations.md). Run as root it drops to the
 * `postgres` user: PgBouncer refuses to run as root.
 */
export async function startPgbouncer(upstream: string, opts: { poolSize?: number } = {}): Promise<Pgbouncer> {
  const binary = pgbouncerBinary();
  const target = new URL(upstream);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referloop-pgbouncer-'));
  const user = decodeURIComponent(target.username || 'postgres');
  const log = path.join(dir, 'pgbouncer.log');
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 4}`,
      'max_client_conn = 200',
      `logfile = ${log}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  await waitForPort(port, child, log);
  return {
    url(of: string) {
      const u = new URL(of);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
