import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DATA_DIR_LOCKED_EXIT_CODE, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

// No database here: the lock is taken before the embedded database opens. Runs the same on both kinds.
const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referloop-lock-'));
  dirs.push(dir);
  return dir;
}

/** A process that holds the lock of `dataDir` until it is killed; resolves once it holds it. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const script = `import { acquireDataDirLock } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'data-dir-lock.ts')).href)};
    acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('held'); setInterval(() => {}, 1000);`;
  // node itself (not the tsx wrapper, which forks): the pid that holds the lock is the one killed here.
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });

const ownerPid = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid as number;

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('is written with the owner pid and removed on release', () => {
    const dataDir = tempDataDir();
    const lock = acquireDataDirLock(dataDir);
    expect(ownerPid(dataDir)).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('is refused while another running process holds it, and that lock stays', async () => {
    const dataDir = tempDataDir();
    const first = await holder(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`pid ${first.pid}`);
    expect(ownerPid(dataDir)).toBe(first.pid);
  });

  it('is taken over when its process no longer runs', async () => {
    const dataDir = tempDataDir();
    const first = await holder(dataDir);
    await killed(first); // kill -9: no clean-up, the file stays
    expect(ownerPid(dataDir)).toBe(first.pid);
    const lock = acquireDataDirLock(dataDir);
    expect(ownerPid(dataDir)).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), '{"pid":');
    acquireDataDirLock(dataDir).release();
  });

  it('does not remove a lock that another process took over meanwhile', async () => {
    const dataDir = tempDataDir();
    const lock = acquireDataDirLock(dataDir);
    fs.rmSync(lock.file);
    const other = await holder(dataDir);
    lock.release();
    expect(ownerPid(dataDir)).toBe(other.pid);
  });

  it('makes a second server on the same DATA_DIR exit with a message before it opens the database', () => {
    const dataDir = tempDataDir();
    const lock = acquireDataDirLock(dataDir); // this test process plays the first server
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000, // main.ts takes the lock before loading the app, so the refusal comes within a second or two
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', JOBS: '0', DEMO_DATA: '0', LOG_LEVEL: 'silent' },
    });
    expect(second.status).toBe(DATA_DIR_LOCKED_EXIT_CODE);
    expect(second.stderr).toContain(`Another Referloop process (pid ${process.pid}`);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(ownerPid(dataDir)).toBe(process.pid);
    lock.release();
  });
});
