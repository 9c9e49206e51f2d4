// The real server as a child process on a PGlite data directory: the lock, clean shutdown, and
// recovery after kill -9.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '@stackyard/db/client';
import { LOCK_FILE_NAME } from '@stackyard/db/data-dir-lock';
import { workspaces } from '@stackyard/db/schema';
import {
  createCleanups,
  repoRoot,
  runCommand,
  runTs,
  serverEntry,
  startServerProcess,
  tempDir,
} from '@stackyard/testing/processes';

const cleanups = createCleanups();
afterEach(() => cleanups.run());

function dataDir(): string {
  const dir = tempDir('stackyard-data');
  cleanups.add(() => dir.remove());
  return dir.path;
}

describe('server process on PGlite', () => {
  it('refuses a second server on the same data directory while the first keeps serving', async () => {
    const dir = dataDir();
    const first = cleanups.track(await startServerProcess({ DATA_DIR: dir }));
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    const second = cleanups.track(runTs(serverEntry, { DATA_DIR: dir, HOST: '127.0.0.1', PORT: '0' }));
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `stackyard could not start. The data directory ${dir} is in use by another stackyard process (pid ${first.process.pid})`,
    );

    const again = await fetch(`${first.url}/readyz`);
    expect(again.status).toBe(200);
  });

  it('shuts down cleanly on SIGTERM: drains, checkpoints, releases the lock, exits 0', async () => {
    const dir = dataDir();
    const server = cleanups.track(await startServerProcess({ DATA_DIR: dir }));
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
    server.process.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped cleanly"');
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);

    const restarted = cleanups.track(await startServerProcess({ DATA_DIR: dir }));
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    restarted.process.kill('SIGINT');
    expect((await restarted.exited).code).toBe(0);
  });

  it('takes --role from the command line', async () => {
    const child = cleanups.track(
      runTs(serverEntry, { DATA_DIR: dataDir(), HOST: '127.0.0.1', PORT: '0' }, ['--role', 'identity']),
    );
    // A new data directory is initialised first: slow on a busy machine.
    const url = (await child.waitFor(/stackyard listening on (http:\/\/\S+)/, 120_000))[1];
    expect((await fetch(`${url}/.ory/.well-known/jwks.json`)).status).toBe(200);
    expect((await fetch(`${url}/api/v1/profile`)).status).toBe(404);

    const bad = cleanups.track(runTs(serverEntry, { DATA_DIR: dataDir() }, ['--role=janitor']));
    expect((await bad.exited).code).toBe(1);
    expect(bad.output()).toContain('ROLE: Invalid option');
  }, 180_000);

  it('loses no acknowledged row when killed with -9 mid-writes, and starts again', async () => {
    const dir = dataDir();
    const writer = cleanups.track(
      runTs(join(repoRoot, 'packages/testing/src/fixtures/writer.ts'), { DATA_DIR: dir }),
    );
    await writer.waitFor(/writer ready/, 120_000);
    await writer.waitForLines(/^acked /, 40, 60_000);
    writer.process.kill('SIGKILL');
    await writer.exited;
    const acked = [...writer.output().matchAll(/acked ([0-9a-f-]{36})\n/g)].map((match) => match[1]);
    expect(acked.length).toBeGreaterThanOrEqual(40);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);

    const server = cleanups.track(await startServerProcess({ DATA_DIR: dir }));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.process.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const db = await createDb({ dataDir: dir });
    try {
      const ids = new Set((await db.db.select({ id: workspaces.id }).from(workspaces)).map((row) => row.id));
      expect(acked.filter((id) => !ids.has(id as string))).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);

  it('starts again at once after a supervisor kills its process group with SIGKILL, ten times in a row', async () => {
    const dir = dataDir();
    for (let round = 1; round <= 10; round++) {
      // The shell stays in between (`; exit` keeps it from exec-ing node), so the server is a grandchild that
      // outlives the shell's reaping: killed, it is a zombie until whoever adopts it reaps it.
      const group = cleanups.track(
        runCommand(
          'sh',
          ['-c', '"$0" --experimental-strip-types "$1"; exit "$?"', process.execPath, serverEntry],
          { DATA_DIR: dir, HOST: '127.0.0.1', PORT: '0' },
          { detached: true },
        ),
      );
      const groupId = group.process.pid as number;
      cleanups.add(() => {
        try {
          process.kill(-groupId, 'SIGKILL');
        } catch {
          // the group is gone already
        }
      });
      const url = (await group.waitFor(/stackyard listening on (http:\/\/\S+)/, 60_000))[1];
      expect((await fetch(`${url}/readyz`)).status, `round ${round}`).toBe(200);
      process.kill(-groupId, 'SIGKILL');
    }
  }, 180_000);
});
