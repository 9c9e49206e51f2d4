import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// PGlite has no lock of its own, and two processes opening one data directory corrupt it. This is the
// same pid-file scheme PostgreSQL uses for postmaster.pid: create the file exclusively; when it exists,
// the holder is alive unless its pid is gone (or, on Linux, is a zombie or belongs to a process started
// later). Node has no flock() without a native addon, so the kernel cannot release the lock for us.

export const LOCK_FILE_NAME = 'stackyard.lock';
/** How long a start waits for a holder that is exiting (e.g. killed, still tearing down) before refusing. */
export const EXITING_HOLDER_WAIT_MS = 5_000;

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

export interface LockHolder {
  pid: number;
  host: string;
  startTime: string | null;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export interface AcquireOptions {
  /** Default EXITING_HOLDER_WAIT_MS. */
  exitingWaitMs?: number;
  /** Where the wait for an exiting holder is reported; default stderr. */
  log?: (message: string) => void;
}

export async function acquireDataDirLock(
  dataDir: string,
  options: AcquireOptions = {},
): Promise<DataDirLock> {
  const { exitingWaitMs = EXITING_HOLDER_WAIT_MS, log = (message: string) => console.error(message) } =
    options;
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE_NAME);
  const mine: LockHolder = { pid: process.pid, host: hostname(), startTime: processStartTime(process.pid) };
  let waitingSince: number | null = null;

  for (let takeovers = 0; takeovers < 5;) {
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
    const status = holder ? holderStatus(holder) : 'dead';
    if (holder && status === 'alive') throw new DataDirLockedError(dir, holder.pid);
    if (holder && status === 'exiting') {
      // A supervisor restarts right after kill: the old process is going, give it a moment to be gone.
      if (waitingSince === null) {
        waitingSince = Date.now();
        log(
          `stackyard: the data directory ${dir} is held by pid ${holder.pid}, which is exiting; ` +
            `waiting up to ${Math.round(exitingWaitMs / 1000)} s for it to be gone`,
        );
      }
      if (Date.now() - waitingSince >= exitingWaitMs) throw new DataDirLockedError(dir, holder.pid);
      await sleep(50);
      continue;
    }
    // Stale (the holder died, e.g. kill -9) or half-written: take it over.
    try {
      unlinkSync(path);
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
    takeovers += 1;
  }
  throw new Error(`Could not lock the data directory ${dir}: the lock file ${path} keeps changing.`);
}

/**
 * Whether the process that wrote a lock still holds it. A zombie (killed, not yet reaped by its parent)
 * has closed everything and will never write again: dead. A process with a fatal signal pending or
 * already in the kernel's exit path is 'exiting'.
 */
export function holderStatus(holder: LockHolder): 'alive' | 'exiting' | 'dead' {
  // A lock written on another host (a shared volume) cannot be checked from here: respect it.
  if (holder.host !== hostname()) return 'alive';
  if (holder.pid === process.pid) return 'alive';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return isErrno(error, 'EPERM') ? 'alive' : 'dead';
  }
  const stat = readStat(holder.pid);
  // No /proc (macOS): the pid exists, and that is all we can know.
  if (!stat) return 'alive';
  if (holder.startTime !== null && stat.startTime !== holder.startTime) return 'dead';
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return 'dead';
  if ((stat.flags & PF_EXITING) !== 0 || fatalSignalPending(holder.pid)) return 'exiting';
  return 'alive';
}

// include/linux/sched.h: set on a task as it enters do_exit().
const PF_EXITING = 0x4;
// SIGINT, SIGKILL, SIGTERM as bits of the pending masks in /proc/<pid>/status (bit n-1 for signal n).
const FATAL_SIGNALS = (1n << 1n) | (1n << 8n) | (1n << 14n);

function fatalSignalPending(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some(
      (match) => (BigInt(`0x${match[1]}`) & FATAL_SIGNALS) !== 0n,
    );
  } catch {
    return false;
  }
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

function readLock(path: string): LockHolder | null {
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

// /proc/<pid>/stat after the parenthesised name: field 3 the state, field 9 the kernel's task flags,
// field 22 when the process started (clock ticks since boot; a reused pid has another). Null where /proc
// is not there (macOS).
function readStat(pid: number): { state: string; flags: number; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, flags, startTime] = [fields[0], fields[6], fields[19]];
    if (state === undefined || flags === undefined || startTime === undefined) return null;
    return { state, flags: Number(flags), startTime };
  } catch {
    return null;
  }
}

function processStartTime(pid: number): string | null {
  return readStat(pid)?.startTime ?? null;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
