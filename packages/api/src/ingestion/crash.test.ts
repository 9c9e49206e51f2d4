// A submission in flight when its worker process is killed (-9) completes after a restart: the real server
// as a child process (`--role worker`) on a PGlite data directory, the page held open by the fixture server.
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '@stackyard/db/client';
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { createCleanups, startServerProcess, tempDir } from '@stackyard/testing/processes';
import { findSubmissionRow } from './ingestion.repo.ts';
import { ingestionQueue } from '../jobs/queues.ts';
import { insertWorkspace } from '../workspaces/workspaces.repo.ts';
import { seedSubmission } from '@stackyard/testing/ingestion-seed';

const cleanups = createCleanups();
afterEach(() => cleanups.run());

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ingestion across a kill -9', () => {
  it(
    'completes a submission that was being fetched when the worker process died',
    { timeout: 120_000 },
    async () => {
      const fixture = await startFixtureServer();
      cleanups.add(() => fixture.close());
      const dir = tempDir('stackyard-crash');
      cleanups.add(() => dir.remove());
      const url = `${fixture.origin}/hold-once/crash`;

      // The submission and its job, written as the API would (the process is not running yet).
      const seeded = await createDb({ dataDir: dir.path });
      let submissionId: string;
      try {
        await seeded.migrate();
        const ownerId = crypto.randomUUID();
        const workspaceId = await insertWorkspace(seeded.db, {
          ownerId,
          name: 'Crash',
          slug: 'crash',
          description: null,
        });
        submissionId = await seedSubmission(seeded.db, {
          workspaceId,
          userId: ownerId,
          url,
          status: 'pending',
        });
        await ingestionQueue.enqueue(seeded.db, { submissionId });
      } finally {
        await seeded.close();
      }

      const env = {
        DATA_DIR: dir.path,
        ROLE: 'worker',
        INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
        // The lease is this plus a 30 s margin: how long a dead worker's job waits before another takes it.
        INGESTION_JOB_TIMEOUT_MS: '1000',
      };
      const requestsFor = () => fixture.requests().filter((path) => path === '/hold-once/crash').length;

      const first = cleanups.track(await startServerProcess(env));
      // A worker process serves health checks, not the API.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${first.url}/api/v1/`)).status).toBe(404);
      await until(() => requestsFor() === 1, 'the first fetch', 20_000);
      first.process.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      const second = cleanups.track(await startServerProcess(env));
      await second.waitFor(
        new RegExp(`"submissionId":"${submissionId}".*ingestion submission processed`),
        60_000,
      );
      expect(requestsFor()).toBe(2);
      second.process.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);

      const db = await createDb({ dataDir: dir.path });
      try {
        const submission = await findSubmissionRow(db.db, submissionId);
        expect(submission?.status).toBe('completed');
        expect(submission?.workspaceToolId).not.toBeNull();
      } finally {
        await db.close();
      }
    },
  );
});
