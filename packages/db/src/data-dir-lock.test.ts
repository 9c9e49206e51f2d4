import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, holderStatus, LOCK_FILE_NAME } from './data-dir-lock.ts';
import { createCleanups, tempDir } from '@stackyard/testing/processes';

const cleanups = createCleanups();
afterEach(() => cleanups.run());
const onLinux = process.platform === 'linux';

function newDir(): string {
  const dir = tempDir('stackyard-lock');
  cleanups.add(() => dir.remove());
  return dir.path;
}

function writeLock(dir: string, content: string): void {
  writeFileSync(join(dir, LOCK_FILE_NAME), content);
}

function lockHolder(dir: string): unknown {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).pid;
}

function procState(pid: number): string | undefined {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting until ${what}`);
}

/**
 * A lock holder that is alive but on its way out: a stopped process keeps a SIGTERM pending until it is
 * continued. Killed at cleanup.
 */
async function exitingHolder(dir: string): Promise<number> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  cleanups.add(() => void child.kill('SIGKILL'));
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start sleep');
  process.kill(pid, 'SIGSTOP');
  await until(() => procState(pid) === 'T', 'the holder is stopped');
  process.kill(pid, 'SIGTERM');
  writeLock(dir, JSON.stringify({ pid, host: hostname(), startTime: null }));
  return pid;
}

describe('data directory lock', () => {
  it('refuses a second holder, naming the directory and the holder pid, until released', async () => {
    const dir = newDir();
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrowError(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrowError(
      `${dir} is in use by another stackyard process (pid ${process.pid})`,
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    (await acquireDataDirLock(dir)).release();
  });

  it('takes over the lock of a process that died (kill -9 leaves the file behind)', async () => {
    const dir = newDir();
    const { pid: deadPid } = spawnSync(process.execPath, ['-e', '']);
    writeLock(dir, JSON.stringify({ pid: deadPid, host: hostname(), startTime: '1' }));
    const lock = await acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    lock.release();
  });

  it.skipIf(!onLinux)('treats a live pid with another start time as reused, so stale', async () => {
    const dir = newDir();
    writeLock(dir, JSON.stringify({ pid: process.ppid, host: hostname(), startTime: '0' }));
    const lock = await acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    lock.release();
  });

  it('respects a lock written by another host (a shared volume cannot be checked)', async () => {
    const dir = newDir();
    writeLock(dir, JSON.stringify({ pid: 1, host: `not-${hostname()}`, startTime: null }));
    await expect(acquireDataDirLock(dir)).rejects.toThrowError('(pid 1)');
  });

  it('takes over a half-written lock file', async () => {
    const dir = newDir();
    writeLock(dir, '{"pid":');
    const lock = await acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    lock.release();
  });

  it('leaves a lock it does not hold in place on release', async () => {
    const dir = newDir();
    const lock = await acquireDataDirLock(dir);
    writeLock(dir, JSON.stringify({ pid: 1, host: hostname(), startTime: null }));
    lock.release();
    expect(lockHolder(dir)).toBe(1);
  });

  it.skipIf(!onLinux)(
    'takes over from a holder killed with -9 that its parent has not reaped (a zombie)',
    async () => {
      const dir = newDir();
      const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
      const holderScript =
        `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});` +
        `await acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 60_000);`;
      // The shell starts the holder in the background, prints its pid, then becomes `sleep`, a parent that
      // never waits for children: once killed, the holder stays a zombie for as long as that parent lives.
      const parent = spawn(
        'sh',
        [
          '-c',
          '"$0" --input-type=module -e "$1" & echo "$!"; exec sleep 600',
          process.execPath,
          holderScript,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      cleanups.add(() => void parent.kill('SIGKILL'));
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await until(() => output.includes('locked'), 'the holder has the lock');
      const holderPid = Number(output.split('\n')[0]);
      expect(lockHolder(dir)).toBe(holderPid);
      const holder = { pid: holderPid, host: hostname(), startTime: null };
      expect(holderStatus(holder)).toBe('alive');
      await expect(acquireDataDirLock(dir)).rejects.toThrowError(`(pid ${holderPid})`);

      process.kill(holderPid, 'SIGKILL');
      await until(() => procState(holderPid) === 'Z', 'the holder is a zombie');
      expect(holderStatus(holder)).toBe('dead');
      const lock = await acquireDataDirLock(dir, { exitingWaitMs: 0 });
      expect(lockHolder(dir)).toBe(process.pid);
      expect(procState(holderPid)).toBe('Z');
      lock.release();
    },
  );

  it.skipIf(!onLinux)(
    'waits for a holder with a fatal signal pending, and says so, then takes over',
    async () => {
      const dir = newDir();
      const pid = await exitingHolder(dir);
      expect(holderStatus({ pid, host: hostname(), startTime: null })).toBe('exiting');

      const messages: string[] = [];
      const acquiring = acquireDataDirLock(dir, {
        exitingWaitMs: 10_000,
        log: (line) => messages.push(line),
      });
      await sleep(300);
      expect(messages).toEqual([
        `stackyard: the data directory ${dir} is held by pid ${pid}, which is exiting; waiting up to 10 s for it to be gone`,
      ]);
      expect(lockHolder(dir)).toBe(pid);
      process.kill(pid, 'SIGCONT');
      const lock = await acquiring;
      expect(lockHolder(dir)).toBe(process.pid);
      lock.release();
    },
  );

  it.skipIf(!onLinux)('refuses once the wait for an exiting holder is over', async () => {
    const dir = newDir();
    const pid = await exitingHolder(dir);
    const started = Date.now();
    await expect(acquireDataDirLock(dir, { exitingWaitMs: 400, log: () => {} })).rejects.toThrowError(
      `(pid ${pid})`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
