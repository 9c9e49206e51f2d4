import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';
import { tempDir } from '@stackyard/testing/processes';

const dirs: Array<{ remove(): void }> = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

function newDir(): string {
  const dir = tempDir('stackyard-lock');
  dirs.push(dir);
  return dir.path;
}

function writeLock(dir: string, content: string): void {
  writeFileSync(join(dir, LOCK_FILE_NAME), content);
}

function lockHolder(dir: string): unknown {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).pid;
}

describe('data directory lock', () => {
  it('refuses a second holder, naming the directory and the holder pid, until released', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrowError(
      `${dir} is in use by another stackyard process (pid ${process.pid})`,
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over the lock of a process that died (kill -9 leaves the file behind)', () => {
    const dir = newDir();
    const { pid: deadPid } = spawnSync(process.execPath, ['-e', '']);
    writeLock(dir, JSON.stringify({ pid: deadPid, host: hostname(), startTime: '1' }));
    const lock = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    lock.release();
  });

  it.skipIf(process.platform !== 'linux')(
    'treats a live pid with another start time as reused, so stale',
    () => {
      const dir = newDir();
      writeLock(dir, JSON.stringify({ pid: process.ppid, host: hostname(), startTime: '0' }));
      const lock = acquireDataDirLock(dir);
      expect(lockHolder(dir)).toBe(process.pid);
      lock.release();
    },
  );

  it('respects a lock written by another host (a shared volume cannot be checked)', () => {
    const dir = newDir();
    writeLock(dir, JSON.stringify({ pid: 1, host: `not-${hostname()}`, startTime: null }));
    expect(() => acquireDataDirLock(dir)).toThrowError('(pid 1)');
  });

  it('takes over a half-written lock file', () => {
    const dir = newDir();
    writeLock(dir, '{"pid":');
    const lock = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    lock.release();
  });

  it('leaves a lock it does not hold in place on release', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    writeLock(dir, JSON.stringify({ pid: 1, host: hostname(), startTime: null }));
    lock.release();
    expect(lockHolder(dir)).toBe(1);
  });
});
