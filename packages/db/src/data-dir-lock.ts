import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite has no lock of its own, and two processes opening one data directory corrupt it. This is the
// same pid-file scheme PostgreSQL uses for postmaster.pid: create the file exclusively; when it exists,
// the holder is alive unless its pid is gone (or, on Linux, now belongs to a process started later).

export const LOCK_FILE_NAME = 'stackyard.lock';

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly holderPid: number;

  constructor(dataDir: string, holderPid: number) {
    super(
      `The data directory ${dataDir} is in use by another stackyard process (pid ${holderPid}). ` +
        `Stop that process first, or set DATA_DIR to another directory. If no such process runs, ` +
        `delete ${join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.holderPid = holderPid;
  }
}

interface LockContent {
  pid: number;
  host: string;
  startTime: string | null;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE_NAME);
  const mine: LockContent = { pid: process.pid, host: hostname(), startTime: processStartTime(process.pid) };

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      return { path, release: () => releaseIfMine(path) };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const holder = readLock(path);
    if (holder && isAlive(holder)) throw new DataDirLockedError(dir, holder.pid);
    // Stale (the holder died, e.g. kill -9) or half-written: take it over.
    try {
      unlinkSync(path);
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
  }
  throw new Error(`Could not lock the data directory ${dir}: the lock file ${path} keeps changing.`);
}

function releaseIfMine(path: string): void {
  const holder = readLock(path);
  if (holder?.pid !== process.pid) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function readLock(path: string): LockContent | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, host, startTime } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof host !== 'string') return null;
    return { pid, host, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null;
  }
}

function isAlive(holder: LockContent): boolean {
  // A lock written on another host (a shared volume) cannot be checked from here: respect it.
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return isErrno(error, 'EPERM');
  }
  const startTime = processStartTime(holder.pid);
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

// Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. A reused pid has
// another start time. Null where /proc is not there (macOS).
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return afterName[19] ?? null;
  } catch {
    return null;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
