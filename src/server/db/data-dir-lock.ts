import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded database: `DATA_DIR/referloop.lock` holds the owner's pid. A second
 * process refuses to start; a lock left by a process that no longer runs is taken over
 * (docs/operations.md).
 */
export const LOCK_FILE = 'referloop.lock';

/** Exit code of a process that refused to start because another one holds DATA_DIR. */
export const DATA_DIR_LOCKED_EXIT_CODE = 3;

type Owner = { pid: number; host: string; startedAt: string; token: string };

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly owner: Owner,
  ) {
    super(
      `Another Referloop process (pid ${owner.pid}, started ${owner.startedAt}) is using the embedded database in ${dataDir}. ` +
        'Stop it first, or give this process another DATA_DIR, or run several instances on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { file: string; owner: Owner; release(): void };

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs (EPERM: it runs under another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A lock is live while its pid runs and is not this very process (a container restarted with the same
 * pid leaves a lock that names us). Unreadable or half-written files count as stale. The host is only
 * written for people reading the file: a recreated container gets a new host name and must still start.
 */
function isLive(owner: Owner | null): owner is Owner {
  if (!owner) return false;
  return owner.pid !== process.pid && isRunning(owner.pid);
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const owner: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), token: randomUUID() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
      return { file, owner, release: () => releaseLock(file, owner) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readOwner(file);
    if (isLive(current)) throw new DataDirLockedError(dataDir, current);
    takeOverStale(file, current);
  }
  throw new Error(`Could not take the lock ${file}; remove it if no Referloop process uses ${dataDir}`);
}

/**
 * Moves the stale file aside (rename is atomic, so of two processes taking over together one moves
 * it). If what was moved is not the stale lock that was read, another process had just taken it:
 * put it back.
 */
function takeOverStale(file: string, stale: Owner | null) {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved && moved.token !== stale?.token && isLive(moved)) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // a third process created a lock meanwhile; the next attempt reads it
    }
  }
  fs.rmSync(aside, { force: true });
}

function releaseLock(file: string, owner: Owner) {
  if (readOwner(file)?.token === owner.token) fs.rmSync(file, { force: true });
}
