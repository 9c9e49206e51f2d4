import type { Database } from '@stackyard/db/client';
import type { CommitOutcome, GuardedFiles } from '@stackyard/store/commit-files';
import type { GithubResult } from '@stackyard/store/github-failure';
import { syncWorkspace } from '@stackyard/store/sync-workspace';
import type { StoreContext } from './store-context.ts';
import type { StoreSyncPayload } from '../jobs/queues.ts';
import { systemGrant } from '../jobs/system-grant.ts';
import { renderExports } from '../stack-export/formats.ts';
import { readStack } from '../stack/stack.service.ts';
import { enqueueStoreSync } from './store-changes.ts';
import {
  findDueStores,
  findStore,
  findWorkspaceOwner,
  loadRenderInput,
  recordSyncFailure,
  recordSyncSuccess,
  type StoreRow,
} from './store.repo.ts';

// The work of the sync job: one waiting job per linked workspace (dedupe key), run once the workspace has been quiet for
// the sync delay. It renders the whole workspace and writes what differs as one commit (none when nothing
// does), so running it twice, or after any failure, is harmless: the next success brings the repository up
// to date. Failures are recorded as the link's last error (health shows it); those that may pass are retried,
// after GitHub's retry-after when it gave one, else with the queue's backoff. With the AI export switched on,
// the chosen export files go into the same commit, except those the user edited since (health lists them).

export type LinkedStore = StoreRow & {
  installationId: number;
  repositoryOwner: string;
  repositoryName: string;
};

export function isLinked(row: StoreRow | null): row is LinkedStore {
  return row?.installationId != null && row.repositoryOwner !== null && row.repositoryName !== null;
}

/** Renders the workspace and writes it; records the outcome on the link. */
export async function syncLinkedStore(
  db: Database,
  context: StoreContext,
  store: LinkedStore,
  message?: string,
): Promise<GithubResult<CommitOutcome> | null> {
  const github = context.github;
  if (!github) return null;
  const through = store.changedAt;
  const input = await loadRenderInput(db, store.workspaceId);
  if (!input) return null;
  const exports = await exportFiles(db, store);
  const link = { workspaceId: store.workspaceId, owner: store.repositoryOwner, name: store.repositoryName };
  const result = await syncWorkspace(
    github,
    { installationId: store.installationId, owner: store.repositoryOwner, name: store.repositoryName },
    input,
    { ...(message === undefined ? {} : { message }), ...(exports ? { exports } : {}) },
  );
  if (result.ok) {
    await recordSyncSuccess(db, link, through, result.value.commitSha, result.value.guarded ?? null);
  } else {
    await recordSyncFailure(db, link, {
      code: result.failure.code,
      message: result.failure.message,
      at: new Date().toISOString(),
    });
  }
  return result;
}

/** The chosen AI export files of the workspace's stack, when the export is switched on. */
async function exportFiles(db: Database, store: LinkedStore): Promise<GuardedFiles | null> {
  if (!store.exportEnabled || store.exportFormats.length === 0) return null;
  const owner = await findWorkspaceOwner(db, store.workspaceId);
  if (!owner) return null;
  const stack = await readStack(db, systemGrant(store.workspaceId, owner), null);
  const files = renderExports(stack, store.exportFormats);
  return {
    files: Object.fromEntries(files.map((file) => [file.path, file.content])),
    lastWritten: store.exportWritten,
  };
}

/** A failure that may pass by itself: thrown so the queue retries with its backoff. */
class RetryableSyncError extends Error {
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'RetryableSyncError';
  }
}

/** Syncs the workspace when its changes are due; answers whether it wrote them to the repository. */
export async function runStoreSync(
  db: Database,
  context: StoreContext,
  { workspaceId, since = new Date().toISOString() }: StoreSyncPayload,
): Promise<boolean> {
  const store = await findStore(db, workspaceId);
  // Unlinked (or the workspace deleted) since the change, or nothing to write with: nothing to do. Without a
  // GitHub App the changes stay due, and the sweep picks them up once one is configured.
  if (!isLinked(store) || !context.github || store.changedAt === null) return false;
  if (store.syncedThrough !== null && store.syncedThrough >= store.changedAt) return false;

  const { syncDelayMs, maxWaitMs } = context.settings;
  const now = Date.now();
  const quietAt = store.changedAt.getTime() + syncDelayMs;
  const deadline = Date.parse(since) + maxWaitMs;
  if (quietAt > now && now < deadline) {
    await enqueueStoreSync(db, workspaceId, { runAt: new Date(Math.min(quietAt, deadline)), since });
    return false;
  }
  const result = await syncLinkedStore(db, context, store);
  if (!result || result.ok) return result?.ok ?? false;
  const { failure } = result;
  if (!failure.retryable) return false;
  if (failure.retryAfterMs !== undefined) {
    // GitHub said when: a new job then, instead of the queue's own backoff.
    await enqueueStoreSync(db, workspaceId, { runAt: new Date(Date.now() + failure.retryAfterMs), since });
    return false;
  }
  throw new RetryableSyncError(failure.code, failure.message);
}

/** Enqueues a sync for every linked workspace with unsynced changes; answers how many. */
export async function enqueueDueSyncs(db: Database): Promise<number> {
  const due = await findDueStores(db);
  for (const workspaceId of due) await enqueueStoreSync(db, workspaceId);
  return due.length;
}
