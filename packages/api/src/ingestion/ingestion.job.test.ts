import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test as vitestTest } from 'vitest';
import { ingestionSubmissions, workspaceTools } from '@stackyard/db/schema';
import { createTestDb } from '@stackyard/db/testing';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { siteFixture } from '@stackyard/testing/ingestion-harness';
import { SUBMITTER_LOST_ACCESS } from '../jobs/lost-access.ts';
import { ingestionQueue } from '../jobs/queues.ts';
import { insertWorkspace } from '../workspaces/workspaces.repo.ts';
import { DEFAULT_INGESTION_SETTINGS, type IngestionSettings } from './ingestion-settings.ts';
import { createIngestionWorker } from './ingestion.job.ts';

// The ingestion job against the queue directly, the way a restarted process meets it.

const quiet = { warn: () => undefined, error: () => undefined };

const ownerId = randomUUID();

// `handle`, a database of its own, and `site`, the fixture web site, one of each per file; `workspaceId`,
// the owner's workspace there.
const test = vitestTest
  .extend('handle', { scope: 'file' }, async ({}, { onCleanup }) => {
    const handle = await createTestDb();
    onCleanup(() => handle.close());
    return handle;
  })
  .extend('site', { scope: 'file' }, siteFixture)
  .extend('workspaceId', { scope: 'file' }, ({ handle }) =>
    insertWorkspace(handle.db, { ownerId, name: 'Jobs', slug: 'jobs', description: null }),
  )
  .extend('submitted', { scope: 'file' }, ({ handle, site, workspaceId }) =>
    submittedOn(handle, site, workspaceId),
  )
  .extend('submission', { scope: 'file' }, ({ handle }) => async (id: string) => {
    const [row] = await handle.db.select().from(ingestionSubmissions).where(eq(ingestionSubmissions.id, id));
    return row;
  });

function settings(extra: Partial<IngestionSettings> = {}): IngestionSettings {
  return {
    ...DEFAULT_INGESTION_SETTINGS,
    allowlist: ['127.0.0.1'],
    pollMs: 50,
    backoffMs: () => 0,
    ...extra,
  };
}

/** A submission of the site's page at `path` in the workspace, with its queued job. */
function submittedOn(
  handle: Awaited<ReturnType<typeof createTestDb>>,
  site: FixtureServer,
  workspaceId: string,
) {
  return async function submitted(
    path: string,
    maxAttempts = 3,
    submittedByUserId = ownerId,
  ): Promise<{ submissionId: string; jobId: string }> {
    const url = `${site.origin}${path}`;
    const fingerprinted = fingerprintUrl(url);
    if (!fingerprinted.ok) throw new Error('bad url');
    return handle.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ingestionSubmissions)
        .values({
          workspaceId,
          submittedUrl: url,
          submittedFingerprint: fingerprinted.value.fingerprint,
          submittedByUserId,
        })
        .returning({ id: ingestionSubmissions.id });
      if (!row) throw new Error('no submission');
      const jobId = await ingestionQueue.enqueue(tx, { submissionId: row.id }, { maxAttempts });
      return { submissionId: row.id, jobId };
    });
  };
}

describe('ingestion job', () => {
  test('completes a submission whose worker died mid-fetch once the lease expires', async ({
    handle,
    workspaceId,
    submitted,
    submission,
  }) => {
    const { submissionId, jobId } = await submitted('/json-ld');
    // What a process killed with -9 leaves behind: the submission fetching, its job running, the lease over.
    await handle.db.execute(sql`
      update jobs set state = 'running', attempts = 1, locked_until = now() - interval '1 second' where id = ${jobId}`);
    await handle.db
      .update(ingestionSubmissions)
      .set({ status: 'fetching' })
      .where(eq(ingestionSubmissions.id, submissionId));

    expect(await createIngestionWorker(handle.db, settings(), quiet).drain()).toBe(1);
    const row = await submission(submissionId);
    expect(row?.status).toBe('completed');
    const [tool] = await handle.db
      .select()
      .from(workspaceTools)
      .where(eq(workspaceTools.id, row?.workspaceToolId ?? randomUUID()));
    expect(tool?.workspaceId).toBe(workspaceId);
  });

  test('a stop in the middle of a fetch leaves the job due again, and the next worker finishes it', async ({
    handle,
    submitted,
    submission,
  }) => {
    const { submissionId, jobId } = await submitted('/slow-headers');
    const first = createIngestionWorker(handle.db, settings(), quiet);
    first.start();
    const deadline = Date.now() + 5000;
    while ((await submission(submissionId))?.status !== 'fetching' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.stop();
    const [job] = await handle.rows<{ state: string; attempts: number }>(
      sql`select state, attempts from jobs where id = ${jobId}`,
    );
    expect(job).toEqual({ state: 'queued', attempts: 0 });

    await createIngestionWorker(handle.db, settings(), quiet).drain();
    expect((await submission(submissionId))?.status).toBe('completed');
  }, 20_000);

  test('fails a page that drips until the fetch deadline as timeout, never completed from what arrived', async ({
    handle,
    submitted,
    submission,
  }) => {
    const { submissionId } = await submitted('/slow-body-unframed', 1);
    await createIngestionWorker(handle.db, settings({ fetch: { totalTimeoutMs: 400 } }), quiet).drain();
    const row = await submission(submissionId);
    expect(row?.status).toBe('failed');
    expect(row?.quarantineContext?.code).toBe('timeout');
    expect(row?.workspaceToolId).toBeNull();
  });

  test('fails the submission of a submitter who is no member any more, without fetching', async ({
    handle,
    site,
    submitted,
    submission,
  }) => {
    const { submissionId } = await submitted('/tool?case=stranger', 3, randomUUID());
    await createIngestionWorker(handle.db, settings(), quiet).drain();
    const row = await submission(submissionId);
    expect(row?.status).toBe('failed');
    expect(row?.quarantineContext).toEqual(SUBMITTER_LOST_ACCESS);
    expect(row?.workspaceToolId).toBeNull();
    expect(site.requests()).not.toContain('/tool?case=stranger');
  });

  test('abandons an attempt past its time limit and fails the submission as timeout', async ({
    handle,
    submitted,
    submission,
  }) => {
    const { submissionId } = await submitted('/slow-headers?fresh=1', 1);
    await createIngestionWorker(handle.db, settings({ timeoutMs: 300 }), quiet).drain();
    const row = await submission(submissionId);
    expect(row?.status).toBe('failed');
    expect(row?.quarantineContext?.code).toBe('timeout');
  });
});
